import Foundation
import Testing
import VenuesTestSupport

@testable import VenuesMerge

/// The table-driven folding of Latin text (``NameNormalizer/foldedWords(_:)``) must give the
/// very words that decomposing the whole text first gives.
@Suite("Name folding without a whole-text decomposition")
struct DedupFoldingTests {
    @Test("every scalar of the table, alone, between letters, doubled, before an apostrophe")
    func everyScalar() {
        for value in UInt32(0x80)..<NameNormalizer.latinFoldsEnd {
            let scalar = String(Unicode.Scalar(value)!)
            for text in [scalar, "Ab\(scalar)cD", "x\(scalar)\(scalar)-y", "\(scalar) \(scalar)'s"] {
                #expect(
                    NameNormalizer.foldedWords(text) == NameNormalizer.foldedWordsByDecomposing(text),
                    "U+\(String(value, radix: 16, uppercase: true)) in \(text.debugDescription)"
                )
            }
        }
    }

    @Test("random text of Latin letters, combining marks, punctuation and other scripts")
    func randomText() {
        for draw in SeededGenerator.draws("randomText", seed: 2026) {
            let (seed, generator) = draw
            var random = generator
            let pool: [UInt32] =
                Array(0x20..<0x7F) + Array(0xA0..<0x250) + [
                    0x300, 0x301, 0x308, 0x30A, 0x327, 0x2019, 0x2013, 0x41F, 0x4E2D,
                ]
            for _ in 0..<5_000 {
                let length = Int.random(in: 1...16, using: &random)
                let text = String(
                    String.UnicodeScalarView(
                        (0..<length).map { _ in Unicode.Scalar(pool.randomElement(using: &random)!)! }
                    )
                )
                #expect(
                    NameNormalizer.foldedWords(text) == NameNormalizer.foldedWordsByDecomposing(text),
                    "\(text.debugDescription) (seed \(seed))"
                )
            }
        }
    }

    @Test("every name of the Helsinki evaluation set")
    func evaluationNames() throws {
        let records = try DedupEvaluationTests.records()
        let texts = records.flatMap { [$0.venue.name] + $0.venue.allNames.map(\.text) + [$0.venue.address ?? ""] }
        #expect(texts.count > 2_000)
        for text in texts {
            #expect(NameNormalizer.foldedWords(text) == NameNormalizer.foldedWordsByDecomposing(text), "\(text)")
        }
    }
}

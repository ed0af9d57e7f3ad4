import Foundation
import Testing
import VenuesCore
import VenuesOutput
import VenuesTestSupport

/// The suggestion document is written by hand for speed; it must be exactly what `JSONEncoder`
/// (sorted keys, slashes unescaped) writes for the same document.
@Suite("GET /v1/suggest: the hand-written document is JSONEncoder's")
struct SuggestionDocumentTests {
    static func encoded(_ document: SuggestionDocument) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(document), as: UTF8.self)
    }

    /// Text with what JSON must escape and what it must not: quotes, backslashes, slashes,
    /// every control character, DEL, non-ASCII letters and emoji.
    static func text(_ random: inout SeededGenerator) -> String {
        let pieces = [
            "Café", "\"", "\\", "/", "\u{7F}", "é", "😀", "\u{2028}", "ravintola", " ", "K'n", "a\u{301}",
        ]
        var text = ""
        for _ in 0..<Int.random(in: 0...6, using: &random) {
            if Bool.random(using: &random) {
                text += String(UnicodeScalar(UInt8.random(in: 0..<0x20, using: &random)))
            } else {
                text += pieces.randomElement(using: &random)!
            }
        }
        return text
    }

    static func number(_ random: inout SeededGenerator) -> Double {
        switch Int.random(in: 0..<5, using: &random) {
        case 0: Double(Int.random(in: -180...180, using: &random))
        case 1: (Double.random(in: -180...180, using: &random) * 1e6).rounded() / 1e6
        case 2: (Double.random(in: 0...100_000, using: &random) * 10).rounded() / 10
        case 3: [0, -0.0, 1e-7, 5e-324, 1e15, 1e16, 0.1].randomElement(using: &random)!
        default: Double.random(in: -1...1, using: &random)
        }
    }

    @Test func randomDocumentsAreWrittenAsTheEncoderWritesThem() throws {
        for draw in SeededGenerator.draws(
            "SuggestionDocumentTests.randomDocumentsAreWrittenAsTheEncoderWritesThem"
        ) {
            var (seed, random) = draw
            for _ in 0..<2000 {
                let suggestions = (0..<Int.random(in: 0...4, using: &random)).map { _ in
                    SuggestionDocument.Suggestion(
                        id: Self.text(&random),
                        name: Self.text(&random),
                        category: Bool.random(using: &random) ? Self.text(&random) : nil,
                        distance: Self.number(&random),
                        match: Bool.random(using: &random)
                            ? VenueMatch(
                                score: Int.random(in: -5...500, using: &random),
                                edits: Int.random(in: 0...2, using: &random),
                                field: VenueMatch.Field.allCases.randomElement(using: &random)!
                            ) : nil
                    )
                }
                let document = SuggestionDocument(
                    q: Self.text(&random),
                    center: .init(latitude: Self.number(&random), longitude: Self.number(&random)),
                    radius: Int.random(in: 1...100_000, using: &random),
                    suggestions: suggestions,
                    warnings: Bool.random(using: &random)
                        ? nil
                        : (0..<Int.random(in: 1...2, using: &random)).map { _ in
                            Self.text(&random)
                        }
                )
                let expected = try Self.encoded(document)
                try #require(document.json() == expected, "seed \(seed)")
            }
        }
    }
}

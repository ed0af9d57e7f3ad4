import Foundation
import Testing
import VenuesCore
import VenuesTestSupport

/// A term trimmed without Foundation when nothing is to be trimmed: always what Foundation's
/// trimming gives.
@Suite("Search: a term trimmed of the space around it")
struct TermTextTests {
    /// Every character Foundation trims, and some it keeps.
    static let spaces: [Character] = [
        " ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{1680}", "\u{2000}", "\u{2007}", "\u{200A}",
        "\u{2028}", "\u{2029}", "\u{202F}", "\u{205F}", "\u{3000}",
    ]
    static let others: [Character] = ["a", "Ä", "é", "ß", "1", "'", "-", "\u{200B}", "\u{FEFF}", "東", "🍕", "e\u{301}"]

    @Test func trimsAsFoundationDoes() {
        for draw in SeededGenerator.draws("TermTextTests.trimsAsFoundationDoes") {
            var (seed, random) = draw
            for _ in 0..<20_000 {
                let length = Int.random(in: 0...6, using: &random)
                let text = String(
                    (0..<length).map { _ in
                        (Bool.random(using: &random) ? Self.spaces : Self.others).randomElement(using: &random)!
                    }
                )
                #expect(
                    TermText.trimmed(text) == text.trimmingCharacters(in: .whitespacesAndNewlines),
                    "seed \(seed): \(text.unicodeScalars.map { String($0.value, radix: 16) })"
                )
            }
            #expect(TermText.trimmed("  Stockmann\n") == "Stockmann")
            #expect(TermText.trimmed("Kämp") == "Kämp")
            #expect(TermText.trimmed("\u{3000}東京\u{3000}") == "東京")
            #expect(TermText.trimmed(" \t ").isEmpty)
        }
    }
}

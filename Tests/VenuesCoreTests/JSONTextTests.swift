import Foundation
import Testing
import VenuesCore
import VenuesTestSupport

/// ``JSONText`` writes what `JSONEncoder` writes (slashes unescaped), and what it writes reads
/// back as what was given.
@Suite("JSON written piece by piece")
struct JSONTextTests {
    @Test func stringsAreSpelledAsJSONEncoderSpellsThem() throws {
        for draw in SeededGenerator.draws("JSONTextTests.strings") {
            var (seed, random) = draw
            let pieces = [
                "a", "Ä", "寿司", "e\u{301}", "\"", "\\", "/", " ", "\u{0}", "\u{1}", "\u{8}", "\t", "\n", "\u{C}", "\r",
                "\u{1F}", "\u{7F}", "\u{2028}", "🍕", "Mo-Fr 09:00-17:00",
            ]
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.withoutEscapingSlashes]
            for _ in 0..<1_000 {
                let string = (0..<Int.random(in: 0...12, using: &random)).map { _ in
                    pieces.randomElement(using: &random)!
                }.joined()
                var text = JSONText()
                text.append(string: string)
                let expected = String(decoding: try encoder.encode(string), as: UTF8.self)
                #expect(text.value == expected, "seed \(seed): \(string.debugDescription)")
                #expect(try JSONDecoder().decode(String.self, from: Data(text.value.utf8)) == string, "seed \(seed)")
            }
        }
    }

    @Test func numbersAndRawPiecesAreWrittenAsGiven() {
        var text = JSONText()
        text.append(#"{"a":"#)
        text.append(2.0)
        text.append(#","b":"#)
        text.append(0.25)
        text.append(#","c":"#)
        text.append(string: "x")
        text.append("}")
        #expect(text.value == #"{"a":2,"b":0.25,"c":"x"}"#)
    }
}

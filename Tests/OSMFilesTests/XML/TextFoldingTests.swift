import Foundation
import OSMModel
import Testing
import VenuesCore
import VenuesTestSupport

/// The ASCII and Latin shortcuts of ``OSMTextFolding/folded(_:)`` give what the Unicode path gives.
@Suite("OSM text folding")
struct TextFoldingTests {
    /// The Unicode path, written out as it was before the shortcut.
    static func unicodeFolded(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars
        where !(0x300...0x36F).contains(scalar.value) {
            result.append(scalar == "ø" ? "o" : scalar)
        }
        return String(result)
    }

    @Test func asciiTextFoldsAsTheUnicodePathFoldsIt() {
        for draw in SeededGenerator.draws("asciiTextFoldsAsTheUnicodePathFoldsIt", seed: 20_261_129) {
            let (seed, seeded) = draw
            var generator = seeded
            for _ in 0..<2_000 {
                let length = Int.random(in: 0...24, using: &generator)
                let text = String(
                    (0..<length).map { _ in Character(Unicode.Scalar(UInt8.random(in: 0...127, using: &generator))) }
                )
                #expect(
                    OSMTextFolding.folded(text) == Self.unicodeFolded(text),
                    "seed \(seed): \(text.debugDescription)"
                )
            }
            #expect(OSMTextFolding.folded("Stockmann HELSINKI") == "stockmann helsinki")
            #expect(OSMTextFolding.folded("Café ØRESUND") == "cafe oresund")
        }
    }

    /// Latin text is folded from a table of single scalars: every scalar of the table, and
    /// random text mixing them with ASCII, other scripts, combining marks and the letters whose
    /// folding depends on their neighbours, gives what the Unicode path gives.
    @Test func latinTextFoldsAsTheUnicodePathFoldsIt() {
        for value in UInt32(0)..<0x250 {
            let text = String(Unicode.Scalar(value)!)
            #expect(OSMTextFolding.folded(text) == Self.unicodeFolded(text), "U+\(String(value, radix: 16))")
        }
        for draw in SeededGenerator.draws("latinTextFoldsAsTheUnicodePathFoldsIt", seed: 20_261_130) {
            let (seed, seeded) = draw
            var generator = seeded
            let others: [Unicode.Scalar] = [
                "\u{301}", "\u{308}", "\u{327}", "\u{3A3}", "\u{3C2}", "\u{130}", "\u{1E9E}", "\u{D55C}", "\u{FF21}",
                "\u{1F600}",
            ]
            for _ in 0..<5_000 {
                let length = Int.random(in: 0...16, using: &generator)
                var scalars = String.UnicodeScalarView()
                for _ in 0..<length {
                    if Int.random(in: 0..<8, using: &generator) == 0 {
                        scalars.append(others.randomElement(using: &generator)!)
                    } else {
                        scalars.append(Unicode.Scalar(UInt32.random(in: 0x20..<0x250, using: &generator))!)
                    }
                }
                let text = String(scalars)
                #expect(
                    OSMTextFolding.folded(text) == Self.unicodeFolded(text),
                    "seed \(seed): \(text.debugDescription)"
                )
            }
            #expect(OSMTextFolding.folded("Ravintola Äijä ÖÖ") == "ravintola aija oo")
            #expect(OSMTextFolding.folded("\u{23A}") == "\u{2C65}")
            #expect(OSMTextFolding.folded("İstanbul Kebab") == "istanbul kebab")
        }
    }
}

/// A folded term is found in a folded text where its scalars are, in sequence.
@Suite("OSM folded text search")
struct FoldedTextSearchTests {
    static func scalarsContain(_ text: String, _ term: String) -> Bool {
        let haystack = Array(text.unicodeScalars)
        let needle = Array(term.unicodeScalars)
        guard !needle.isEmpty else { return true }
        guard haystack.count >= needle.count else { return false }
        return (0...(haystack.count - needle.count)).contains { start in
            Array(haystack[start..<start + needle.count]) == needle
        }
    }

    @Test func aTermIsFoundWhereItsScalarsAre() {
        for draw in SeededGenerator.draws("aTermIsFoundWhereItsScalarsAre", seed: 20_261_131) {
            let (seed, seeded) = draw
            var generator = seeded
            let pieces = ["a", "b", "ab", "ä", "\u{1F}", "\u{94F}", "क", "\u{93F}", "😀", "寿", "\u{E9}", "é"]
            for _ in 0..<5_000 {
                let text = (0..<Int.random(in: 0...8, using: &generator)).map { _ in
                    pieces.randomElement(using: &generator)!
                }.joined()
                let term = (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                    pieces.randomElement(using: &generator)!
                }.joined()
                #expect(
                    TextFolding.foldedText(text, contains: term) == Self.scalarsContain(text, term),
                    "seed \(seed): \(text.debugDescription) ∋ \(term.debugDescription)"
                )
            }
            // A scalar that a grapheme cluster begins with is found (a vowel sign follows क here).
            #expect(TextFolding.foldedText("कि", contains: "क"))
            #expect(!TextFolding.foldedText("cafe", contains: "cafes"))
            #expect(TextFolding.foldedText("x\u{1F}cafe\u{1F}", contains: "cafe"))
        }
    }
}

/// ``OSMVocabulary/categories(of:)`` gives what its rules say, written out plainly.
@Suite("OSM vocabulary")
struct VocabularyTests {
    @Test func categoriesAreThoseWhoseRulesMatch() {
        for draw in SeededGenerator.draws("categoriesAreThoseWhoseRulesMatch", seed: 20_261_132) {
            let (seed, seeded) = draw
            var generator = seeded
            let keys = ["amenity", "shop", "tourism", "leisure", "name", "cuisine"]
            let values =
                OSMVocabulary.categoryRules.values.flatMap { $0.compactMap(\.values).flatMap { $0 } } + ["x", "yes"]
            for _ in 0..<5_000 {
                var tags = OSMTags()
                for key in keys where Bool.random(using: &generator) {
                    tags.append(key: key, value: values.randomElement(using: &generator)!)
                }
                let plain = OSMVocabulary.categoryRules.compactMap { category, rules in
                    rules.contains { $0.matches(tags) } ? category : nil
                }.sorted()
                #expect(OSMVocabulary.categories(of: tags) == plain, "seed \(seed): \(tags)")
            }
        }
    }
}

/// ``OSMTags/first(_:)`` trims as Foundation trims, also where it skips Foundation.
@Suite("OSM tags")
struct TagsTests {
    @Test func firstTrimsWhiteSpaceAndNewlinesLikeFoundation() {
        for draw in SeededGenerator.draws("firstTrimsWhiteSpaceAndNewlinesLikeFoundation", seed: 20_261_133) {
            let (seed, seeded) = draw
            var generator = seeded
            let pieces = [
                " ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{2028}", "\u{3000}", "\u{1F}", "a",
                "Ä",
                "b c",
                "😀", "e\u{301}", "",
            ]
            for _ in 0..<5_000 {
                let value = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                    pieces.randomElement(using: &generator)!
                }
                .joined()
                var tags = OSMTags()
                tags.append(key: "name", value: value)
                let expected = value.trimmingCharacters(in: .whitespacesAndNewlines)
                #expect(
                    tags.first("name") == (expected.isEmpty ? nil : expected),
                    "seed \(seed): \(value.debugDescription)"
                )
            }
        }
    }
}

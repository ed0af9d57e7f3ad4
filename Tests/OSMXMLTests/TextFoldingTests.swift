import OSMModel
import Testing

/// The ASCII shortcut of ``OSMTextFolding/folded(_:)`` gives what the Unicode path gives.
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
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...24, using: &generator)
            let text = String(
                (0..<length).map { _ in Character(Unicode.Scalar(UInt8.random(in: 0...127, using: &generator))) }
            )
            #expect(OSMTextFolding.folded(text) == Self.unicodeFolded(text), "\(text.debugDescription)")
        }
        #expect(OSMTextFolding.folded("Stockmann HELSINKI") == "stockmann helsinki")
        #expect(OSMTextFolding.folded("Café ØRESUND") == "cafe oresund")
    }
}

/// ``OSMVocabulary/categories(of:)`` gives what its rules say, written out plainly.
@Suite("OSM vocabulary")
struct VocabularyTests {
    @Test func categoriesAreThoseWhoseRulesMatch() {
        var generator = SystemRandomNumberGenerator()
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
            #expect(OSMVocabulary.categories(of: tags) == plain, "\(tags)")
        }
    }
}

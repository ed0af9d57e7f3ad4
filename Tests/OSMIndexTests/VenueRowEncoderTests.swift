import Foundation
import OSMModel
import Testing
import VenuesTestSupport

@testable import OSMIndex

/// The rows an import makes tag by tag (``VenueRowEncoder``) hold what the columns mean: the
/// tags as read, the folded search text of ``OSMSearchText/folded(_:)``, the category bits of
/// ``VenueRules/categoryMask(of:)`` and the hours bit (``VenueRules/hoursBit``).
@Suite("OSM index: venue rows")
struct VenueRowEncoderTests {
    @Test func everyColumnIsWhatItsDefinitionGives() throws {
        for draw in SeededGenerator.draws("everyColumnIsWhatItsDefinitionGives", seed: 20_261_128) {
            let (seed, seeded) = draw
            var generator = seeded
            let ruleValues = OSMVocabulary.categoryRules.values.flatMap { $0.compactMap(\.values).flatMap { $0 } }
            let keys = [
                "amenity", "shop", "tourism", "leisure", "name", "brand", "cuisine", "name:fi", "addr:street", "",
                "ä:ö",
                "opening_hours",
            ]
            let values =
                ruleValues + [
                    "Café Ætt", "ravintola ÄÖ", "", "x", "Σοφία", "e\u{301}", "寿司", " ", " \n", "Mo-Fr 09:00-17:00 ",
                ]
            var encoder = VenueRowEncoder()
            var keyNames: [Int: String] = [:]
            for round in 0..<200 {
                var batch = VenueRowBatch()
                var expected: [OSMTags] = []
                for row in 0..<25 {
                    var tags = OSMTags()
                    // Repeated keys too: the derived columns read the first value of a key.
                    for _ in 0..<Int.random(in: 0...9, using: &generator) {
                        tags.append(
                            key: keys.randomElement(using: &generator)!,
                            value: values.randomElement(using: &generator)!
                        )
                    }
                    let position = VenueRow(
                        element: Int64(round * 100 + row),
                        latitude: 60.17,
                        longitude: 24.94,
                        extent: nil
                    )
                    encoder.append(position, tags: tags, to: &batch)
                    expected.append(tags)
                }
                for entry in batch.newKeys {
                    #expect(keyNames[entry.id] == nil, "key id \(entry.id) given twice")
                    keyNames[entry.id] = entry.key
                }
                for (index, tags) in expected.enumerated() {
                    let row = batch.rows[index]
                    // The hours bit: the venue has hours as the OSM mapper reads them.
                    let hours = tags.first("opening_hours") != nil ? VenueRules.hoursBit : 0
                    #expect(row.categories == VenueRules.categoryMask(of: tags) | hours, "seed \(seed): \(tags)")
                    batch.withColumns(of: index) { search, blob in
                        #expect(
                            String(decoding: search, as: UTF8.self) == OSMSearchText.folded(tags),
                            "seed \(seed): \(tags)"
                        )
                        #expect(TagCoding.decode(blob) { keyNames[$0] } == tags, "seed \(seed)")
                    }
                }
            }
            #expect(Set(keyNames.values) == Set(keys))
            #expect(keyNames.keys.sorted() == Array(1...keys.count))
        }
    }

    /// `venue.search` keeps the separators between fields (name, brand, cuisine, then other
    /// names) and leaves out empty fields at the end; an element without a name has none.
    @Test func searchTextLeavesOutEmptyFieldsAtTheEnd() {
        func tags(_ pairs: [(String, String)]) -> OSMTags {
            OSMTags(pairs: pairs.map { OSMTags.Pair(key: $0.0, value: $0.1) })
        }
        #expect(OSMSearchText.folded(tags([("name", "Café Ÿ")])) == "cafe y")
        #expect(OSMSearchText.folded(tags([("name", "A"), ("brand", "B")])) == "a\u{1F}b")
        #expect(OSMSearchText.folded(tags([("name", "A"), ("cuisine", "C")])) == "a\u{1F}\u{1F}c")
        #expect(OSMSearchText.folded(tags([("name", "A"), ("brand", ""), ("cuisine", "")])) == "a")
        #expect(OSMSearchText.folded(tags([("brand", "B")])) == "")
        #expect(OSMSearchText.folded(tags([])) == "")
        #expect(
            OSMSearchText.folded(tags([("name", "A"), ("alt_name", "X; Y"), ("brand", "B"), ("name:en", "Ä")]))
                == "a\u{1F}b\u{1F}\u{1F}x\u{1F}y\u{1F}a"
        )
        #expect(OSMSearchText.folded(tags([("name", "A"), ("old_name", "Ö")])) == "a\u{1F}\u{1F}\u{1F}o")
    }
}

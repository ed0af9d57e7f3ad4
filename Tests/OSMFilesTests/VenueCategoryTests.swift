import OSMModel
import Testing
import VenuesCore
import VenuesTestSupport

/// A venue's categories, found by a lookup per key it has: always those whose rules match, as
/// the rules themselves say.
@Suite("OSM: a venue's categories")
struct VenueCategoryTests {
    @Test func categoriesAreThoseWhoseRulesMatch() {
        for draw in SeededGenerator.draws("VenueCategoryTests.categoriesAreThoseWhoseRulesMatch") {
            var (seed, random) = draw
            let keys = ["amenity", "shop", "tourism", "leisure", "name", "cuisine", "craft"]
            let values =
                Array(Set(OSMVocabulary.categoryRules.values.flatMap { $0.compactMap(\.values).flatMap { $0 } }))
                + ["yes", "bicycle", "Cafe", "cafe ", "", "restaurant;bar"]
            for _ in 0..<20_000 {
                let pairs = (0..<Int.random(in: 0...4, using: &random)).map { _ in
                    OSMTags.Pair(
                        key: keys.randomElement(using: &random)!,
                        value: values.randomElement(using: &random)!
                    )
                }
                let tags = OSMTags(pairs: pairs)
                let expected = Category.allCases.filter { category in
                    (OSMVocabulary.categoryRules[category] ?? []).contains { $0.matches(tags) }
                }.sorted()
                #expect(OSMVocabulary.categories(of: tags) == expected, "seed \(seed): \(pairs)")
            }
            let cafe = OSMTags(pairs: [.init(key: "amenity", value: "cafe"), .init(key: "shop", value: "ice_cream")])
            #expect(OSMVocabulary.categories(of: cafe) == [.cafe, .iceCream, .shop])
        }
    }
}

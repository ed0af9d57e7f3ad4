package import VenuesCore

/// Which OpenStreetMap elements are venues, and how the shared ``Category`` vocabulary maps
/// onto OSM tags. Used by both the Overpass query and the local extract filter, so the two
/// modes select the same elements.
package enum OSMVocabulary {
    /// A venue has a `name` and one of these keys. `craft`, `office` and `historic` are left
    /// out on purpose: they are mostly workshops, company offices and unnamed monuments, which
    /// crowd out the cafés and shops users look for (and `historic` sights that matter usually
    /// carry `tourism=attraction` as well).
    package static let venueKeys = ["amenity", "shop", "tourism", "leisure"]

    /// The tag rules of each category. A venue belongs to every category whose rule matches.
    package static let categoryRules: [Category: [OSMTagRule]] = [
        .restaurant: [OSMTagRule("amenity", ["restaurant"])],
        .cafe: [OSMTagRule("amenity", ["cafe"])],
        .bar: [OSMTagRule("amenity", ["bar"])],
        .pub: [OSMTagRule("amenity", ["pub", "biergarten"])],
        .fastFood: [OSMTagRule("amenity", ["fast_food", "food_court"])],
        .bakery: [OSMTagRule("shop", ["bakery", "pastry"])],
        .iceCream: [OSMTagRule("amenity", ["ice_cream"]), OSMTagRule("shop", ["ice_cream"])],
        .hotel: [OSMTagRule("tourism", ["hotel", "hostel", "motel", "guest_house"])],
        .museum: [OSMTagRule("tourism", ["museum"])],
        .gallery: [OSMTagRule("tourism", ["gallery"]), OSMTagRule("amenity", ["arts_centre"])],
        .attraction: [OSMTagRule("tourism", ["attraction", "artwork", "viewpoint", "theme_park", "zoo", "aquarium"])],
        .park: [OSMTagRule("leisure", ["park", "garden"])],
        .shop: [OSMTagRule("shop")],
        .supermarket: [OSMTagRule("shop", ["supermarket"])],
        .pharmacy: [OSMTagRule("amenity", ["pharmacy"])],
        .bank: [OSMTagRule("amenity", ["bank"])],
        .atm: [OSMTagRule("amenity", ["atm"])],
        .cinema: [OSMTagRule("amenity", ["cinema"])],
        .theatre: [OSMTagRule("amenity", ["theatre"])],
        .nightclub: [OSMTagRule("amenity", ["nightclub"])],
        .library: [OSMTagRule("amenity", ["library"])],
        .gym: [OSMTagRule("leisure", ["fitness_centre"])],
    ]

    /// The rules that select venues: every ``venueKeys`` key for no categories, otherwise the
    /// categories' rules merged per key (one rule per key, keys in a stable order).
    package static func rules(for categories: Set<Category>) -> [OSMTagRule] {
        guard !categories.isEmpty else { return venueKeys.map { OSMTagRule($0) } }
        var anyValue: Set<String> = []
        var values: [String: Set<String>] = [:]
        for category in categories {
            for rule in categoryRules[category] ?? [] {
                if let ruleValues = rule.values {
                    values[rule.key, default: []].formUnion(ruleValues)
                } else {
                    anyValue.insert(rule.key)
                }
            }
        }
        let keys = Set(values.keys).union(anyValue).sorted()
        return keys.map { key in
            anyValue.contains(key) ? OSMTagRule(key) : OSMTagRule(key, Array(values[key] ?? []))
        }
    }

    /// The shared categories of an element, sorted: those with a rule that matches the tags.
    ///
    /// Each key the rules use is looked up once (every venue found is mapped through this, so it
    /// runs for each of them).
    package static func categories(of tags: OSMTags) -> [Category] {
        var matched: UInt64 = 0
        for rules in keyRules {
            guard let value = tags[rules.key] else { continue }
            matched |= rules.anyValue | (rules.byValue[value] ?? 0)
        }
        var result: [Category] = []
        while matched != 0 {
            result.append(sortedCategories[matched.trailingZeroBitCount])
            matched &= matched - 1
        }
        return result
    }

    /// The categories that have rules, sorted: bit `i` of a mask in ``keyRules`` is the `i`th.
    private static let sortedCategories: [Category] = categoryRules.keys.sorted()

    /// ``categoryRules`` by key: the categories (as bits of ``sortedCategories``) that any
    /// value of the key gives, and those that each listed value gives. A venue's categories are
    /// then found with a lookup or two per key it has, rather than every rule tried.
    private static let keyRules: [(key: String, anyValue: UInt64, byValue: [String: UInt64])] = {
        precondition(sortedCategories.count <= 64, "a category mask holds 64 categories")
        var rules: [String: (anyValue: UInt64, byValue: [String: UInt64])] = [:]
        for (bit, category) in sortedCategories.enumerated() {
            for rule in categoryRules[category] ?? [] {
                var entry = rules[rule.key] ?? (0, [:])
                if let values = rule.values {
                    for value in values { entry.byValue[value, default: 0] |= 1 << UInt64(bit) }
                } else {
                    entry.anyValue |= 1 << UInt64(bit)
                }
                rules[rule.key] = entry
            }
        }
        return rules.keys.sorted().map { key in (key, rules[key]!.anyValue, rules[key]!.byValue) }
    }()

    /// The raw labels `key=value` for the venue keys the element has, e.g. `amenity=cafe`.
    package static func providerCategories(of tags: OSMTags) -> [String] {
        venueKeys.compactMap { key in tags[key].map { "\(key)=\($0)" } }
    }
}

public import VenuesCore

/// Maps the shared ``Category`` vocabulary to Google place types and back.
///
/// Requests use Table A types only (the ones Google accepts in `includedTypes` /
/// `includedType`; anything else is a 400 "Unsupported types"). Responses carry Table A and
/// Table B types; ``categories(forTypes:)`` maps the ones it knows and ignores the rest.
public enum GooglePlacesTypes {
    /// Table A types requested for each category, the most general type first.
    ///
    /// Every shared category has at least one Table A type today. A category mapped to an
    /// empty list would be sent as no type filter and filtered client-side instead.
    public static let requestTypes: [Category: [String]] = [
        .restaurant: ["restaurant"],
        .cafe: ["cafe", "coffee_shop"],
        .bar: ["bar", "wine_bar"],
        .pub: ["pub"],
        .fastFood: ["fast_food_restaurant"],
        .bakery: ["bakery"],
        .iceCream: ["ice_cream_shop"],
        .hotel: ["hotel"],
        .museum: ["museum"],
        .gallery: ["art_gallery"],
        .attraction: ["tourist_attraction"],
        .park: ["park"],
        .shop: ["store"],
        .supermarket: ["supermarket", "grocery_store"],
        .pharmacy: ["pharmacy", "drugstore"],
        .bank: ["bank"],
        .atm: ["atm"],
        .cinema: ["movie_theater"],
        .theatre: ["performing_arts_theater"],
        .nightclub: ["night_club"],
        .library: ["library"],
        .gym: ["gym", "fitness_center"],
    ]

    /// Response types (Table A or B) that name a category beyond ``requestTypes``.
    static let extraResponseTypes: [String: Category] = [
        "cocktail_bar": .bar,
        "lounge_bar": .bar,
        "sports_bar": .bar,
        "bar_and_grill": .bar,
        "irish_pub": .pub,
        "gastropub": .pub,
        "brewpub": .pub,
        "coffee_roastery": .cafe,
        "coffee_stand": .cafe,
        "cat_cafe": .cafe,
        "dog_cafe": .cafe,
        "tea_house": .cafe,
        "pastry_shop": .bakery,
        "cake_shop": .bakery,
        "discount_supermarket": .supermarket,
        "hypermarket": .supermarket,
        "amusement_park": .attraction,
        "aquarium": .attraction,
        "zoo": .attraction,
        "historical_landmark": .attraction,
        "hamburger_restaurant": .fastFood,
        "lodging": .hotel,
        "hostel": .hotel,
        "motel": .hotel,
        "art_museum": .museum,
        "history_museum": .museum,
        "national_park": .park,
        "shopping_mall": .shop,
        "department_store": .shop,
        "gym_and_fitness_center": .gym,
    ]

    /// The `includedTypes` for a nearby search: `nil` (no type filter) when the query has no
    /// categories, or when one of them has no Table A type (then every type must be asked for
    /// and the result filtered client-side).
    public static func includedTypes(for categories: Set<Category>) -> [String]? {
        guard !categories.isEmpty else { return nil }
        var types: [String] = []
        for category in categories.sorted() {
            guard let mapped = requestTypes[category], !mapped.isEmpty else { return nil }
            types.append(contentsOf: mapped.filter { !types.contains($0) })
        }
        return types
    }

    /// The single `includedType` for a text search: the first Table A type of the only
    /// category, or `nil` (filter client-side) when there are zero or several categories.
    public static func includedType(for categories: Set<Category>) -> String? {
        guard categories.count == 1, let category = categories.first else { return nil }
        return requestTypes[category]?.first
    }

    /// Generic types Google adds to many places (a café that sells beans is also a `store`):
    /// they count only when no more specific type names a category.
    static let fallbackOnlyTypes: Set<String> = ["store", "food_store"]

    /// The shared categories a place's types describe, in vocabulary order, without duplicates.
    public static func categories(forTypes types: [String]) -> [Category] {
        var found = Set<Category>()
        for type in types where !fallbackOnlyTypes.contains(type) {
            if let category = category(forType: type) { found.insert(category) }
        }
        if found.isEmpty {
            for type in types where fallbackOnlyTypes.contains(type) {
                if let category = category(forType: type) { found.insert(category) }
            }
        }
        return found.sorted()
    }

    /// The category one Google type describes, if any.
    static func category(forType type: String) -> Category? {
        if let category = reverse[type] ?? extraResponseTypes[type] { return category }
        if type.hasSuffix("_restaurant") || type == "steak_house" { return .restaurant }
        if type.hasSuffix("_store") { return .shop }
        if type.hasSuffix("_hotel") { return .hotel }
        return nil
    }

    private static let reverse: [String: Category] = {
        var map: [String: Category] = [:]
        for (category, types) in requestTypes {
            for type in types { map[type] = category }
        }
        return map
    }()
}

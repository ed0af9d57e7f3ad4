import VenuesCore

/// The shared category vocabulary in Foursquare's taxonomy, both ways.
///
/// Filtering: each ``Category`` maps to Foursquare categories by their BSON id (2025-06-17
/// `fsq_category_ids`) and their 5-digit id (v3 `categories`). Parent categories (Restaurant,
/// Retail…) are sent as such; Foursquare matches their sub-categories. Where a parent is
/// broad, its main children are listed too.
///
/// Labelling: a returned category becomes a ``Category`` by its id when it is in the table,
/// else by keywords in its English name (Foursquare returns leaf categories such as
/// "Italian Restaurant" whose parents are not in the payload).
///
/// Sources of the ids: third-party dumps of the Foursquare taxonomy pairing label, BSON id and
/// 5-digit id, cross-checked against the ids of real responses (Café 13034 /
/// 4bf58dd8d48988d16d941735, Coffee Shop 13035, Theater 10043, Grocery Store 17069, Car
/// Dealership 4eb1c1623b7b52c0e1adc2ec, Temple 4bf58dd8d48988d13a941735…). See README.md.
enum FoursquareCategories {
    /// One Foursquare category: its two ids and its label.
    struct Entry: Sendable {
        let bson: String
        let numeric: Int
        let label: String
    }

    /// The Foursquare categories each shared category is searched with.
    static let table: [Category: [Entry]] = [
        .restaurant: [.init(bson: "4d4b7105d754a06374d81259", numeric: 13065, label: "Restaurant")],
        .cafe: [
            .init(bson: "63be6904847c3692a84b9bb6", numeric: 13032, label: "Cafe, Coffee, and Tea House"),
            .init(bson: "4bf58dd8d48988d16d941735", numeric: 13034, label: "Café"),
            .init(bson: "4bf58dd8d48988d1e0931735", numeric: 13035, label: "Coffee Shop"),
        ],
        .bar: [.init(bson: "4bf58dd8d48988d116941735", numeric: 13003, label: "Bar")],
        .pub: [.init(bson: "4bf58dd8d48988d11b941735", numeric: 13018, label: "Pub")],
        .fastFood: [.init(bson: "4bf58dd8d48988d16e941735", numeric: 13145, label: "Fast Food Restaurant")],
        .bakery: [.init(bson: "4bf58dd8d48988d16a941735", numeric: 13002, label: "Bakery")],
        .iceCream: [.init(bson: "4bf58dd8d48988d1c9941735", numeric: 13046, label: "Ice Cream Parlor")],
        .hotel: [.init(bson: "4bf58dd8d48988d1fa931735", numeric: 19014, label: "Hotel")],
        .museum: [.init(bson: "4bf58dd8d48988d181941735", numeric: 10027, label: "Museum")],
        .gallery: [.init(bson: "4bf58dd8d48988d1e2931735", numeric: 10004, label: "Art Gallery")],
        .attraction: [
            .init(bson: "5109983191d435c0d71c2bb1", numeric: 10058, label: "Attraction"),
            .init(bson: "4deefb944765f83613cdba6e", numeric: 16020, label: "Historic and Protected Site"),
            .init(bson: "4bf58dd8d48988d12d941735", numeric: 16026, label: "Monument"),
            .init(bson: "4bf58dd8d48988d165941735", numeric: 16046, label: "Scenic Lookout"),
        ],
        .park: [.init(bson: "4bf58dd8d48988d163941735", numeric: 16032, label: "Park")],
        .shop: [.init(bson: "4d4b7105d754a06378d81259", numeric: 17000, label: "Retail")],
        .supermarket: [
            .init(bson: "52f2ab2ebcbc57f1066b8b46", numeric: 17142, label: "Supermarket"),
            .init(bson: "4bf58dd8d48988d118951735", numeric: 17069, label: "Grocery Store"),
        ],
        .pharmacy: [
            .init(bson: "4bf58dd8d48988d10f951735", numeric: 17145, label: "Pharmacy"),
            .init(bson: "5745c2e4498e11e7bccabdbd", numeric: 17035, label: "Drugstore"),
        ],
        .bank: [.init(bson: "4bf58dd8d48988d10a951735", numeric: 11045, label: "Bank")],
        .atm: [.init(bson: "52f2ab2ebcbc57f1066b8b56", numeric: 11044, label: "ATM")],
        .cinema: [.init(bson: "4bf58dd8d48988d17f941735", numeric: 10024, label: "Movie Theater")],
        .theatre: [.init(bson: "4bf58dd8d48988d137941735", numeric: 10043, label: "Theater")],
        .nightclub: [.init(bson: "4bf58dd8d48988d11f941735", numeric: 10032, label: "Night Club")],
        .library: [.init(bson: "4bf58dd8d48988d12f941735", numeric: 12080, label: "Library")],
        .gym: [.init(bson: "4bf58dd8d48988d175941735", numeric: 18021, label: "Gym and Studio")],
    ]

    /// The filter value for the given categories: comma-separated ids in a stable order, or
    /// `nil` when no category is asked for.
    static func filterValue(for categories: Set<Category>, api: FoursquareProvider.Configuration.API) -> String? {
        guard !categories.isEmpty else { return nil }
        let ids = categories.sorted().flatMap { category in
            (table[category] ?? []).map { entry in
                switch api {
                case .places20250617: entry.bson
                case .v3: String(entry.numeric)
                }
            }
        }
        return ids.isEmpty ? nil : ids.joined(separator: ",")
    }

    private static let byID: [String: Category] = {
        var map: [String: Category] = [:]
        for (category, entries) in table {
            for entry in entries {
                map[entry.bson] = category
                map[String(entry.numeric)] = category
            }
        }
        return map
    }()

    /// Keywords in a lower-cased English category name, most specific first.
    private static let keywords: [(String, Category)] = [
        ("fast food", .fastFood), ("burger", .fastFood), ("hot dog", .fastFood), ("fried chicken", .fastFood),
        ("ice cream", .iceCream), ("gelato", .iceCream), ("frozen yogurt", .iceCream),
        ("night club", .nightclub), ("nightclub", .nightclub),
        ("movie theater", .cinema), ("cinema", .cinema), ("multiplex", .cinema),
        ("art gallery", .gallery), ("gallery", .gallery),
        ("museum", .museum),
        ("pub", .pub),
        ("café", .cafe), ("cafe", .cafe), ("coffee", .cafe), ("tea room", .cafe),
        ("bakery", .bakery),
        ("restaurant", .restaurant), ("bistro", .restaurant), ("steakhouse", .restaurant), ("pizzeria", .restaurant),
        ("diner", .restaurant), ("trattoria", .restaurant), ("brasserie", .restaurant),
        ("bar", .bar), ("lounge", .bar),
        ("hotel", .hotel), ("hostel", .hotel), ("motel", .hotel),
        ("theater", .theatre), ("theatre", .theatre), ("opera house", .theatre),
        ("park", .park),
        ("supermarket", .supermarket), ("grocery", .supermarket),
        ("pharmacy", .pharmacy), ("drugstore", .pharmacy),
        ("atm", .atm),
        ("bank", .bank), ("credit union", .bank),
        ("library", .library),
        ("gym", .gym), ("fitness", .gym), ("yoga studio", .gym),
        ("monument", .attraction), ("historic", .attraction), ("attraction", .attraction), ("landmark", .attraction),
        ("scenic lookout", .attraction),
        ("store", .shop), ("shop", .shop), ("boutique", .shop), ("retail", .shop), ("mall", .shop),
    ]

    /// The shared category of one returned Foursquare category, by id, else by name.
    static func category(id: String?, name: String?) -> Category? {
        if let id, let category = byID[id] { return category }
        guard let name = name?.lowercased(), !name.isEmpty else { return nil }
        let words = Set(name.split { !$0.isLetter }.map(String.init))
        for (keyword, category) in keywords {
            if keyword.contains(" ") || keyword.count > 4 {
                if name.contains(keyword) { return category }
            } else if words.contains(keyword) {
                return category  // short keywords (bar, pub, atm, gym) must be whole words
            }
        }
        return nil
    }
}

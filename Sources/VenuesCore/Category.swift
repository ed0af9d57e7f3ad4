/// The small category vocabulary shared by every provider.
///
/// Users filter with these names (`--category cafe`); each provider maps them to its own
/// category ids, place types or tags, and keeps its raw labels in ``Venue/providerCategories``.
/// A provider that meets a label it cannot map leaves it out of ``Venue/categories``: an
/// unmapped venue is still a venue.
public enum Category: String, Sendable, Hashable, Codable, CaseIterable, Comparable, CustomStringConvertible {
    case restaurant
    case cafe
    case bar
    case pub
    case fastFood = "fast_food"
    case bakery
    case iceCream = "ice_cream"
    case hotel
    case museum
    case gallery
    case attraction
    case park
    case shop
    case supermarket
    case pharmacy
    case bank
    case atm
    case cinema
    case theatre
    case nightclub
    case library
    case gym

    /// Parses a user-typed name: case-insensitive, `-` or space for `_` (`fast-food`).
    public init?(name: String) {
        let normalised = name.lowercased().replacingOccurrences(of: "-", with: "_")
            .replacingOccurrences(of: " ", with: "_")
        self.init(rawValue: normalised)
    }

    /// Whether two categories describe kinds of place that cannot be the same venue
    /// (a bank is never a restaurant), used by deduplication as a veto.
    public var group: Group {
        switch self {
        case .restaurant, .cafe, .bar, .pub, .fastFood, .bakery, .iceCream, .nightclub: .foodAndDrink
        case .hotel: .lodging
        case .museum, .gallery, .attraction, .park, .cinema, .theatre, .library: .leisure
        case .shop, .supermarket, .pharmacy: .retail
        case .bank, .atm: .finance
        case .gym: .sport
        }
    }

    /// Broad families of categories.
    public enum Group: String, Sendable, Hashable {
        case foodAndDrink, lodging, leisure, retail, finance, sport
    }

    public var description: String { rawValue }

    public static func < (lhs: Category, rhs: Category) -> Bool { lhs.rawValue < rhs.rawValue }
}

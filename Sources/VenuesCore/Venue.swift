/// A place as one provider (or, after merging, several providers) describes it.
///
/// Providers fill what they know; every optional field may be missing. Name and coordinate
/// are always present: a provider skips records without them.
public struct Venue: Sendable, Hashable, Codable {
    /// The id at the provider that returned it. For a merged venue: the id of its canonical source.
    public var id: VenueID
    /// The display name.
    public var name: String
    /// Where the venue is (for buildings: the entrance or the centre).
    public var coordinate: Coordinate
    /// One line, as the provider formats it, or built from address parts.
    public var address: String?
    /// Categories in the shared vocabulary.
    public var categories: [Category]
    /// The provider's own category labels: `amenity=cafe`, `Coffee Shop`, `cafe`.
    public var providerCategories: [String]
    /// A phone number as the provider gives it.
    public var phone: String?
    /// The venue's own web site.
    public var website: String?
    /// Rating on a 0–5 scale (providers with another scale convert), if any.
    public var rating: Double?
    /// How many ratings ``rating`` is based on, if known.
    public var ratingCount: Int?
    /// Price level 1 (cheap) … 4 (very expensive); 0 for free.
    public var price: Int?
    /// Opening hours as the provider gives them (OSM `opening_hours` syntax or free text).
    public var openingHours: String?
    /// Links a user may open: the provider's page, a map, photos. Never a URL carrying a key.
    public var links: [VenueLink]
    /// Provider-specific facts worth keeping (cuisine, brand, wheelchair…), by key.
    public var extras: [String: String]

    /// Creates a venue; only id, name and coordinate are required.
    public init(
        id: VenueID,
        name: String,
        coordinate: Coordinate,
        address: String? = nil,
        categories: [Category] = [],
        providerCategories: [String] = [],
        phone: String? = nil,
        website: String? = nil,
        rating: Double? = nil,
        ratingCount: Int? = nil,
        price: Int? = nil,
        openingHours: String? = nil,
        links: [VenueLink] = [],
        extras: [String: String] = [:]
    ) {
        self.id = id
        self.name = name
        self.coordinate = coordinate
        self.address = address
        self.categories = categories
        self.providerCategories = providerCategories
        self.phone = phone
        self.website = website
        self.rating = rating
        self.ratingCount = ratingCount
        self.price = price
        self.openingHours = openingHours
        self.links = links
        self.extras = extras
    }
}

/// A link about a venue that a user may open.
public struct VenueLink: Sendable, Hashable, Codable {
    /// What the link points to.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// The provider's own page for the venue.
        case providerPage
        /// A map centred on the venue.
        case map
        /// A public photo.
        case photo
    }

    public var kind: Kind
    public var url: String
    /// A short label: "Google Maps", "OpenStreetMap", "Foursquare".
    public var title: String

    public init(kind: Kind, url: String, title: String) {
        self.kind = kind
        self.url = url
        self.title = title
    }
}

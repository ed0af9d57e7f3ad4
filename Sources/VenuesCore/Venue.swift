/// A place as one provider (or, after merging, several providers) describes it.
///
/// Providers fill what they know; every optional field may be missing. Name and coordinate
/// are always present: a provider skips records without them.
///
/// Coding: ``names``, ``extent`` and ``hours`` came later; JSON without them (a favourites snapshot or a
/// cached listing written before) still decodes, with no other names and no extent.
public struct Venue: Sendable, Hashable, Codable {
    /// The id at the provider that returned it. For a merged venue: the id of its canonical source.
    public var id: VenueID
    /// The display name.
    public var name: String
    /// Every name the record goes by, each with where it came from: the display name (OSM
    /// `name`, Google `displayName` with its language, Foursquare `name`) and the others the
    /// provider knows (OSM `name:en`, `alt_name`, `brand`…; Foursquare's chain). Empty when the
    /// provider knows nothing beyond ``name``, which then is the only name.
    public var names: [VenueName]
    /// Where the venue is (for buildings: the entrance or the centre).
    public var coordinate: Coordinate
    /// The bounding box of the venue's outline, where the provider knows it (OpenStreetMap
    /// ways and relations); ``coordinate`` is then its centre.
    public var extent: BoundingBox?
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
    /// Each source's opening hours in the syntax the hours engine reads (``VenueHours``); a
    /// merged venue keeps every source's. Empty when no source knows them.
    public var hours: [VenueHours]
    /// Links a user may open: the provider's page, a map, photos. Never a URL carrying a key.
    public var links: [VenueLink]
    /// Provider-specific facts worth keeping (cuisine, brand, wheelchair…), by key.
    public var extras: [String: String]

    /// Creates a venue; only id, name and coordinate are required.
    public init(
        id: VenueID,
        name: String,
        names: [VenueName] = [],
        coordinate: Coordinate,
        extent: BoundingBox? = nil,
        address: String? = nil,
        categories: [Category] = [],
        providerCategories: [String] = [],
        phone: String? = nil,
        website: String? = nil,
        rating: Double? = nil,
        ratingCount: Int? = nil,
        price: Int? = nil,
        openingHours: String? = nil,
        hours: [VenueHours] = [],
        links: [VenueLink] = [],
        extras: [String: String] = [:]
    ) {
        self.id = id
        self.name = name
        self.names = names
        self.coordinate = coordinate
        self.extent = extent
        self.address = address
        self.categories = categories
        self.providerCategories = providerCategories
        self.phone = phone
        self.website = website
        self.rating = rating
        self.ratingCount = ratingCount
        self.price = price
        self.openingHours = openingHours
        self.hours = hours
        self.links = links
        self.extras = extras
    }

    /// Every name with its origin, the display name first: ``names``, or just ``name`` (source
    /// `name`) when the provider gave no others or the display name is not among them.
    public var allNames: [VenueName] {
        if names.first?.text == name { return names }
        if let index = names.firstIndex(where: { $0.text == name }) {
            var ordered = names
            ordered.insert(ordered.remove(at: index), at: 0)
            return ordered
        }
        return [VenueName(name, source: "name")] + names
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, names, coordinate, extent, address, categories, providerCategories, phone, website
        case rating, ratingCount, price, openingHours, hours, links, extras
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(VenueID.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        names = try container.decodeIfPresent([VenueName].self, forKey: .names) ?? []
        coordinate = try container.decode(Coordinate.self, forKey: .coordinate)
        extent = try container.decodeIfPresent(BoundingBox.self, forKey: .extent)
        address = try container.decodeIfPresent(String.self, forKey: .address)
        categories = try container.decode([Category].self, forKey: .categories)
        providerCategories = try container.decode([String].self, forKey: .providerCategories)
        phone = try container.decodeIfPresent(String.self, forKey: .phone)
        website = try container.decodeIfPresent(String.self, forKey: .website)
        rating = try container.decodeIfPresent(Double.self, forKey: .rating)
        ratingCount = try container.decodeIfPresent(Int.self, forKey: .ratingCount)
        price = try container.decodeIfPresent(Int.self, forKey: .price)
        openingHours = try container.decodeIfPresent(String.self, forKey: .openingHours)
        hours = try container.decodeIfPresent([VenueHours].self, forKey: .hours) ?? []
        links = try container.decode([VenueLink].self, forKey: .links)
        extras = try container.decode([String: String].self, forKey: .extras)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        if !names.isEmpty { try container.encode(names, forKey: .names) }
        try container.encode(coordinate, forKey: .coordinate)
        try container.encodeIfPresent(extent, forKey: .extent)
        try container.encodeIfPresent(address, forKey: .address)
        try container.encode(categories, forKey: .categories)
        try container.encode(providerCategories, forKey: .providerCategories)
        try container.encodeIfPresent(phone, forKey: .phone)
        try container.encodeIfPresent(website, forKey: .website)
        try container.encodeIfPresent(rating, forKey: .rating)
        try container.encodeIfPresent(ratingCount, forKey: .ratingCount)
        try container.encodeIfPresent(price, forKey: .price)
        try container.encodeIfPresent(openingHours, forKey: .openingHours)
        if !hours.isEmpty { try container.encode(hours, forKey: .hours) }
        try container.encode(links, forKey: .links)
        try container.encode(extras, forKey: .extras)
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

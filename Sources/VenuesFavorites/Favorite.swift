public import Foundation
public import VenuesCore

/// A venue the user keeps, with a snapshot of what we knew when it was added.
///
/// The snapshot (name, coordinate, address, categories) lets a favourite be listed even when no
/// provider returns it, and offline. A favourite matches a (merged) venue when the venue's id or
/// any of its source ids is this favourite's ``id`` or one of its ``sources``.
///
/// In `favorites.json` a favourite is an object with the keys `id`, `name`, `latitude`,
/// `longitude`, `address` (string or null), `categories` (shared vocabulary names), `sources`
/// (venue ids), `note` (string or null) and `addedAt` (ISO 8601). Keys this version does not
/// know are kept as they are when the file is rewritten.
public struct Favorite: Sendable, Hashable, Codable {
    /// The id the user added (for a merged venue: its canonical id).
    public var id: VenueID
    /// The name when added.
    public var name: String
    /// Where the venue was when added.
    public var coordinate: Coordinate
    /// The one-line address when added, if any.
    public var address: String?
    /// Categories in the shared vocabulary, as names (`cafe`, `fast_food`); names this version
    /// does not know are kept but not used.
    public var categoryNames: [String]
    /// Every provider id of the place (the merged venue's sources), ``id`` first.
    public var sources: [VenueID]
    /// The user's note.
    public var note: String?
    /// When it was added.
    public var addedAt: Date
    /// Keys found in the file that this version does not know, kept so that rewriting the file
    /// never drops what a newer version wrote.
    var unknownFields: [String: FavoriteJSONValue]

    /// Creates a favourite. ``sources`` always starts with `id` and has no repeats.
    public init(
        id: VenueID,
        name: String,
        coordinate: Coordinate,
        address: String? = nil,
        categories: [Category] = [],
        sources: [VenueID] = [],
        note: String? = nil,
        addedAt: Date
    ) {
        self.id = id
        self.name = name
        self.coordinate = coordinate
        self.address = address
        self.categoryNames = categories.map(\.rawValue)
        self.sources = Self.uniqued([id] + sources)
        self.note = note
        self.addedAt = addedAt
        self.unknownFields = [:]
    }

    /// A snapshot of a venue (for a merged venue pass every source id in `sources`).
    public init(venue: Venue, sources: [VenueID] = [], note: String? = nil, addedAt: Date) {
        self.init(
            id: venue.id,
            name: venue.name,
            coordinate: venue.coordinate,
            address: venue.address,
            categories: venue.categories,
            sources: sources,
            note: note,
            addedAt: addedAt
        )
    }

    /// The categories this version knows.
    public var categories: [Category] { categoryNames.compactMap(Category.init(rawValue:)) }

    /// Every id that identifies this favourite: ``id`` and ``sources``.
    public var allIDs: Set<VenueID> { Set(sources).union([id]) }

    /// Whether the id is this favourite's id or one of its sources.
    public func matches(_ venueID: VenueID) -> Bool { id == venueID || sources.contains(venueID) }

    /// Whether any of the ids is this favourite's id or one of its sources.
    public func matches(anyOf ids: some Sequence<VenueID>) -> Bool { ids.contains(where: matches) }

    /// The stored snapshot as a venue: id, name, coordinate, address and categories.
    public var venue: Venue {
        Venue(id: id, name: name, coordinate: coordinate, address: address, categories: categories)
    }

    private static func uniqued(_ ids: [VenueID]) -> [VenueID] {
        var seen = Set<VenueID>()
        return ids.filter { seen.insert($0).inserted }
    }

    // MARK: Codable

    private static let knownKeys: Set<String> = [
        "id", "name", "latitude", "longitude", "address", "categories", "sources", "note", "addedAt",
    ]

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: FavoriteCodingKey.self)
        id = try container.decode(VenueID.self, forKey: "id")
        name = try container.decode(String.self, forKey: "name")
        let latitude = try container.decode(Double.self, forKey: "latitude")
        let longitude = try container.decode(Double.self, forKey: "longitude")
        do {
            coordinate = try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            throw DecodingError.dataCorruptedError(
                forKey: "latitude",
                in: container,
                debugDescription: error.description
            )
        }
        address = try container.decodeIfPresent(String.self, forKey: "address")
        categoryNames = try container.decodeIfPresent([String].self, forKey: "categories") ?? []
        sources = try container.decode([VenueID].self, forKey: "sources")
        note = try container.decodeIfPresent(String.self, forKey: "note")
        addedAt = try container.decode(Date.self, forKey: "addedAt")
        var unknown: [String: FavoriteJSONValue] = [:]
        for key in container.allKeys where !Self.knownKeys.contains(key.stringValue) {
            unknown[key.stringValue] = try container.decode(FavoriteJSONValue.self, forKey: key)
        }
        unknownFields = unknown
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FavoriteCodingKey.self)
        try container.encode(id, forKey: "id")
        try container.encode(name, forKey: "name")
        try container.encode(coordinate.latitude, forKey: "latitude")
        try container.encode(coordinate.longitude, forKey: "longitude")
        try container.encode(address, forKey: "address")
        try container.encode(categoryNames, forKey: "categories")
        try container.encode(sources, forKey: "sources")
        try container.encode(note, forKey: "note")
        try container.encode(addedAt, forKey: "addedAt")
        for (key, value) in unknownFields {
            try container.encode(value, forKey: FavoriteCodingKey(stringValue: key))
        }
    }
}

/// The whole `favorites.json`: `{"version": 1, "favorites": […]}`.
///
/// Top-level keys this version does not know are kept when the file is rewritten.
public struct FavoritesFile: Sendable, Hashable, Codable {
    /// The format version this code reads and writes.
    public static let currentVersion = 1

    /// The format version; always ``currentVersion`` for a decoded file.
    public var version: Int
    /// The favourites, in the order they were added.
    public var favorites: [Favorite]
    var unknownFields: [String: FavoriteJSONValue]

    /// A version-1 file with these favourites.
    public init(favorites: [Favorite] = []) {
        self.version = Self.currentVersion
        self.favorites = favorites
        self.unknownFields = [:]
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: FavoriteCodingKey.self)
        version = try container.decode(Int.self, forKey: "version")
        favorites = try container.decode([Favorite].self, forKey: "favorites")
        var unknown: [String: FavoriteJSONValue] = [:]
        for key in container.allKeys where key.stringValue != "version" && key.stringValue != "favorites" {
            unknown[key.stringValue] = try container.decode(FavoriteJSONValue.self, forKey: key)
        }
        unknownFields = unknown
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FavoriteCodingKey.self)
        try container.encode(version, forKey: "version")
        try container.encode(favorites, forKey: "favorites")
        for (key, value) in unknownFields {
            try container.encode(value, forKey: FavoriteCodingKey(stringValue: key))
        }
    }
}

/// A coding key for any string, so that unknown keys can be read and written back.
struct FavoriteCodingKey: CodingKey, ExpressibleByStringLiteral {
    var stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
    init(stringLiteral value: String) { self.stringValue = value }
}

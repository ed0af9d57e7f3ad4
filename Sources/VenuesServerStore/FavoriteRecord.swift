import VenuesCore
public import VenuesFavorites

/// A ``VenuesFavorites/Favorite`` as a store's row keeps it: text, numbers and lists of text,
/// the same in every store.
///
/// Going through a record and back gives the favourite again field for field (``addedAt`` to the
/// microsecond, see ``ServerStoreTime``), category names this version does not know included.
public struct FavoriteRecord: Sendable, Hashable {
    /// ``VenuesFavorites/Favorite/id`` as `provider:native`.
    public var id: String
    /// The name when added.
    public var name: String
    /// Latitude in degrees.
    public var latitude: Double
    /// Longitude in degrees.
    public var longitude: Double
    /// The one-line address, if any.
    public var address: String?
    /// Category names (``VenuesFavorites/Favorite/categoryNames``).
    public var categories: [String]
    /// Every source id as `provider:native`, the favourite's id first.
    public var sources: [String]
    /// The user's note.
    public var note: String?
    /// When it was added, in microseconds since 1970 (``ServerStoreTime``).
    public var addedAt: Int64

    /// The record of a favourite.
    public init(_ favorite: Favorite) {
        id = favorite.id.description
        name = favorite.name
        latitude = favorite.coordinate.latitude
        longitude = favorite.coordinate.longitude
        address = favorite.address
        categories = favorite.categoryNames
        sources = favorite.sources.map(\.description)
        note = favorite.note
        addedAt = ServerStoreTime.microseconds(favorite.addedAt)
    }

    /// A record read from a store's columns.
    public init(
        id: String,
        name: String,
        latitude: Double,
        longitude: Double,
        address: String?,
        categories: [String],
        sources: [String],
        note: String?,
        addedAt: Int64
    ) {
        self.id = id
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.address = address
        self.categories = categories
        self.sources = sources
        self.note = note
        self.addedAt = addedAt
    }

    /// The favourite this record holds.
    ///
    /// - Throws: ``ServerStoreError/failed(_:)`` naming the favourite when a stored id or the
    ///   coordinate is not valid (a row written by something else than a store).
    public func favorite() throws(ServerStoreError) -> Favorite {
        do {
            let venueID = try VenueID(parsing: id)
            let sourceIDs = try sources.map { (text) throws(VenueIDError) in try VenueID(parsing: text) }
            let coordinate = try Coordinate(latitude: latitude, longitude: longitude)
            var favorite = Favorite(
                id: venueID,
                name: name,
                coordinate: coordinate,
                address: address,
                sources: sourceIDs,
                note: note,
                addedAt: ServerStoreTime.date(microseconds: addedAt)
            )
            // Kept as stored: names this version does not know, and the sources' own order.
            favorite.categoryNames = categories
            if !sourceIDs.isEmpty { favorite.sources = sourceIDs }
            return favorite
        } catch {
            throw .failed("the stored favourite \(id) is not valid: \(error)")
        }
    }
}

public import VenuesCore

/// Favourites loaded once, for marking search results (``FavoriteMarking``) and for lookups.
///
/// Build it from ``FavoritesStore/load()`` (or ``FavoritesStore/index()``) and pass it to the
/// ``Aggregator``. A venue is a favourite when any of its ids is a favourite's id or source id.
public struct FavoriteIndex: FavoriteMarking, Sendable {
    /// The favourites, in file order.
    public let favorites: [Favorite]
    /// Every favourite id and source id → the position of its favourite in ``favorites``.
    private let positions: [VenueID: Int]

    /// Indexes the favourites. When two favourites share an id, the first one wins lookups.
    public init(favorites: [Favorite]) {
        self.favorites = favorites
        var positions: [VenueID: Int] = [:]
        for (position, favorite) in favorites.enumerated() {
            for id in [favorite.id] + favorite.sources where positions[id] == nil {
                positions[id] = position
            }
        }
        self.positions = positions
    }

    /// Whether any of the ids (the sources of one merged venue) belongs to a favourite.
    public func isFavorite(anyOf ids: [VenueID]) -> Bool {
        ids.contains { positions[$0] != nil }
    }

    /// The favourite that has this id or source id, if any.
    public func favorite(matching id: VenueID) -> Favorite? {
        positions[id].map { favorites[$0] }
    }

    /// The first favourite matching any of the ids, if any.
    public func favorite(matchingAnyOf ids: [VenueID]) -> Favorite? {
        ids.lazy.compactMap { positions[$0] }.first.map { favorites[$0] }
    }

    /// Stored snapshots (id = the favourite's id, name, coordinate, address, categories) of the
    /// favourites at most `radius` metres from `center`, nearest first.
    public func favorites(within radius: Double, of center: Coordinate) -> [Venue] {
        favorites
            .map { (venue: $0.venue, distance: $0.coordinate.distance(to: center)) }
            .filter { $0.distance <= radius }
            .sorted { $0.distance < $1.distance }
            .map(\.venue)
    }

    /// Like ``favorites(within:of:)``, without the favourites that any of `listed` matches
    /// (by the favourite's id or any of its source ids).
    public func favorites(within radius: Double, of center: Coordinate, notMatching listed: Set<VenueID>) -> [Venue] {
        let excluded = Set(listed.compactMap { positions[$0] })
        return favorites.indices
            .filter { !excluded.contains($0) }
            .map { (venue: favorites[$0].venue, distance: favorites[$0].coordinate.distance(to: center)) }
            .filter { $0.distance <= radius }
            .sorted { $0.distance < $1.distance }
            .map(\.venue)
    }
}

public import VenuesCore

/// The seam through which favourites reach search results.
public protocol FavoriteMarking: Sendable {
    /// Whether any of these ids (the sources of one merged venue) is a favourite.
    func isFavorite(anyOf ids: [VenueID]) -> Bool
    /// Favourites stored within `radius` metres of `center`, as venues (from their snapshots),
    /// so that they are listed even when no provider returned them.
    func favorites(within radius: Double, of center: Coordinate) -> [Venue]
}

/// No favourites.
public struct NoFavorites: FavoriteMarking {
    public init() {}
    public func isFavorite(anyOf ids: [VenueID]) -> Bool { false }
    public func favorites(within radius: Double, of center: Coordinate) -> [Venue] { [] }
}

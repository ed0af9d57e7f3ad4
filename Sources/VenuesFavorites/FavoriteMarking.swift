public import VenuesCore

/// The seam through which favourites reach search results.
public protocol FavoriteMarking: Sendable {
    /// Whether any of these ids (the sources of one merged venue) is a favourite.
    func isFavorite(anyOf ids: [VenueID]) -> Bool
    /// Favourites stored within `radius` metres of `center`, as venues (from their snapshots),
    /// so that they are listed even when no provider returned them.
    func favorites(within radius: Double, of center: Coordinate) -> [Venue]
    /// Like ``favorites(within:of:)``, leaving out every favourite that matches one of `listed`
    /// (the source ids of the venues the providers returned) by any of its ids, so that a
    /// favourite returned under another provider's id is not listed twice.
    ///
    /// The default implementation leaves out the venues whose own id is in `listed`.
    func favorites(within radius: Double, of center: Coordinate, notMatching listed: Set<VenueID>) -> [Venue]
}

extension FavoriteMarking {
    public func favorites(within radius: Double, of center: Coordinate, notMatching listed: Set<VenueID>) -> [Venue] {
        favorites(within: radius, of: center).filter { !listed.contains($0.id) }
    }
}

/// No favourites.
public struct NoFavorites: FavoriteMarking {
    public init() {}
    public func isFavorite(anyOf ids: [VenueID]) -> Bool { false }
    public func favorites(within radius: Double, of center: Coordinate) -> [Venue] { [] }
}

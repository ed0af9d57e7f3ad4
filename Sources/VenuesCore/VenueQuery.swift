/// One search, as the aggregator hands it to every provider.
public struct VenueQuery: Sendable, Hashable {
    /// The centre of the search circle. `nil` only when no location is known at all and the
    /// provider may locate the caller itself (Foursquare by IP, see
    /// ``ProviderCapabilities/locatesCallerWithoutCentre``); other providers are given a centre.
    public var center: Coordinate?
    /// Radius of the search circle in metres, 1…100 000. Default 1000.
    public var radius: Int
    /// The text to search for (`venues search TERM`); `nil` for a nearby search.
    public var term: String?
    /// Only venues in any of these categories; empty means all.
    public var categories: Set<Category>
    /// The most venues wanted. Providers may return fewer, and may page to reach it.
    public var limit: Int
    /// The order the user asked for, which providers may pass on (Google `rankPreference`).
    public var sort: VenueSort
    /// How long the provider may take, in seconds: the aggregator's deadline for it, which
    /// providers may also pass to the server (Overpass `[timeout:N]`).
    public var timeout: Double

    /// The default radius, 1000 m.
    public static let defaultRadius = 1000
    /// The default limit, 50 venues.
    public static let defaultLimit = 50
    /// The default per-provider timeout, 10 s.
    public static let defaultTimeout = 10.0
    /// The radius range accepted.
    public static let radiusRange = 1...100_000

    public init(
        center: Coordinate?,
        radius: Int = VenueQuery.defaultRadius,
        term: String? = nil,
        categories: Set<Category> = [],
        limit: Int = VenueQuery.defaultLimit,
        sort: VenueSort = .distance,
        timeout: Double = VenueQuery.defaultTimeout
    ) {
        self.center = center
        self.radius = radius
        self.term = term
        self.categories = categories
        self.limit = limit
        self.sort = sort
        self.timeout = timeout
    }

    /// Whether this is a text search (a non-empty term) rather than a nearby search.
    public var isTextSearch: Bool { !(term ?? "").isEmpty }
}

/// The order of the final list.
public enum VenueSort: String, Sendable, Hashable, Codable, CaseIterable {
    /// Nearest first.
    case distance
    /// Alphabetical, locale-aware and case-insensitive.
    case name
    /// Best rated first; unrated last.
    case rating
}

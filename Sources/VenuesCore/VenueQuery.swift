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
    /// The most venues wanted in the final list. Providers may return fewer, and may page to
    /// reach it; with an order other than distance, see ``nearestLimit``.
    public var limit: Int
    /// The order the user asked for, which providers may pass on (Google `rankPreference`).
    /// The aggregator sorts the merged list itself and keeps the first ``limit``.
    public var sort: VenueSort
    /// How long the provider may take, in seconds: the aggregator's deadline for it, which
    /// providers may also pass to the server (Overpass `[timeout:N]`).
    public var timeout: Double

    /// A test of single venues (a filter on opening hours), given by the aggregator to a provider
    /// that declares ``ProviderCapabilities/prefilters``: it applies the test before it cuts the
    /// circle to ``nearestLimit`` or ``rankedLimit``, so that it returns the nearest (or best)
    /// venues that pass, and counts those it judged and left out on the way
    /// (``ProviderResponse/filtered``). The aggregator judges the merged places again.
    public var prefilter: VenuePrefilter?

    /// Whether a provider that has every venue of the circle at hand returns all of them
    /// (``nearestLimit`` and ``rankedLimit`` are `nil`): set by the aggregator for a filtered
    /// query to a provider that does not apply ``prefilter`` (the nearest `limit` places that
    /// pass a filter are rarely among the nearest `limit` of all).
    public var wantsWholeCircle = false

    /// Whether the venues' opening hours are needed (a filter on them): providers that sell
    /// hours in a costlier tier (Google) ask for them only then, and for a lookup.
    public var wantsOpeningHours = false

    /// The default radius, 1000 m.
    public static let defaultRadius = 1000
    /// The default limit, 50 venues.
    public static let defaultLimit = 50
    /// The default per-provider timeout, 10 s.
    public static let defaultTimeout = 10.0
    /// The radius range accepted.
    public static let radiusRange = 1...100_000
    /// The per-provider timeouts accepted, in seconds: the command line's `--timeout`, the
    /// configuration's `timeout` and the server's `timeout=` parameter. Under a second no
    /// provider can answer (Overpass counts its own deadline in whole seconds), so a smaller
    /// value is refused rather than turned into "no provider answered".
    public static let timeoutRange = 1.0...600.0
    /// ``timeoutRange`` as messages say it: `1 to 600 seconds`.
    public static var timeoutRangeText: String {
        func text(_ seconds: Double) -> String {
            seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
        }
        return "\(text(timeoutRange.lowerBound)) to \(text(timeoutRange.upperBound)) seconds"
    }

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

    /// How many venues a provider that has every venue of the circle at hand returns: ``limit``
    /// (the nearest ones, of those that pass ``prefilter`` when there is one) when the order is
    /// ``VenueSort/distance``; `nil` — all of them — for another order, because the first
    /// `limit` names or ratings of the circle are not among its nearest `limit`: the aggregator
    /// sorts them all and keeps the first `limit`.
    ///
    /// A provider that cannot see the whole circle (an API that answers a page or a few) returns
    /// what it got and, when more exist, says so in ``ProviderResponse/warnings``: the order is
    /// then over its answer only.
    public var nearestLimit: Int? {
        !wantsWholeCircle && (sort == .distance || (sort == .relevance && !isTextSearch)) ? limit : nil
    }

    /// For a text search in ``VenueSort/relevance`` order, how many venues a provider that has
    /// every venue of the circle at hand returns: the best ``limit`` by ``SearchTerm`` match (of
    /// those that pass ``prefilter``), then distance (the aggregator's own order). `nil` for any
    /// other query.
    public var rankedLimit: Int? { !wantsWholeCircle && sort == .relevance && isTextSearch ? limit : nil }
}

/// The order of the final list.
public enum VenueSort: String, Sendable, Hashable, Codable, CaseIterable {
    /// Nearest first.
    case distance
    /// Alphabetical, locale-aware and case-insensitive.
    case name
    /// Best rated first; unrated last.
    case rating
    /// The best match of the search term first (``VenueMatch``: exact names, then whole words,
    /// prefixes, words inside longer ones, fewer typos), then nearest: the default order of a
    /// text search. Without a term it is the distance order.
    case relevance
}

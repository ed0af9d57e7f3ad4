/// A source of venues: Foursquare, Google Places, OpenStreetMap, or one you add.
///
/// ## Use an existing provider
///
/// Create the provider with its configuration and an HTTP client, and hand it to the
/// aggregator (`VenuesAggregator`), or call it directly:
///
/// ```swift
/// let helsinki = try Coordinate(latitude: 60.1699, longitude: 24.9384)
/// let endpoint = try OverpassProvider.Configuration.endpoint(parsing: "Config/samples/helsinki-centre.osm")
/// let provider = OverpassProvider(configuration: .init(endpoint: endpoint), httpClient: CurlHTTPClient())
/// let response = try await provider.nearby(VenueQuery(center: helsinki, radius: 500))
/// ```
///
/// ## Implement a provider
///
/// A provider is a `Sendable` value with an ``id`` and the searches it supports. The
/// smallest useful one keeps the whole contract below:
///
/// ```swift
/// struct FixedProvider: VenueProvider {
///     let id: ProviderID = "fixed"
///     let capabilities: ProviderCapabilities = [.nearby]
///     let venues: [Venue]
///
///     func nearby(_ query: VenueQuery) async throws(ProviderError) -> ProviderResponse {
///         guard let center = query.center else { throw .unsupported("fixed needs a centre") }
///         if Task.isCancelled { throw .cancelled }
///         let found =
///             venues
///             .filter { $0.coordinate.distance(to: center) <= Double(query.radius) }
///             .filter { query.categories.isEmpty || !query.categories.isDisjoint(with: $0.categories) }
///             .sorted { $0.coordinate.distance(to: center) < $1.coordinate.distance(to: center) }
///         // The nearest `limit`; every one in the circle when the order is not distance.
///         return ProviderResponse(venues: Array(found.prefix(query.nearestLimit ?? found.count)))
///     }
/// }
/// ```
///
/// Put a real provider in its own folder under `Providers/`, depending on `VenuesCore` and
/// `VenuesHTTP` only; run `VenueProviderConformance` from `VenuesTestKit` in its tests (it
/// checks the requirements below); declare its ``ProviderDescriptor`` (id, names, attribution,
/// settings, merge rank, capabilities, factory) beside it; and, to offer it in `venues` and
/// `venues serve`, add that descriptor to the one list, `ProviderRegistry.standard`. The
/// architecture notes are in `docs/architecture.md`.
///
/// ## Implementation requirements
///
/// 1. Be `Sendable`: the aggregator calls providers concurrently from several tasks.
/// 2. ``id`` is lowercase letters, digits and `-`; every venue's ``VenueID/provider`` is it,
///    no id appears twice in one answer, and every venue has a non-empty name.
/// 3. Return only venues inside the query circle: at most ``VenueQuery/radius`` metres from
///    ``VenueQuery/center`` by ``Coordinate/distance(to:)``, also when the service answers
///    outside it. Without a centre, throw ``ProviderError/unsupported(_:)`` unless the
///    capabilities include ``ProviderCapabilities/locatesCallerWithoutCentre``.
/// 4. With ``VenueQuery/categories``, return no venue whose categories are all others (a venue
///    without categories may pass: a provider cannot always label what its service matched).
/// 5. Order and limit: ordered by distance, return at most ``VenueQuery/limit`` venues, the
///    nearest. For another order, return every venue of the circle you have
///    (``VenueQuery/nearestLimit`` is `nil`), since the aggregator sorts and cuts; a provider
///    that stops early (a capped or paged API) says so in ``ProviderResponse/warnings``.
/// 6. Never throw for an empty result: no venues is a valid answer.
/// 7. Honour cancellation: when the calling task is cancelled (its deadline passed), stop
///    work promptly and throw ``ProviderError/cancelled`` or ``ProviderError/timedOut`` — also
///    when the task was cancelled before the call.
/// 8. Text search only with ``ProviderCapabilities/textSearch``: the same rules as nearby;
///    without it, ``search(_:)`` throws ``ProviderError/unsupported(_:)`` (the default).
/// 9. Lookup only with ``ProviderCapabilities/lookup``: ``venue(_:)`` returns the venue with
///    that id and throws ``ProviderError/notFound(_:)`` for an id of this provider that names
///    no venue; without it, ``venue(_:)`` throws ``ProviderError/unsupported(_:)`` (the
///    default).
/// 10. Throw only ``ProviderError``; map transport, HTTP and payload problems onto its cases.
/// 11. Never put an API key into a URL, an error message, a note, a warning or a venue.
public protocol VenueProvider: Sendable {
    /// The provider's short name, the prefix of its venue ids.
    var id: ProviderID { get }

    /// What this provider can do; the aggregator only asks for what is listed.
    var capabilities: ProviderCapabilities { get }

    /// Venues within `query.radius` metres of `query.center` (filtered by categories).
    func nearby(_ query: VenueQuery) async throws(ProviderError) -> ProviderResponse

    /// Venues matching `query.term`, near `query.center`.
    func search(_ query: VenueQuery) async throws(ProviderError) -> ProviderResponse

    /// One venue with every field the provider has, asked for with `timeout` seconds to answer
    /// (as ``VenueQuery/timeout`` is for listings). Throws ``ProviderError/notFound(_:)`` for an
    /// unknown id.
    func venue(_ id: VenueID, timeout: Double) async throws(ProviderError) -> Venue
}

extension VenueProvider {
    /// Text search is unsupported unless the provider implements it.
    public func search(_ query: VenueQuery) async throws(ProviderError) -> ProviderResponse {
        throw .unsupported("\(id) has no text search")
    }

    /// Lookup by id is unsupported unless the provider implements it.
    public func venue(_ id: VenueID, timeout: Double) async throws(ProviderError) -> Venue {
        throw .unsupported("\(self.id) cannot look up a venue by id")
    }

    /// ``venue(_:timeout:)`` with the default timeout, ``VenueQuery/defaultTimeout``.
    public func venue(_ id: VenueID) async throws(ProviderError) -> Venue {
        try await venue(id, timeout: VenueQuery.defaultTimeout)
    }

    /// Runs ``nearby(_:)`` or ``search(_:)`` depending on whether the query has a term.
    public func run(_ query: VenueQuery) async throws(ProviderError) -> ProviderResponse {
        query.isTextSearch ? try await search(query) : try await nearby(query)
    }
}

/// The operations a provider supports.
public struct ProviderCapabilities: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// ``VenueProvider/nearby(_:)``.
    public static let nearby = ProviderCapabilities(rawValue: 1 << 0)
    /// ``VenueProvider/search(_:)``.
    public static let textSearch = ProviderCapabilities(rawValue: 1 << 1)
    /// ``VenueProvider/venue(_:)``.
    public static let lookup = ProviderCapabilities(rawValue: 1 << 2)
    /// Accepts a query with no centre and reports the centre it located (by IP).
    public static let locatesCallerWithoutCentre = ProviderCapabilities(rawValue: 1 << 3)
    /// Answers from indexes imported on this machine, offline (see ``ProviderContext/indexDirectory``).
    public static let localIndexes = ProviderCapabilities(rawValue: 1 << 4)
    /// Applies ``VenueQuery/prefilter`` before it cuts its answer to ``VenueQuery/nearestLimit``
    /// or ``VenueQuery/rankedLimit``, and counts what it left out (``ProviderResponse/filtered``).
    /// To a provider without it, a filtered query comes without the prefilter, asking for the
    /// whole circle (``VenueQuery/wantsWholeCircle``).
    public static let prefilters = ProviderCapabilities(rawValue: 1 << 5)
}

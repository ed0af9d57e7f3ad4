/// A source of venues: Foursquare, Google Places, OpenStreetMap, or one you add.
///
/// ## Use an existing provider
///
/// Create the provider with its configuration and hand it to the aggregator, or call it
/// directly:
///
/// ```swift
/// let provider = OverpassProvider(configuration: .init(endpoint: "Config/samples/helsinki-centre.osm"))
/// let response = try await provider.nearby(VenueQuery(center: helsinki, radius: 500))
/// ```
///
/// ## Implement a provider
///
/// A provider is a `Sendable` value with an ``id`` and the searches it supports. The
/// smallest useful one:
///
/// ```swift
/// struct FixedProvider: VenueProvider {
///     let id: ProviderID = "fixed"
///     let capabilities: ProviderCapabilities = [.nearby]
///     let venues: [Venue]
///
///     func nearby(_ query: VenueQuery) async throws(ProviderError) -> ProviderResponse {
///         guard let center = query.center else { throw .unsupported("needs a centre") }
///         return ProviderResponse(
///             venues: venues.filter { $0.coordinate.distance(to: center) <= Double(query.radius) })
///     }
/// }
/// ```
///
/// Put a real provider in its own folder under `Providers/`, depending on `VenuesCore` and
/// `VenuesHTTP` only; register it in the CLI's provider registry; and run
/// `VenueProviderConformance` from `VenuesTesting` in its tests.
///
/// ## Implementation requirements
///
/// - Be `Sendable`: the aggregator calls providers concurrently from several tasks.
/// - Honour cancellation: when the calling task is cancelled (its deadline passed), stop
///   work promptly and throw ``ProviderError/cancelled`` or ``ProviderError/timedOut``.
/// - Never throw for an empty result: no venues is a valid answer.
/// - Throw only ``ProviderError``; map transport, HTTP and payload problems onto its cases.
/// - Return only venues inside the query circle when the service can answer outside it, and
///   only those with a name and a coordinate.
/// - Never put an API key into a URL, an error message, a note or a venue.
public protocol VenueProvider: Sendable {
    /// The provider's short name, the prefix of its venue ids.
    var id: ProviderID { get }

    /// What this provider can do; the aggregator only asks for what is listed.
    var capabilities: ProviderCapabilities { get }

    /// Venues within `query.radius` metres of `query.center` (filtered by categories).
    func nearby(_ query: VenueQuery) async throws(ProviderError) -> ProviderResponse

    /// Venues matching `query.term`, near `query.center`.
    func search(_ query: VenueQuery) async throws(ProviderError) -> ProviderResponse

    /// One venue with every field the provider has. Throws ``ProviderError/notFound(_:)``
    /// for an unknown id.
    func venue(_ id: VenueID) async throws(ProviderError) -> Venue
}

extension VenueProvider {
    /// Text search is unsupported unless the provider implements it.
    public func search(_ query: VenueQuery) async throws(ProviderError) -> ProviderResponse {
        throw .unsupported("\(id) has no text search")
    }

    /// Lookup by id is unsupported unless the provider implements it.
    public func venue(_ id: VenueID) async throws(ProviderError) -> Venue {
        throw .unsupported("\(self.id) cannot look up a venue by id")
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
}

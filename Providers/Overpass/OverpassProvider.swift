public import Foundation
public import VenuesCore
public import VenuesHTTP

/// OpenStreetMap venues, from an Overpass API server or from a local OSM XML extract.
///
/// Provider id `osm`. A venue is a node, way or relation with a `name` and one of the keys
/// `amenity`, `shop`, `tourism` or `leisure` (categories narrow that to tag values, see the
/// README next to this file). Ids are `osm:node/N`, `osm:way/N` and `osm:relation/N`.
///
/// ```swift
/// let helsinki = try Coordinate(latitude: 60.1699, longitude: 24.9384)
/// let endpoint = try OverpassProvider.Configuration.endpoint(parsing: "Config/samples/helsinki-centre.osm")
/// let provider = OverpassProvider(configuration: .init(endpoint: endpoint), httpClient: CurlHTTPClient())
/// let response = try await provider.nearby(VenueQuery(center: helsinki, radius: 500))
/// ```
///
/// - Remote (``Configuration/Endpoint/remote(_:)``): one `POST data=<Overpass QL>` per
///   search, `[timeout:N]` from ``VenueQuery/timeout``, `out bb tags`; answers are
///   streamed through libxml2. Server errors, including those Overpass reports inside a
///   `200` answer, become ``ProviderError``s (never a silently empty list).
/// - Local (``Configuration/Endpoint/file(_:)``): the file is streamed with the same filters
///   and radius rule (see ``OSMExtractSearch``); no network is used.
///
/// Both modes keep only venues whose position (a way's or relation's centre) is within the
/// radius and in the query's categories, nearest first, at most ``VenueQuery/nearestLimit``:
/// the nearest `limit`, or the whole circle when the order is name or rating (the aggregator
/// sorts and cuts).
public struct OverpassProvider: VenueProvider {
    public let id: ProviderID = .openStreetMap
    public let capabilities: ProviderCapabilities = [.nearby, .textSearch, .lookup]

    /// Where the data comes from.
    public let configuration: Configuration
    private let httpClient: any HTTPClient

    /// Creates the provider. `httpClient` is used only for a remote endpoint; it must send a
    /// User-Agent that identifies the tool (Overpass answers 406 otherwise).
    public init(configuration: Configuration = .init(), httpClient: any HTTPClient) {
        self.configuration = configuration
        self.httpClient = httpClient
    }

    public func nearby(_ query: VenueQuery) async throws(ProviderError) -> ProviderResponse {
        try await run(query, term: nil)
    }

    public func search(_ query: VenueQuery) async throws(ProviderError) -> ProviderResponse {
        guard let term = query.term else { throw .badRequest("the search term is empty") }
        return try await run(query, term: term)
    }

    /// Looks up `osm:node/N`, `osm:way/N` or `osm:relation/N` (Overpass `node(N); out bb tags;`,
    /// or a scan of the local file).
    public func venue(_ id: VenueID) async throws(ProviderError) -> Venue {
        guard id.provider == self.id else { throw .notFound(id) }
        let parts = id.native.split(separator: "/")
        guard parts.count == 2, let number = Int64(parts[1]), let kind = Self.kind(parts[0]) else {
            throw .notFound(id)
        }
        let venues: [Venue]
        switch configuration.endpoint {
        case .remote(let url):
            let query = OverpassQueryBuilder.lookupQuery(
                type: kind.name,
                id: number,
                timeout: VenueQuery.defaultTimeout
            )
            venues = try await fetch(url: url, query: query, timeout: VenueQuery.defaultTimeout).venues
        case .file(let url):
            venues = try await BackgroundWork.run { flag throws(ProviderError) in
                try OSMExtractSearch(file: url, criterion: .element(kind, number), cancellation: flag).run().venues
            }
        }
        guard let venue = venues.first(where: { $0.id == id }) else { throw .notFound(id) }
        return venue
    }

    /// Parses an Overpass XML answer body into venues (document order, no radius filter),
    /// with notes on skipped elements. For tools and benchmarks; searches do this themselves.
    public static func decode(overpassXML body: Data) throws(ProviderError) -> ProviderResponse {
        let decoded = try OverpassResponseDecoder.decode(body)
        return ProviderResponse(venues: decoded.venues, notes: decoded.notes)
    }

    private func run(_ query: VenueQuery, term: String?) async throws(ProviderError) -> ProviderResponse {
        guard let center = query.center else {
            throw .unsupported("OpenStreetMap needs a centre to search around (--near LAT,LON)")
        }
        guard VenueQuery.radiusRange.contains(query.radius) else {
            throw .badRequest("radius \(query.radius) m is outside 1…100000 m")
        }
        if Task.isCancelled { throw .cancelled }
        let selection = try OSMSelection(categories: query.categories, term: term)
        var found: [Venue]
        var notes: [String]
        switch configuration.endpoint {
        case .remote(let url):
            let text = OverpassQueryBuilder.query(
                center: center,
                radius: query.radius,
                selection: selection,
                timeout: query.timeout
            )
            (found, notes) = try await fetch(url: url, query: text, timeout: query.timeout)
        case .file(let url):
            let result = try await BackgroundWork.run { flag throws(ProviderError) in
                try OSMExtractSearch(
                    file: url,
                    criterion: .nearby(selection, center: center, radius: Double(query.radius)),
                    cancellation: flag
                ).run()
            }
            found = result.venues
            notes = result.notes + ["read \(url.lastPathComponent) locally in \(result.passes) streaming pass(es)"]
        }
        let shaped = VenueSelectionShaper.shape(found, center: center, for: query)
        return ProviderResponse(venues: shaped.venues, notes: notes + shaped.notes)
    }

    /// Sends one query and decodes the answer, mapping every failure to a ``ProviderError``.
    private func fetch(
        url: URL,
        query: String,
        timeout: Double
    ) async throws(ProviderError) -> (
        venues: [Venue], notes: [String]
    ) {
        let request = OverpassRequestFactory.request(url: url, query: query, timeout: timeout)
        let response: HTTPResponse
        do {
            response = try await httpClient.send(request)
        } catch {
            throw ProviderError(error)
        }
        let (body, remarks) = try OverpassResponseClassifier.classify(response)
        let decoded = try await BackgroundWork.run { flag throws(ProviderError) in
            try OverpassResponseDecoder.decode(body, cancellation: flag)
        }
        return (decoded.venues, remarks + decoded.notes)
    }

    private static func kind(_ name: Substring) -> OSMElement.Kind? {
        switch name {
        case "node": .node
        case "way": .way
        case "relation": .relation
        default: nil
        }
    }
}

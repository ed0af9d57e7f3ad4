public import Foundation
import OSMIndex
import OSMModel
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
/// - Index (``Configuration/Endpoint/index(_:)``, or automatically with a remote endpoint when
///   an index in ``Configuration/indexDirectory`` contains the whole search circle): an extract
///   imported by `venues osm import`, searched offline with the same rules and answers.
///
/// Every mode keeps only venues whose position (a way's or relation's centre) is within the
/// radius and in the query's categories, nearest first, at most ``VenueQuery/nearestLimit``:
/// the nearest `limit`, or the whole circle when the order is name or rating (the aggregator
/// sorts and cuts). ``ProviderResponse/source`` says which answered: `overpass`, `file` or
/// `index:NAME`.
public struct OverpassProvider: VenueProvider {
    public let id: ProviderID = .openStreetMap
    public var capabilities: ProviderCapabilities { Self.descriptor.profile.capabilities }

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
    public func venue(_ id: VenueID, timeout: Double) async throws(ProviderError) -> Venue {
        guard id.provider == self.id else { throw .notFound(id) }
        let parts = id.native.split(separator: "/")
        guard parts.count == 2, let number = Int64(parts[1]), let kind = Self.kind(parts[0]) else {
            throw .notFound(id)
        }
        let venues: [Venue]
        switch configuration.endpoint {
        case .remote(let url):
            if let directory = configuration.indexDirectory,
                let found = try await BackgroundWork.run({ _ throws(ProviderError) in
                    try Self.lookUpInIndexes(directory: directory, kind: kind, id: number)
                })
            {
                return found
            }
            let query = OverpassQueryBuilder.lookupQuery(type: kind.name, id: number, timeout: timeout)
            venues = try await fetch(url: url, query: query, timeout: timeout).venues
        case .file(let url):
            venues = try await BackgroundWork.run { flag throws(ProviderError) in
                try OSMExtractSearch(file: url, criterion: .element(kind, number), cancellation: flag).run().venues
            }
        case .index(let url):
            venues = try await BackgroundWork.run { _ throws(ProviderError) in
                do throws(OSMIndexError) {
                    let venue = try OSMIndexReader(url: url).venue(kind: kind, id: number)
                    return venue.map { [$0] } ?? []
                } catch {
                    throw ProviderError(error)
                }
            }
        }
        guard let venue = venues.first(where: { $0.id == id }) else { throw .notFound(id) }
        return venue
    }

    /// The element from the first index (by name) that has it; unreadable indexes are passed over.
    private static func lookUpInIndexes(
        directory: URL,
        kind: OSMElement.Kind,
        id: Int64
    ) throws(ProviderError) -> Venue? {
        for entry in OSMIndexCatalog(directory: directory).list() {
            guard case .success = entry.info else { continue }
            if let venue = try? OSMIndexReader(url: entry.url).venue(kind: kind, id: id) { return venue }
        }
        return nil
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
        let source: String
        switch configuration.endpoint {
        case .remote(let url):
            if let directory = configuration.indexDirectory {
                let answer = try await BackgroundWork.run { flag throws(ProviderError) in
                    try Self.searchCoveringIndex(
                        directory: directory,
                        query: query,
                        selection: selection,
                        cancellation: flag
                    )
                }
                if case .answered(let response) = answer {
                    let shaped = VenueSelectionShaper.shape(response.venues, center: center, for: query)
                    return ProviderResponse(
                        venues: shaped.venues,
                        notes: response.notes + shaped.notes,
                        source: response.source
                    )
                }
                if case .notCovered(let reason) = answer { notes = [reason] } else { notes = [] }
            } else {
                notes = []
            }
            let text = OverpassQueryBuilder.query(
                center: center,
                radius: query.radius,
                selection: selection,
                timeout: query.timeout
            )
            let fetched = try await fetch(url: url, query: text, timeout: query.timeout)
            found = fetched.venues
            notes += fetched.notes
            source = "overpass"
        case .index(let url):
            let response = try await BackgroundWork.run { flag throws(ProviderError) in
                try Self.searchIndex(
                    url,
                    query: query,
                    selection: selection,
                    reason: "the OSM endpoint names it",
                    cancellation: flag
                )
            }
            found = response.venues
            notes = response.notes
            source = response.source ?? "index"
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
            source = "file"
        }
        let shaped = VenueSelectionShaper.shape(found, center: center, for: query)
        return ProviderResponse(venues: shaped.venues, notes: notes + shaped.notes, source: source)
    }

    /// What the imported indexes could do for a search with a remote endpoint.
    private enum IndexAnswer: Sendable {
        /// An index contains the circle and answered.
        case answered(ProviderResponse)
        /// No index contains the circle: why, for `--verbose`.
        case notCovered(String)
    }

    /// Answers from the smallest imported index whose bounds contain the whole circle.
    private static func searchCoveringIndex(
        directory: URL,
        query: VenueQuery,
        selection: OSMSelection,
        cancellation: CancellationFlag
    ) throws(ProviderError) -> IndexAnswer {
        guard let center = query.center else { return .notCovered("no centre") }
        let catalog = OSMIndexCatalog(directory: directory)
        guard let covering = catalog.covering(center: center, radius: Double(query.radius)) else {
            let count = catalog.list().count
            return .notCovered(
                count == 0
                    ? "no OSM index imported (venues osm import FILE), asking Overpass"
                    : "none of the \(count) imported OSM index(es) contains the whole \(query.radius) m circle, asking Overpass"
            )
        }
        do throws(OSMIndexError) {
            return .answered(
                try searchIndexFile(
                    covering.url,
                    center: center,
                    query: query,
                    selection: selection,
                    reason: "its bounds contain the whole \(query.radius) m circle",
                    cancellation: cancellation
                )
            )
        } catch .damaged(let path, let reason) {
            // A damaged index is passed over, as if it were not there: the server answers.
            return .notCovered("the OSM index \(path) is damaged (\(reason)), asking Overpass")
        } catch {
            throw ProviderError(error)
        }
    }

    /// Searches one index. When the order is by distance only the nearest `limit` are asked for
    /// (every venue tied with the last one too), for a text search in relevance order the best
    /// `limit`; otherwise every venue in the circle, as the other modes return them.
    private static func searchIndex(
        _ url: URL,
        query: VenueQuery,
        selection: OSMSelection,
        reason: String,
        cancellation: CancellationFlag
    ) throws(ProviderError) -> ProviderResponse {
        guard let center = query.center else { throw .unsupported("OpenStreetMap needs a centre to search around") }
        do throws(OSMIndexError) {
            return try searchIndexFile(
                url,
                center: center,
                query: query,
                selection: selection,
                reason: reason,
                cancellation: cancellation
            )
        } catch {
            throw ProviderError(error)
        }
    }

    /// ``searchIndex(_:query:selection:reason:cancellation:)``, with the index's own errors.
    private static func searchIndexFile(
        _ url: URL,
        center: Coordinate,
        query: VenueQuery,
        selection: OSMSelection,
        reason: String,
        cancellation: CancellationFlag
    ) throws(OSMIndexError) -> ProviderResponse {
        let reader = try OSMIndexReader(url: url)
        let answer = try reader.search(
            OSMIndexReader.Query(
                center: center,
                radius: Double(query.radius),
                categories: query.categories,
                selection: selection,
                nearest: query.nearestLimit.map { max(1, $0) },
                ranked: query.rankedLimit.map { max(1, $0) }
            ),
            cancellation: cancellation
        )
        let name = reader.info.name
        return ProviderResponse(
            venues: answer.venues,
            notes: ["answered from the OSM index \(name) (\(url.path)): \(reason)"] + answer.notes,
            source: "index:\(name)"
        )
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

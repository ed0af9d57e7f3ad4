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
///   `200` answer, become ``ProviderError``s (never a silently empty list). A text search
///   whose term, sent as a pattern, finds fewer venues than asked also fetches the circle's
///   named venues and matches them here, typos and word order forgiven, within
///   ``Configuration/forgivingBound`` (`OverpassRemoteSearch`).
/// - Local (``Configuration/Endpoint/file(_:)``): the file is streamed with the same filters
///   and radius rule (see ``OSMExtractSearch``); no network is used.
/// - Indexes (``Configuration/Endpoint/index(_:)``, and the indexes in
///   ``Configuration/indexDirectory`` whose area meets the search circle): extracts imported by
///   `venues osm import`, searched offline with the same rules and answers. With a remote
///   endpoint they answer when together they hold the whole circle; otherwise the server is
///   asked, and offline they answer what they hold, with ``ProviderResponse/coverage`` and a
///   warning.
///
/// Every mode keeps only venues whose position (a way's or relation's centre) is within the
/// radius and in the query's categories, nearest first, at most ``VenueQuery/nearestLimit``:
/// the nearest `limit`, or the whole circle when the order is name or rating (the aggregator
/// sorts and cuts). ``ProviderResponse/source`` says which answered: `overpass`, `file` or
/// `index:NAME` (several joined by `+`: `index:uusimaa+index:estonia`).
public struct OverpassProvider: VenueProvider {
    public let id: ProviderID = .openStreetMap
    public var capabilities: ProviderCapabilities { Self.descriptor.profile.capabilities }

    /// Where the data comes from.
    public let configuration: Configuration
    private let httpClient: any HTTPClient
    /// The circles fetched for suggestions, kept for the next keystrokes.
    let circles = OverpassCircleCache()

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
            venues = try await remoteSearch(url).fetch(query, timeout: timeout).venues
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
        switch configuration.endpoint {
        case .remote(let url):
            guard let directory = configuration.indexDirectory else {
                return try await remoteSearch(url).run(query, center: center, selection)
            }
            return try await searchIndexesThenRemote(url, directory: directory, query: query, center: center, selection)
        case .index(let url):
            return try await searchIndexes(
                named: url,
                directory: configuration.indexDirectory,
                query: query,
                center: center,
                selection,
                missing: "no other source: the OSM endpoint is an index"
            )
        case .file(let url):
            let result = try await BackgroundWork.run { flag throws(ProviderError) in
                try OSMExtractSearch(
                    file: url,
                    criterion: .nearby(selection, center: center, radius: Double(query.radius)),
                    cancellation: flag
                ).run()
            }
            let notes = result.notes + ["read \(url.lastPathComponent) locally in \(result.passes) streaming pass(es)"]
            let shaped = VenueSelectionShaper.shape(result.venues, center: center, for: query)
            var response = ProviderResponse(venues: shaped.venues, notes: notes + shaped.notes, source: "file")
            response.filtered = shaped.filtered
            response.passedPrefilter = query.prefilter != nil
            return response
        }
    }

    /// With a remote endpoint and imported indexes: the indexes answer when together they hold the
    /// whole circle. When they hold part of it, the server is asked; offline (``Configuration/offline``,
    /// or the server unreachable: `--offline` with nothing cached, no network) the indexes answer
    /// what they hold, with a warning and the share of the circle they hold.
    private func searchIndexesThenRemote(
        _ url: URL,
        directory: URL,
        query: VenueQuery,
        center: Coordinate,
        _ selection: OSMSelection
    ) async throws(ProviderError) -> ProviderResponse {
        let radius = Double(query.radius)
        var indexes = try await BackgroundWork.run { _ throws(ProviderError) in
            try ImportedIndexes(directory: directory, named: nil, center: center, radius: radius)
        }
        var searched: IndexAnswer?
        if indexes.coverage.isComplete {
            let answer = try await Self.search(&indexes, query: query, selection: selection)
            if indexes.coverage.isComplete { return Self.respond(answer, from: indexes, query: query, center: center) }
            searched = answer
        }
        if indexes.isEmpty, configuration.offline {
            throw .unreachable("overpass.offline is set, and no imported OSM index meets the \(query.radius) m circle")
        }
        if configuration.offline {
            if searched == nil { searched = try await Self.search(&indexes, query: query, selection: selection) }
            let answer = searched ?? IndexAnswer()
            return Self.respond(answer, from: indexes, query: query, center: center, missing: "overpass.offline is set")
        }
        let notes = (searched?.notes ?? []) + [indexes.shortfall + ", asking Overpass"]
        var response: ProviderResponse
        do {
            response = try await remoteSearch(url).run(query, center: center, selection)
        } catch .unreachable(let reason) where !indexes.isEmpty {
            if searched == nil { searched = try await Self.search(&indexes, query: query, selection: selection) }
            let answer = searched ?? IndexAnswer()
            guard !indexes.isEmpty else { throw .unreachable(reason) }
            var response = Self.respond(
                answer,
                from: indexes,
                query: query,
                center: center,
                missing: "Overpass unreachable"
            )
            response.notes.insert("Overpass: \(reason)", at: 0)
            return response
        }
        response.notes = notes + response.notes
        return response
    }

    /// With an index as endpoint: it and the imported indexes meeting the circle answer; a warning
    /// says how much of the circle they do not hold.
    private func searchIndexes(
        named url: URL,
        directory: URL?,
        query: VenueQuery,
        center: Coordinate,
        _ selection: OSMSelection,
        missing: String
    ) async throws(ProviderError) -> ProviderResponse {
        let radius = Double(query.radius)
        var indexes = try await BackgroundWork.run { _ throws(ProviderError) in
            try ImportedIndexes(directory: directory, named: url, center: center, radius: radius)
        }
        let answer = try await Self.search(&indexes, query: query, selection: selection)
        return Self.respond(answer, from: indexes, query: query, center: center, missing: missing)
    }

    /// Searches the indexes off the cooperative pool.
    private static func search(
        _ indexes: inout ImportedIndexes,
        query: VenueQuery,
        selection: OSMSelection
    ) async throws(ProviderError) -> IndexAnswer {
        let copy = indexes
        let (answer, searched) = try await BackgroundWork.run { flag throws(ProviderError) in
            var searched = copy
            let answer = try searched.search(query: query, selection: selection, cancellation: flag)
            return (answer, searched)
        }
        indexes = searched
        return answer
    }

    /// The indexes' answer, shaped; with a warning when they hold only part of the circle
    /// (`missing` says why nothing else answered).
    private static func respond(
        _ answer: IndexAnswer,
        from indexes: ImportedIndexes,
        query: VenueQuery,
        center: Coordinate,
        missing: String = ""
    ) -> ProviderResponse {
        // The indexes judged every venue they answer with by the query's prefilter: the shaper
        // only cuts (judging the kept ones again evaluated their hours a second time).
        var judged = query
        judged.prefilter = nil
        let shaped = VenueSelectionShaper.shape(answer.venues, center: center, for: judged)
        var notes = answer.notes
        var warnings: [String] = []
        if indexes.coverage.isComplete {
            notes.append("together the index(es) hold the whole \(query.radius) m circle")
        } else {
            warnings.append(indexes.partialWarning(reason: missing))
        }
        var response = ProviderResponse(
            venues: shaped.venues,
            notes: notes + shaped.notes,
            warnings: warnings,
            source: indexes.source,
            coverage: indexes.coverage.fraction
        )
        response.filtered = answer.filtered
        response.passedPrefilter = query.prefilter != nil
        return response
    }

    /// The remote server at `url`, with this configuration's bound and HTTP client.
    func remoteSearch(_ url: URL) -> OverpassRemoteSearch {
        OverpassRemoteSearch(url: url, httpClient: httpClient, bound: configuration.forgivingBound)
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

import Foundation
public import VenuesCore
public import VenuesHTTP

/// Foursquare Places (provider id `fsq`): nearby and text search with paging, lookup by id,
/// and search around the caller's IP location when no centre is known.
///
/// ```swift
/// let environment = ProcessInfo.processInfo.environment
/// let provider = FoursquareProvider(
///     configuration: .init(apiKey: environment["FOURSQUARE_API_KEY"] ?? ""),
///     httpClient: CurlHTTPClient()
/// )
/// let helsinki = try Coordinate(latitude: 60.1699, longitude: 24.9384)
/// let response = try await provider.nearby(VenueQuery(center: helsinki, radius: 500))
/// ```
///
/// Requests and decoding live in ``FoursquareRequestBuilder``, ``FoursquareDecoder``,
/// ``FoursquarePaging`` and ``FoursquareErrors`` (pure); this type only sends them through
/// the injected ``HTTPClient``.
///
/// Paging follows `Link: <…>; rel="next"` until `query.limit` venues are in hand, there is no
/// next link, ``Configuration/maxPages`` pages were fetched, a cursor repeats, or the link
/// leaves the configured host (the key is never sent elsewhere). Each stop is reported in
/// the response's notes.
public struct FoursquareProvider: VenueProvider {
    public let id: ProviderID = .foursquare
    public var capabilities: ProviderCapabilities { Self.descriptor.profile.capabilities }
    /// Where and how to reach Foursquare.
    public let configuration: Configuration
    private let httpClient: any HTTPClient

    /// Creates the provider; it sends every request through `httpClient`.
    public init(configuration: Configuration, httpClient: any HTTPClient) {
        self.configuration = configuration
        self.httpClient = httpClient
    }

    /// Places within `query.radius` of `query.center`, or — without a centre — around the
    /// caller's IP location, whose centre the response reports.
    public func nearby(_ query: VenueQuery) async throws(ProviderError) -> ProviderResponse {
        var nearby = query
        nearby.term = nil
        return try await searchPages(nearby)
    }

    /// Places matching `query.term` (Foursquare's `query`) near the centre.
    public func search(_ query: VenueQuery) async throws(ProviderError) -> ProviderResponse {
        guard query.isTextSearch else { return try await nearby(query) }
        return try await searchPages(query)
    }

    /// One place by its `fsq:` id, with opening hours, rating count and photos.
    public func venue(_ id: VenueID, timeout: Double) async throws(ProviderError) -> Venue {
        guard id.provider == self.id else { throw .notFound(id) }
        try checkKey()
        let request = FoursquareRequestBuilder.placeRequest(
            native: id.native,
            configuration: configuration,
            timeout: timeout
        )
        let response = try await send(request)
        guard (200..<300).contains(response.status) else {
            throw FoursquareErrors.error(for: response, lookup: id, configuration: configuration)
        }
        switch try scrubbing({ () throws(ProviderError) in try FoursquareDecoder.decodePlace(response.body) }) {
        case .success(let venue): return venue
        case .failure(let skip): throw .invalidResponse("Foursquare returned place \(id) \(skip.rawValue)")
        }
    }

    // MARK: - Paging

    private func searchPages(_ query: VenueQuery) async throws(ProviderError) -> ProviderResponse {
        try checkKey()
        let limit = max(1, query.limit)
        var notes: [String] = []
        var warnings: [String] = []
        if query.radius > Configuration.maxRadius {
            warnings.append("radius \(query.radius) m lowered to Foursquare's maximum of \(Configuration.maxRadius) m")
        }
        var request = FoursquareRequestBuilder.searchRequest(query, configuration: configuration)
        var requested: Set<String> = [request.url.absoluteString]
        var cursors: Set<String> = FoursquarePaging.cursor(of: request.url).map { [$0] } ?? []
        var venues: [Venue] = []
        var seen = Set<VenueID>()
        var skipped: [String: Int] = [:]
        var located: Coordinate?
        var pages = 0
        // Whether Foursquare has places this answer leaves out (the limit or a paging stop).
        var moreExist = false

        while true {
            if Task.isCancelled { throw .cancelled }
            let response = try await send(request)
            pages += 1
            guard (200..<300).contains(response.status) else {
                throw FoursquareErrors.error(for: response, configuration: configuration)
            }
            let page = try scrubbing { () throws(ProviderError) in try FoursquareDecoder.decodeSearch(response.body) }
            if pages == 1 { located = page.center }
            for (reason, count) in page.skipped { skipped[reason, default: 0] += count }
            var left = 0
            for venue in page.venues where seen.insert(venue.id).inserted {
                if venues.count < limit { venues.append(venue) } else { left += 1 }
            }
            let nextLink = FoursquarePaging.nextLink(in: response.headers, relativeTo: request.url)
            if venues.count >= limit {
                // A full page may be followed by more, whatever the links say.
                moreExist =
                    left > 0 || nextLink != nil
                    || page.venues.count >= FoursquareRequestBuilder.pageSize(query.limit)
                break
            }
            guard let next = nextLink else { break }
            moreExist = true
            guard FoursquarePaging.isOnConfiguredHost(next, configuration: configuration) else {
                // The foreign host is not quoted: a server could put anything there.
                notes.append("stopped paging: the next-page link points away from the configured Foursquare host")
                break
            }
            let cursor = FoursquarePaging.cursor(of: next)
            if requested.contains(next.absoluteString) || cursor.map(cursors.contains) == true {
                notes.append("stopped paging: Foursquare repeated a page cursor after \(pages) pages")
                break
            }
            if pages >= configuration.maxPages {
                notes.append("stopped paging at the cap of \(configuration.maxPages) pages; more results exist")
                break
            }
            moreExist = false
            requested.insert(next.absoluteString)
            if let cursor { cursors.insert(cursor) }
            request = FoursquareRequestBuilder.request(next, configuration: configuration, timeout: query.timeout)
        }

        let center: Coordinate
        if let given = query.center {
            center = given
        } else if let located {
            center = located
            notes.append("Foursquare located the caller by IP at \(located)")
        } else {
            throw .invalidResponse(
                "Foursquare was asked to locate the caller by IP but its answer has no context.geo_bounds.circle.center"
            )
        }
        let inside = venues.filter { $0.coordinate.distance(to: center) <= Double(query.radius) }
        if inside.count < venues.count {
            notes.append(
                "left out \(venues.count - inside.count) Foursquare places outside the \(query.radius) m circle"
            )
        }
        if moreExist, query.sort != .distance {
            warnings.append(Self.partialOrderWarning(query, returned: inside.count))
        }
        for (reason, count) in skipped.sorted(by: { $0.key < $1.key }) {
            notes.append("skipped \(count) Foursquare record\(count == 1 ? "" : "s") \(reason)")
        }
        if pages > 1 { notes.append("fetched \(pages) Foursquare pages") }
        return ProviderResponse(
            venues: inside,
            center: query.center == nil ? center : nil,
            notes: notes.map { FoursquareErrors.scrub($0, secret: configuration.apiKey) },
            warnings: warnings
        )
    }

    /// What the user is told when the list is ordered by name or rating but Foursquare's answer
    /// stops short of the circle: the order covers only the places it returned.
    static func partialOrderWarning(_ query: VenueQuery, returned count: Int) -> String {
        let basis =
            switch FoursquareRequestBuilder.sort(query) {
            case "RATING": "the best rated"
            case "RELEVANCE": "the most relevant"
            default: "the nearest"
            }
        return "ordered by \(query.sort.rawValue) over the \(count) places Foursquare returned (\(basis)), "
            + "not over every place in the circle: Foursquare may have more"
    }

    // MARK: - Transport

    private func checkKey() throws(ProviderError) {
        guard !configuration.apiKey.isEmpty else {
            throw .unauthorized("\(FoursquareErrors.keyVariable) is not set: Foursquare needs an API key")
        }
    }

    private func send(_ request: HTTPRequest) async throws(ProviderError) -> HTTPResponse {
        guard KeyTransport.mayCarryKey(to: request.url) else {
            throw .badRequest(KeyTransport.refusal(url: configuration.baseURL, setting: "the Foursquare base URL"))
        }
        do {
            return try await httpClient.send(request)
        } catch {
            throw FoursquareErrors.scrub(ProviderError(error), secret: configuration.apiKey)
        }
    }

    private func scrubbing<T>(_ body: () throws(ProviderError) -> T) throws(ProviderError) -> T {
        do {
            return try body()
        } catch {
            throw FoursquareErrors.scrub(error, secret: configuration.apiKey)
        }
    }
}

import Foundation
public import VenuesCore
public import VenuesHTTP

/// Venues from Google Places API (New): Nearby Search, Text Search and Place Details.
///
/// ```swift
/// let key = ProcessInfo.processInfo.environment["GOOGLE_PLACES_API_KEY"] ?? ""
/// let provider = GooglePlacesProvider(
///     configuration: .init(apiKey: key, languageCode: "en"),
///     httpClient: CurlHTTPClient()
/// )
/// let helsinki = try Coordinate(latitude: 60.1699, longitude: 24.9384)
/// let response = try await provider.nearby(VenueQuery(center: helsinki, radius: 500, categories: [.cafe]))
/// ```
///
/// - Nearby: `POST /v1/places:searchNearby`, a `locationRestriction` circle, at most 20 places
///   (Google's cap; there is no paging). Radii above 50 000 m are clamped to 50 000 m with a note.
///   Places outside the circle are dropped.
/// - Ordered by name or rating, an answer that may have left places out (a full page, more
///   pages) carries a warning: the order covers only the places Google returned.
/// - Text search: `POST /v1/places:searchText`, a `locationBias` circle, pages of up to 20
///   followed with `pageToken` until the limit or ``Configuration/maxPages`` is reached; places
///   outside the radius are dropped.
/// - Lookup: `GET /v1/places/{id}` for `google:<place id>`.
///
/// The key travels only in the `X-Goog-Api-Key` header, and every call names its fields in
/// `X-Goog-FieldMask` (see ``GooglePlacesFieldMask``).
public struct GooglePlacesProvider: VenueProvider {
    public let id: ProviderID = .google
    public var capabilities: ProviderCapabilities { Self.descriptor.profile.capabilities }
    public let configuration: Configuration
    private let httpClient: any HTTPClient
    private let requests: GooglePlacesRequestBuilder

    /// Creates a provider that sends its requests through `httpClient`.
    public init(configuration: Configuration, httpClient: any HTTPClient) {
        self.configuration = configuration
        self.httpClient = httpClient
        self.requests = GooglePlacesRequestBuilder(configuration: configuration)
    }

    public func nearby(_ query: VenueQuery) async throws(ProviderError) -> ProviderResponse {
        try checkCancellation()
        let built = try requests.nearby(query)
        let page = try GooglePlacesDecoder.decodeSearch(try await send(built.request).body)
        var notes = page.notes
        var warnings = built.warnings
        var venues = page.venues
        if let center = query.center {
            // The circle is a restriction, but the contract is kept here too: nothing outside it.
            let inside = venues.filter { $0.coordinate.distance(to: center) <= Double(query.radius) }
            if inside.count < venues.count {
                notes.append("dropped \(venues.count - inside.count) place(s) outside the \(query.radius) m radius")
            }
            venues = inside
        }
        venues = filter(venues, categories: query.categories, notes: &notes)
        if query.limit > GooglePlacesRequestBuilder.maxPageSize {
            notes.append("Google Nearby Search returns at most \(GooglePlacesRequestBuilder.maxPageSize) places")
        }
        // A full answer means Google may have more: a name or rating order covers only these.
        let full = page.venues.count >= GooglePlacesRequestBuilder.pageSize(for: query.limit)
        venues = Array(venues.prefix(max(query.limit, 0)))
        if full, query.sort != .distance {
            warnings.append(Self.partialOrderWarning(query, returned: venues.count, basis: "the most popular"))
        }
        return ProviderResponse(venues: venues, center: query.center, notes: notes, warnings: warnings)
    }

    public func search(_ query: VenueQuery) async throws(ProviderError) -> ProviderResponse {
        try checkCancellation()
        guard let center = query.center else {
            throw .unsupported("google needs a search centre (--near LAT,LON)")
        }
        // Filter by the radius the user asked for: Google only biases towards the circle (and
        // never beyond 50 km), so it may answer with places outside it.
        let radius = Double(query.radius)
        let deadline = ContinuousClock.now + .milliseconds(Int(query.timeout * 1000))
        var venues: [Venue] = []
        var seen = Set<VenueID>()
        var notes: [String] = []
        var warnings: [String] = []
        var skipped = (location: 0, name: 0, id: 0, outside: 0, category: 0)
        var pageToken: String?
        var pages = 0
        repeat {
            try checkCancellation()
            var built = try requests.textSearch(query, pageToken: pageToken)
            if pages == 0 { warnings += built.warnings }
            // All pages share the query's timeout.
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else {
                if pages == 0 { throw .timedOut }
                warnings.append("no time left for page \(pages + 1): returning the first \(pages) page(s)")
                pageToken = nil
                break
            }
            built.request.timeout = remaining.seconds
            let page: GooglePlacesDecoder.Page
            do {
                page = try GooglePlacesDecoder.decodeSearch(try await send(built.request).body)
            } catch {
                // A transient failure after the first page keeps the venues already found.
                guard pages > 0, Self.keepsEarlierPages(error) else { throw error }
                warnings.append("page \(pages + 1) failed (\(error.message)): returning the first \(pages) page(s)")
                pageToken = nil
                break
            }
            pages += 1
            skipped.location += page.skippedWithoutLocation
            skipped.name += page.skippedWithoutName
            skipped.id += page.skippedWithoutID
            for venue in page.venues where seen.insert(venue.id).inserted {
                guard venue.coordinate.distance(to: center) <= radius else {
                    skipped.outside += 1
                    continue
                }
                guard query.categories.isEmpty || !query.categories.isDisjoint(with: venue.categories) else {
                    skipped.category += 1
                    continue
                }
                venues.append(venue)
            }
            pageToken = page.nextPageToken
        } while pageToken != nil && venues.count < query.limit && pages < configuration.maxPages

        notes.append("fetched \(pages) page(s) of Google Text Search results")
        if skipped.location > 0 { notes.append("skipped \(skipped.location) place(s) without a location") }
        if skipped.name > 0 { notes.append("skipped \(skipped.name) place(s) without a name") }
        if skipped.id > 0 { notes.append("skipped \(skipped.id) place(s) without an id") }
        if skipped.outside > 0 {
            notes.append("dropped \(skipped.outside) place(s) outside the \(Int(radius)) m radius")
        }
        if skipped.category > 0 {
            notes.append("dropped \(skipped.category) place(s) outside the requested categories")
        }
        if pageToken != nil, venues.count < query.limit {
            notes.append("stopped after \(configuration.maxPages) page(s) (maxPages); Google has more results")
        }
        if query.sort != .distance, pageToken != nil || venues.count > query.limit {
            warnings.append(
                Self.partialOrderWarning(query, returned: min(venues.count, query.limit), basis: "the most relevant")
            )
        }
        return ProviderResponse(
            venues: Array(venues.prefix(max(query.limit, 0))),
            center: center,
            notes: notes,
            warnings: warnings
        )
    }

    public func venue(_ id: VenueID, timeout: Double) async throws(ProviderError) -> Venue {
        guard id.provider == self.id else {
            throw .badRequest("\(id) is not a Google place id: expected google:<place id>")
        }
        try checkCancellation()
        let request = requests.details(placeID: id.native, timeout: timeout)
        return try GooglePlacesDecoder.decodePlace(try await send(request, lookup: id).body)
    }

    /// Sends a request and returns a 2xx answer, or throws the mapped error.
    private func send(_ request: HTTPRequest, lookup: VenueID? = nil) async throws(ProviderError) -> HTTPResponse {
        guard !configuration.apiKey.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw .unauthorized(
                "no API key: set \(Configuration.apiKeyEnvironmentVariable) to a Google Places API (New) key"
            )
        }
        guard KeyTransport.mayCarryKey(to: request.url) else {
            throw .badRequest(KeyTransport.refusal(url: configuration.baseURL, setting: "the Google Places base URL"))
        }
        let response: HTTPResponse
        do {
            response = try await httpClient.send(request)
        } catch {
            throw scrubbed(ProviderError(error))
        }
        guard (200..<300).contains(response.status) else {
            throw GooglePlacesErrors.error(for: response, apiKey: configuration.apiKey, lookup: lookup)
        }
        return response
    }

    /// Whether a failure of a later page should keep the earlier pages' venues: yes for
    /// transient failures, no for mistakes (bad request, key) and cancellation.
    static func keepsEarlierPages(_ error: ProviderError) -> Bool {
        switch error {
        case .timedOut, .unreachable, .rateLimited, .server, .invalidResponse: true
        default: false
        }
    }

    /// Keeps only venues in one of the requested categories (no-op without categories).
    private func filter(_ venues: [Venue], categories: Set<Category>, notes: inout [String]) -> [Venue] {
        guard !categories.isEmpty else { return venues }
        let kept = venues.filter { !categories.isDisjoint(with: $0.categories) }
        if kept.count < venues.count {
            notes.append("dropped \(venues.count - kept.count) place(s) outside the requested categories")
        }
        return kept
    }

    /// What the user is told when the list is ordered by name or rating but Google's answer
    /// stops short of the circle: the order covers only the places it returned.
    static func partialOrderWarning(_ query: VenueQuery, returned count: Int, basis: String) -> String {
        "ordered by \(query.sort.rawValue) over the \(count) places Google returned (\(basis)), "
            + "not over every place in the circle: Google may have more"
    }

    private func checkCancellation() throws(ProviderError) {
        if Task.isCancelled { throw .cancelled }
    }

    /// Transport messages may quote the URL; the key is never in it, but scrub anyway.
    private func scrubbed(_ error: ProviderError) -> ProviderError {
        let secrets = [configuration.apiKey]
        switch error {
        case .unreachable(let detail): return .unreachable(Redaction.scrub(detail, secrets: secrets))
        case .invalidResponse(let detail): return .invalidResponse(Redaction.scrub(detail, secrets: secrets))
        default: return error
        }
    }
}

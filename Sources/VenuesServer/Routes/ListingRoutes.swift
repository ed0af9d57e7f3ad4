import Foundation
import Hummingbird
import VenuesAggregator
import VenuesCore
import VenuesEngine
import VenuesFavorites
import VenuesMerge
import VenuesOpenState
import VenuesOutput
import VenuesServerStore

/// `GET /v1/nearby` and `GET /v1/search`: the CLI's listing document for the caller, with the
/// caller's favourites flagged.
///
/// Parameters as the CLI's options, by the same rules and messages (``QueryParameters``):
/// `near=LAT,LON` (required unless the server configures a default location), `radius`,
/// `category` (repeatable or comma-separated), `providers`, `limit`, `sort`, `timeout`,
/// `explain`; `term` for a search; on opening hours `openNow`, `openAt`, `openFor`,
/// `includeUnknown` and `country` (``HoursRequest``, the CLI's rules). Answers 200 when at least one provider answered (the others
/// are in `providers[]`); when none did, 429 if every one is rate limited, else 503.
///
/// The listing is JSON unless asked otherwise: `format=json|geojson|csv|html`, else the
/// `Accept` header (``ListingFormat/negotiated(accept:)``; 406 when it accepts none of them).
/// Errors are always JSON.
struct ListingRoutes: Sendable {
    let services: ServerServices
    /// Requests already parsed and checked, by their query text.
    let prepared = PreparedListings()

    static let nearbyParameters: Set<String> = [
        "near", "radius", "category", "providers", "limit", "sort", "timeout", "explain", "format",
        "openNow", "openAt", "openFor", "includeUnknown", "country",
    ]
    static let searchParameters = nearbyParameters.union(["term"])

    func nearby(_ request: Request, context: ServerRequestContext) async throws -> Response {
        try await listing(request, context: context, search: false)
    }

    func search(_ request: Request, context: ServerRequestContext) async throws -> Response {
        try await listing(request, context: context, search: true)
    }

    private func listing(_ request: Request, context: ServerRequestContext, search: Bool) async throws -> Response {
        let key = PreparedListings.Key(search: search, query: request.uri.query ?? "")
        let prepared = try prepared.prepared(for: key) { try prepare(request, search: search) }
        let (query, explain, providers, unusable) = (
            prepared.query, prepared.explain, prepared.providers, prepared.unusable
        )
        let format = try prepared.format ?? Self.negotiated(request)
        let favorites = await clientFavorites(context)
        // Opening hours are shown for the minute: the providers' answers filtered on them are
        // cached for it, and a JSON listing made only of fresh cached answers may have been
        // rendered already in the same minute.
        let minute = Int((Date().timeIntervalSince1970 / 60).rounded(.down))
        let moment = prepared.hours.moment(
            now: Date(timeIntervalSince1970: Double(minute) * 60),
            memo: services.hoursMemo
        )
        let filter = prepared.hours.filter(moment)
        var keys = prepared.keys
        if let filter {
            // What the aggregator will ask: the filter's test of single venues is for the minute.
            var filtered = query
            filter.prepare(&filtered)
            keys = providers.map { UpstreamKey(provider: $0.id, query: Aggregator.query(filtered, for: $0)) }
        }
        let renderedKey = (format == .json ? favorites : nil).flatMap { favorites in
            services.upstream.freshAnswers(for: keys).map { answers in
                RenderedListings.Key(text: prepared.description + "|\(minute)", answers: answers, favorites: favorites)
            }
        }
        if let renderedKey, let body = services.rendered.body(for: renderedKey) {
            services.upstream.countRenderedHits(providers.map(\.id))
            return JSONResponse.make(body: body, headers: Self.varyAccept)
        }
        var aggregator = try Aggregator(
            providers: providers,
            merger: Deduplicator(priority: services.configuration.dedupe.priority),
            favorites: favorites.map { FavoriteIndex(favorites: $0) } ?? NoFavorites()
        )
        aggregator.filter = filter
        var result = await aggregator.run(query)
        result.outcomes.append(contentsOf: unusable)
        guard result.anyProviderAnswered else { throw Self.noAnswer(result.outcomes) }
        let storeProblem = RequestNotes.current?.storeProblem
        if let storeProblem {
            result.outcomes = result.outcomes.map { Self.warned($0, storeProblem: storeProblem) }
        }
        let document = ResultDocument(
            result: result,
            explain: explain,
            catalog: services.registry.catalog,
            hours: moment
        )
        guard format == .json else { return try Self.response(document, format: format) }
        let body = JSONResponse.body(try JSONRenderer.render(document))
        if let renderedKey, storeProblem == nil,
            result.outcomes.allSatisfy({ $0.error == nil || unusable.contains($0) }),
            services.upstream.freshAnswers(for: keys) == renderedKey.answers
        {
            services.rendered.keep(body, for: renderedKey)
        }
        return JSONResponse.make(body: body, headers: Self.varyAccept)
    }

    /// A listing's answer depends on the `Accept` header as well as the URL.
    static let varyAccept: HTTPFields = [.vary: "Accept"]

    /// The listing in a format other than JSON, with its media type (and the page's
    /// Content-Security-Policy for HTML).
    static func response(_ document: ResultDocument, format: ListingFormat) throws -> Response {
        var headers = varyAccept
        headers[.contentType] = format.mediaType
        if format == .html { headers[.contentSecurityPolicy] = ContentSecurityPolicy.file(tiles: true) }
        return Response(
            status: .ok,
            headers: headers,
            body: .init(byteBuffer: ByteBuffer(string: try format.render(document)))
        )
    }

    /// The format the `Accept` header asks for (JSON without one); 406 when it accepts none.
    static func negotiated(_ request: Request) throws -> ListingFormat {
        let accept = request.headers[values: .accept].joined(separator: ", ")
        guard let format = ListingFormat.negotiated(accept: accept.isEmpty ? nil : accept) else {
            throw APIError(
                status: .notAcceptable,
                kind: "notAcceptable",
                message: "the Accept header takes none of the listing's formats: "
                    + ListingFormat.allCases.flatMap(\.acceptedTypes).joined(separator: ", ")
                    + " (or format=json|geojson|csv|html)"
            )
        }
        return format
    }

    /// The request's parameters checked and turned into a query, the providers to ask and
    /// their keys; 400 for a parameter the CLI would refuse, 503 when no provider is configured.
    private func prepare(_ request: Request, search: Bool) throws -> PreparedListings.Prepared {
        let url = try URLQuery(request, allowed: search ? Self.searchParameters : Self.nearbyParameters)
        let parameters = try Self.parameters(url, search: search)
        do {
            try parameters.validate()
        } catch {
            throw APIError.badRequest(error.description)
        }
        let configuration = services.configuration
        guard parameters.near != nil || configuration.defaultLocation != nil else {
            throw APIError.badRequest(
                "near is required: give the centre as near=LAT,LON in decimal degrees, e.g. near=52.3791,4.9003"
            )
        }
        let hours = try Self.hoursRequest(url)
        var query = parameters.query(configuration: configuration, fallbackCenter: configuration.defaultLocation)
        // Asked for when filtered on (the filter itself is for the minute of each request).
        if hours.filters { query.wantsOpeningHours = true }
        let named = try? parameters.providerIDs()
        let (providers, unusable) = services.providers.choose(named)
        guard !providers.isEmpty || !unusable.isEmpty else {
            throw APIError(
                status: .serviceUnavailable,
                kind: "noProviderAnswered",
                message: "no provider is configured on this server"
            )
        }
        let explain = try url.flag("explain")
        let format = try url.single("format").map { text in
            guard let format = ListingFormat(rawValue: text) else {
                throw APIError.badRequest(
                    "format '\(text.prefix(60))' is not known: expected "
                        + ListingFormat.allCases.map(\.rawValue).joined(separator: ", ")
                )
            }
            return format
        }
        let keys = providers.map { UpstreamKey(provider: $0.id, query: query) }
        return PreparedListings.Prepared(
            query: query,
            explain: explain,
            format: format,
            providers: providers,
            unusable: unusable,
            keys: keys,
            description: ([Self.describe(query, explain: explain, unusable: unusable), "\(hours)"] + keys.map(\.text))
                .joined(separator: "|"),
            hours: hours
        )
    }

    /// The URL's opening-hours parameters, checked by the CLI's rules; 400 when refused.
    static func hoursRequest(_ url: URLQuery) throws -> HoursRequest {
        let request = HoursRequest(
            openNow: try url.strictFlag("openNow"),
            openAt: try url.single("openAt"),
            openFor: try url.single("openFor"),
            includeUnknown: try url.strictFlag("includeUnknown"),
            country: try url.single("country")
        )
        do {
            try request.validate()
        } catch {
            throw APIError.badRequest(error.message(naming: \.rawValue))
        }
        return request
    }

    /// Everything but the answers and the favourites that decides a listing's bytes: the query
    /// as given, the providers that could not be asked (the providers asked and their order
    /// are in the answers' keys).
    static func describe(_ query: VenueQuery, explain: Bool, unusable: [ProviderOutcome]) -> String {
        [
            query.center?.description ?? "-", String(query.radius), query.term ?? "-",
            query.categories.map(\.rawValue).sorted().joined(separator: ","), String(query.limit), query.sort.rawValue,
            explain ? "explain" : "-", unusable.map(\.provider.rawValue).joined(separator: ","),
        ].joined(separator: "|")
    }

    /// The caller's favourites, or `nil` (and a note) when the store is unavailable.
    private func clientFavorites(_ context: ServerRequestContext) async -> [Favorite]? {
        guard let client = context.client else { return [] }
        do throws(ServerStoreError) {
            return try await services.store.call { store throws(ServerStoreError) in
                try await store.favorites(client: client)
            }
        } catch {
            RequestNotes.current?.storeUnavailable(error.reason)
            return nil
        }
    }

    /// The URL's parameters in the validator's form.
    static func parameters(_ url: URLQuery, search: Bool) throws -> QueryParameters {
        var parameters = QueryParameters(
            near: try url.single("near"),
            radius: try url.integer(.radius, expected: "a whole number of metres from 1 to 100000"),
            providers: url.all("providers"),
            categories: url.list("category"),
            limit: try url.integer(.limit, expected: "a whole number of at least 1"),
            sort: try url.single("sort"),
            timeout: try url.number(.timeout, expected: VenueQuery.timeoutRangeText)
        )
        if search {
            guard let term = try url.single("term") else {
                throw APIError.badRequest("term is required: give the name or kind of place to search for")
            }
            parameters.term = term
        }
        return parameters
    }

    /// The error when no provider answered: 429 when every one was rate limited (with the
    /// soonest time to try again), else 503; the message names each provider's reason.
    static func noAnswer(_ outcomes: [ProviderOutcome]) -> APIError {
        let reasons = outcomes.compactMap { outcome in
            outcome.error.map { "\(outcome.provider): \(TextSanitizer.clean($0.message))" }
        }
        let message = "no provider answered: " + reasons.joined(separator: "; ")
        let waits = outcomes.compactMap { outcome -> Double?? in
            if case .rateLimited(let retryAfter)? = outcome.error { return .some(retryAfter) }
            return nil
        }
        if !outcomes.isEmpty, waits.count == outcomes.count {
            return .rateLimited(message, retryAfter: waits.compactMap { $0 }.min())
        }
        return APIError(status: .serviceUnavailable, kind: "noProviderAnswered", message: message)
    }

    /// An answering provider's outcome with a warning that the store was not used.
    static func warned(_ outcome: ProviderOutcome, storeProblem: String) -> ProviderOutcome {
        guard case .success(var response) = outcome.result else { return outcome }
        response.warnings.append(
            "the server's store is unavailable (\(storeProblem)): answered without its cache, favourites not flagged"
        )
        var outcome = outcome
        outcome.result = .success(response)
        return outcome
    }
}

extension ServerStoreError {
    /// The reason alone, for messages that say "the store is unavailable" themselves.
    var reason: String {
        switch self {
        case .unavailable(let reason): reason
        default: description
        }
    }
}

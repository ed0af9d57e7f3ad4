public import Foundation
public import VenuesCore
public import VenuesHTTP

/// Builds Foursquare requests: pure, no I/O.
///
/// 2025-06-17: `GET {base}/places/search`, `Authorization: Bearer <key>`,
/// `X-Places-Api-Version: 2025-06-17`. v3: `GET {base}/v3/places/search`, the raw key in
/// `Authorization`, `X-Places-Api-Version: 1970-01-01` (the only value v3's OpenAPI allows).
/// Both: `Accept: application/json` and an explicit `fields` list.
public enum FoursquareRequestBuilder {
    /// The fields a search asks for: what a result row shows, nothing more.
    ///
    /// A listing (table, CSV, JSON, GeoJSON) shows id, name, position, address, categories,
    /// phone, web site and rating; `tel`/`website` and the chain's name (`chains`, another
    /// name the place goes by) also let the aggregator merge duplicates.
    /// `price` is not asked for here: only `venues show` displays it, through ``detailFields(_:)``.
    public static func searchFields(_ api: FoursquareProvider.Configuration.API) -> [String] {
        switch api {
        case .places20250617:
            [
                "fsq_place_id", "name", "latitude", "longitude", "location", "categories", "tel", "website", "rating",
                "chains",
            ]
        case .v3:
            ["fsq_id", "name", "geocodes", "location", "categories", "tel", "website", "rating", "chains"]
        }
    }

    /// The fields a lookup (`venues show`) asks for: the search fields plus the price tier,
    /// opening hours, the rating count and photos.
    public static func detailFields(_ api: FoursquareProvider.Configuration.API) -> [String] {
        searchFields(api) + ["price"] + hoursFields(api) + ["stats", "photos"]
    }

    /// The fields of opening hours: `hours`, and in v3 the place's `timezone` (the new API
    /// dropped it: the zone then comes from the position).
    public static func hoursFields(_ api: FoursquareProvider.Configuration.API) -> [String] {
        api == .v3 ? ["hours", "timezone"] : ["hours"]
    }

    /// The value of `X-Places-Api-Version`.
    public static func versionHeader(_ api: FoursquareProvider.Configuration.API) -> String {
        switch api {
        case .places20250617: "2025-06-17"
        case .v3: "1970-01-01"
        }
    }

    /// The headers of every request (the same on every page).
    public static func headers(_ configuration: FoursquareProvider.Configuration) -> HTTPHeaders {
        let authorization =
            switch configuration.api {
            case .places20250617: "Bearer \(configuration.apiKey)"
            case .v3: configuration.apiKey
            }
        return [
            "Authorization": authorization,
            "X-Places-Api-Version": versionHeader(configuration.api),
            "Accept": "application/json",
        ]
    }

    /// `{base}/places/search` or `{base}/v3/places/search`.
    public static func searchEndpoint(_ configuration: FoursquareProvider.Configuration) -> URL {
        endpoint(configuration, path: ["places", "search"])
    }

    /// `{base}/places/{id}` or `{base}/v3/places/{id}`, the id escaped as one path segment.
    public static func placeEndpoint(_ configuration: FoursquareProvider.Configuration, native: String) -> URL {
        endpoint(configuration, path: ["places", native])
    }

    /// The query items of the first search page, in a fixed order: `ll` (omitted without a
    /// centre: Foursquare then locates the caller by IP), `radius` (≤ 100 000), `query`,
    /// `fsq_category_ids` / `categories`, `sort`, `limit` (≤ 50), `fields`.
    public static func searchQueryItems(
        _ query: VenueQuery,
        configuration: FoursquareProvider.Configuration
    ) -> [URLQueryItem] {
        var items: [URLQueryItem] = []
        if let center = query.center {
            items.append(URLQueryItem(name: "ll", value: "\(degrees(center.latitude)),\(degrees(center.longitude))"))
        }
        items.append(URLQueryItem(name: "radius", value: String(clampedRadius(query.radius))))
        if query.isTextSearch, let term = query.term {
            items.append(URLQueryItem(name: "query", value: term))
        }
        if let filter = FoursquareCategories.filterValue(for: query.categories, api: configuration.api) {
            let name = configuration.api == .v3 ? "categories" : "fsq_category_ids"
            items.append(URLQueryItem(name: name, value: filter))
        }
        items.append(URLQueryItem(name: "sort", value: sort(query)))
        items.append(URLQueryItem(name: "limit", value: String(pageSize(query.limit))))
        // Hours are a premium field: asked for only when a filter on them needs them.
        let fields = searchFields(configuration.api) + (query.wantsOpeningHours ? hoursFields(configuration.api) : [])
        items.append(URLQueryItem(name: "fields", value: fields.joined(separator: ",")))
        return items
    }

    /// The first search request.
    public static func searchRequest(
        _ query: VenueQuery,
        configuration: FoursquareProvider.Configuration
    ) -> HTTPRequest {
        var components = URLComponents(url: searchEndpoint(configuration), resolvingAgainstBaseURL: false)!
        components.percentEncodedQueryItems = searchQueryItems(query, configuration: configuration).map {
            URLQueryItem(name: $0.name, value: $0.value.map(encodeQueryValue))
        }
        return request(components.url!, configuration: configuration, timeout: query.timeout)
    }

    /// The lookup request for one place, with ``detailFields(_:)``.
    public static func placeRequest(
        native: String,
        configuration: FoursquareProvider.Configuration,
        timeout: Double = VenueQuery.defaultTimeout
    ) -> HTTPRequest {
        var components = URLComponents(
            url: placeEndpoint(configuration, native: native),
            resolvingAgainstBaseURL: false
        )!
        components.percentEncodedQueryItems = [
            URLQueryItem(
                name: "fields",
                value: encodeQueryValue(detailFields(configuration.api).joined(separator: ","))
            )
        ]
        return request(components.url!, configuration: configuration, timeout: timeout)
    }

    /// A GET of `url` with the configuration's headers and retry policy (used for next pages too).
    public static func request(
        _ url: URL,
        configuration: FoursquareProvider.Configuration,
        timeout: Double
    ) -> HTTPRequest {
        HTTPRequest(
            method: .get,
            url: url,
            headers: headers(configuration),
            timeout: timeout,
            retry: configuration.retry
        )
    }

    /// The Foursquare `sort`: `DISTANCE` for distance (and for a name or relevance sort of a
    /// nearby search: the nearest places first, the aggregator sorts), `RATING` for rating,
    /// `RELEVANCE` for a text search sorted by name or relevance.
    public static func sort(_ query: VenueQuery) -> String {
        switch query.sort {
        case .distance: "DISTANCE"
        case .rating: "RATING"
        case .name, .relevance: query.isTextSearch ? "RELEVANCE" : "DISTANCE"
        }
    }

    /// The radius Foursquare accepts: 0…100 000 m.
    public static func clampedRadius(_ radius: Int) -> Int {
        min(max(radius, 0), FoursquareProvider.Configuration.maxRadius)
    }

    /// The page size for a wanted total: 1…50.
    public static func pageSize(_ limit: Int) -> Int {
        min(max(limit, 1), FoursquareProvider.Configuration.maxPageSize)
    }

    /// Degrees with at most 7 decimals (about 1 cm), no exponent, no trailing zeros.
    static func degrees(_ value: Double) -> String {
        var text = String(format: "%.7f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// Percent-encodes a query value: everything but ASCII letters, digits, `-._~` and `,`
    /// (Foursquare separates lists with commas), so `&`, `=`, `+`, `#` and non-ASCII text
    /// survive any server's form decoding.
    static func encodeQueryValue(_ value: String) -> String {
        let allowed = CharacterSet(
            charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~,"
        )
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }

    private static func endpoint(_ configuration: FoursquareProvider.Configuration, path: [String]) -> URL {
        let segments = (configuration.api == .v3 ? ["v3"] : []) + path
        var components = URLComponents(url: configuration.baseURL, resolvingAgainstBaseURL: false)!
        var prefix = components.percentEncodedPath
        while prefix.hasSuffix("/") { prefix.removeLast() }
        components.percentEncodedPath =
            prefix + "/" + segments.map(FoursquareDecoder.escapePathSegment).joined(separator: "/")
        components.query = nil
        components.fragment = nil
        return components.url!
    }
}

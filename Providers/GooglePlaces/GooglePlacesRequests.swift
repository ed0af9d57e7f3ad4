import Foundation
public import VenuesCore
public import VenuesHTTP

/// Builds the HTTP requests of ``GooglePlacesProvider``, with no I/O.
///
/// Every request carries the key in `X-Goog-Api-Key` (never in the URL) and an explicit
/// `X-Goog-FieldMask` (never `*`).
public struct GooglePlacesRequestBuilder: Sendable {
    /// Google's largest circle radius in metres (`GoogleMapsPlacesV1Circle.radius` is 0…50 000).
    public static let maxRadius = 50_000
    /// Google's largest `maxResultCount` (Nearby) and `pageSize` (Text Search).
    public static let maxPageSize = 20

    public let configuration: GooglePlacesProvider.Configuration

    public init(configuration: GooglePlacesProvider.Configuration) {
        self.configuration = configuration
    }

    /// A search request body plus what the caller should tell the user about it.
    public struct Built: Sendable {
        public var request: HTTPRequest
        /// What the user must be told: a radius lowered to Google's maximum.
        public var warnings: [String]
    }

    /// `POST /v1/places:searchNearby` for the query.
    public func nearby(_ query: VenueQuery) throws(ProviderError) -> Built {
        let (circle, warnings) = try circle(for: query)
        let body = SearchNearbyRequestBody(
            includedTypes: GooglePlacesTypes.includedTypes(for: query.categories),
            maxResultCount: Self.pageSize(for: query.limit),
            locationRestriction: GoogleCircleArea(circle: circle),
            rankPreference: query.sort == .distance ? "DISTANCE" : "POPULARITY",
            languageCode: configuration.languageCode
        )
        let request = post(
            path: "/v1/places:searchNearby",
            body: Self.encode(body),
            fieldMask: query.wantsOpeningHours ? GooglePlacesFieldMask.nearbyWithHours : GooglePlacesFieldMask.nearby,
            timeout: query.timeout
        )
        return Built(request: request, warnings: warnings)
    }

    /// `POST /v1/places:searchText` for the query; `pageToken` for the pages after the first.
    /// Every other field is the same for every page of one search, as Google requires.
    public func textSearch(_ query: VenueQuery, pageToken: String? = nil) throws(ProviderError) -> Built {
        guard let term = query.term?.trimmingCharacters(in: .whitespacesAndNewlines), !term.isEmpty else {
            throw .badRequest("Google Text Search needs a search term")
        }
        let (circle, warnings) = try circle(for: query)
        let body = SearchTextRequestBody(
            textQuery: term,
            includedType: GooglePlacesTypes.includedType(for: query.categories),
            pageSize: Self.pageSize(for: query.limit),
            pageToken: pageToken,
            locationBias: GoogleCircleArea(circle: circle),
            rankPreference: query.sort == .distance ? "DISTANCE" : "RELEVANCE",
            languageCode: configuration.languageCode
        )
        let request = post(
            path: "/v1/places:searchText",
            body: Self.encode(body),
            fieldMask: query.wantsOpeningHours
                ? GooglePlacesFieldMask.textSearchWithHours : GooglePlacesFieldMask.textSearch,
            timeout: query.timeout
        )
        return Built(request: request, warnings: warnings)
    }

    /// `GET /v1/places/{id}` with the details field mask; the id is percent-escaped.
    public func details(placeID: String, timeout: Double = VenueQuery.defaultTimeout) -> HTTPRequest {
        let escaped = placeID.addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? placeID
        var components = URLComponents(url: endpoint("/v1/places/\(escaped)"), resolvingAgainstBaseURL: false)
        if let languageCode = configuration.languageCode {
            components?.queryItems = [URLQueryItem(name: "languageCode", value: languageCode)]
        }
        return HTTPRequest(
            method: .get,
            url: components?.url ?? endpoint("/v1/places/\(escaped)"),
            headers: headers(fieldMask: GooglePlacesFieldMask.details, json: false),
            timeout: timeout,
            maxRedirects: Self.maxRedirects
        )
    }

    /// No redirects are followed: libcurl would send the `X-Goog-Api-Key` header (a custom
    /// header, unlike `Authorization`) on to whatever host a redirect names, and the Places API
    /// never redirects. A 3xx answer is reported as an unexpected response instead.
    static let maxRedirects = 0

    /// RFC 3986 unreserved characters (ASCII only): everything else in a place id is escaped.
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~"
    )

    /// 1…20: Google rejects `maxResultCount` above 20 and clamps `pageSize` there.
    static func pageSize(for limit: Int) -> Int {
        min(max(limit, 1), maxPageSize)
    }

    private func circle(for query: VenueQuery) throws(ProviderError) -> (GoogleCircle, [String]) {
        guard let center = query.center else {
            throw .unsupported("google needs a search centre (--near LAT,LON)")
        }
        guard query.radius > 0 else {
            throw .badRequest("radius \(query.radius) m: expected a positive number of metres")
        }
        var warnings: [String] = []
        var radius = query.radius
        if radius > Self.maxRadius {
            warnings.append(
                "radius \(radius) m is larger than Google's maximum of \(Self.maxRadius) m: searched \(Self.maxRadius) m"
            )
            radius = Self.maxRadius
        }
        let circle = GoogleCircle(
            center: GoogleLatLng(latitude: center.latitude, longitude: center.longitude),
            radius: Double(radius)
        )
        return (circle, warnings)
    }

    private func post(path: String, body: Data, fieldMask: String, timeout: Double) -> HTTPRequest {
        HTTPRequest(
            method: .post,
            url: endpoint(path),
            headers: headers(fieldMask: fieldMask, json: true),
            body: body,
            timeout: timeout,
            maxRedirects: Self.maxRedirects
        )
    }

    private func headers(fieldMask: String, json: Bool) -> HTTPHeaders {
        var headers: HTTPHeaders = [:]
        if json { headers["Content-Type"] = "application/json" }
        headers["Accept"] = "application/json"
        headers["X-Goog-Api-Key"] = configuration.apiKey
        headers["X-Goog-FieldMask"] = fieldMask
        return headers
    }

    /// The base URL (with any path prefix of a proxy kept) plus the API path.
    private func endpoint(_ path: String) -> URL {
        var base = configuration.baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return URL(string: base + path) ?? configuration.baseURL
    }

    private static func encode(_ body: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // The bodies are plain structs of strings and numbers: encoding cannot fail.
        return (try? encoder.encode(body)) ?? Data("{}".utf8)
    }
}

import Foundation
import VenuesTestSupport

/// A request as the fake Google server sees it, from either transport.
struct GoogleRequest: Sendable {
    var method: String
    /// The decoded path, e.g. `/v1/places:searchNearby`.
    var path: String
    var query: [(name: String, value: String)]
    /// Header names lowercased.
    var headers: [String: String]
    var body: Data

    func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The body as a JSON object, or `nil`.
    var jsonBody: [String: Any]? {
        (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
    }
}

/// A stand-in for `places.googleapis.com` that validates requests the way Google does and
/// answers with the test fixtures.
///
/// - no `X-Goog-Api-Key` → 403 `PERMISSION_DENIED`; a wrong key → 400 `API_KEY_INVALID`;
/// - a `key=` URL parameter → 400 (Google would accept it, but we must never send one);
/// - no `X-Goog-FieldMask` → 400 `INVALID_ARGUMENT` "FieldMask is a required parameter…";
///   a `*` mask → 400 (allowed by Google, forbidden for us: it bills the dearest tier);
/// - Nearby: circle `locationRestriction` required, radius 0…50 000, `maxResultCount` 1…20,
///   Table A `includedTypes` only, no `textQuery`/`pageToken`;
/// - Text Search: `textQuery` required, no circle `locationRestriction`, `pageSize` ≥ 0,
///   a `pageToken` must be one we issued and every other field must equal the first page's.
///
/// Every answer it gives is recorded with its status, so tests can assert that the provider
/// never provoked a 4xx.
actor FakeGooglePlaces {
    let apiKey: String
    /// Forces this answer for every request that passes validation (error-path tests).
    var forced: StubResponse?
    /// The Nearby Search answer.
    var nearbyBody: Data
    /// Text Search pages in order; page N+1 is reached with token `SyntheticPageToken-(N+1)`
    /// as written in the fixtures.
    var textPages: [Data]
    /// Place Details answers by place id.
    var details: [String: Data]

    private(set) var received: [GoogleRequest] = []
    private(set) var answeredStatuses: [Int] = []
    private var firstTextBody: [String: Any]?

    /// Table A types the fake accepts (the ones this provider may send, plus a few more).
    static let tableA: Set<String> = [
        "restaurant", "cafe", "coffee_shop", "bar", "wine_bar", "pub", "fast_food_restaurant", "bakery",
        "ice_cream_shop", "hotel", "lodging", "museum", "art_gallery", "tourist_attraction", "park", "store",
        "supermarket", "grocery_store", "pharmacy", "drugstore", "bank", "atm", "movie_theater",
        "performing_arts_theater", "night_club", "library", "gym", "fitness_center", "pizza_restaurant",
    ]

    init(apiKey: String) throws {
        self.apiKey = apiKey
        self.nearbyBody = try Fixtures.data("searchnearby-helsinki-cafes.json")
        self.textPages = try (1...3).map { try Fixtures.data("searchtext-helsinki-pizza-page\($0).json") }
        self.details = ["SyntheticHEL-cafe-0004": try Fixtures.data("place-details-cafe-engel.json")]
    }

    /// Answers for particular Text Search pages (0-based), after validation.
    var pageFailures: [Int: StubResponse] = [:]

    func force(_ response: StubResponse?) { forced = response }
    func failPage(_ index: Int, with response: StubResponse) { pageFailures[index] = response }
    func setTextPages(_ pages: [Data]) { textPages = pages }
    /// Place Details answers `body` for `id`.
    func know(_ id: String, _ body: Data) { details[id] = body }

    func respond(_ request: GoogleRequest) -> StubResponse {
        received.append(request)
        let response = route(request)
        answeredStatuses.append(response.status)
        return response
    }

    private func route(_ request: GoogleRequest) -> StubResponse {
        if request.query.contains(where: { $0.name.lowercased() == "key" }) {
            return Self.error(400, "INVALID_ARGUMENT", "test server: the API key must not travel in the URL")
        }
        guard let key = request.header("X-Goog-Api-Key"), !key.isEmpty else {
            return Self.fixture("error-403-missing-key.json", status: 403)
        }
        guard key == apiKey else {
            return Self.fixture("error-400-api-key-invalid.json", status: 400)
        }
        guard let mask = request.header("X-Goog-FieldMask"), !mask.isEmpty else {
            return Self.fixture("error-400-missing-field-mask.json", status: 400)
        }
        if mask.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == "*" }) {
            return Self.error(400, "INVALID_ARGUMENT", "test server: the wildcard field mask is not allowed")
        }
        switch (request.method, request.path) {
        case ("POST", "/v1/places:searchNearby"):
            if let problem = validateNearby(request) { return problem }
            return forced ?? .json(String(decoding: Self.masked(nearbyBody, mask: mask), as: UTF8.self))
        case ("POST", "/v1/places:searchText"):
            return searchText(request)
        case ("GET", let path) where path.hasPrefix("/v1/places/"):
            if let forced { return forced }
            let id = String(path.dropFirst("/v1/places/".count))
            guard let body = details[id] else { return Self.fixture("error-404-not-found.json", status: 404) }
            return .json(String(decoding: body, as: UTF8.self))
        default:
            return Self.error(404, "NOT_FOUND", "test server: no route for \(request.method) \(request.path)")
        }
    }

    /// The hours fields of a place sit in a costlier tier: like Google, the fake sends them only
    /// when the mask names them.
    static let hoursFields = ["regularOpeningHours", "currentOpeningHours", "utcOffsetMinutes", "timeZone"]

    /// `body` without the place fields the mask does not ask for (of ``hoursFields``).
    static func masked(_ body: Data, mask: String) -> Data {
        let asked = Set(mask.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        guard var object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any],
            let places = object["places"] as? [[String: Any]]
        else { return body }
        object["places"] = places.map { place in
            var place = place
            for field in hoursFields where !asked.contains("places." + field) { place[field] = nil }
            return place
        }
        return (try? JSONSerialization.data(withJSONObject: object)) ?? body
    }

    private func validateNearby(_ request: GoogleRequest) -> StubResponse? {
        guard request.header("Content-Type")?.hasPrefix("application/json") == true else {
            return Self.error(400, "INVALID_ARGUMENT", "test server: Content-Type must be application/json")
        }
        guard let body = request.jsonBody else {
            return Self.error(400, "INVALID_ARGUMENT", "Invalid JSON payload received.")
        }
        for forbidden in ["textQuery", "pageToken", "pageSize"] where body[forbidden] != nil {
            return Self.error(400, "INVALID_ARGUMENT", "Invalid JSON payload received. Unknown name \"\(forbidden)\".")
        }
        guard let restriction = body["locationRestriction"] as? [String: Any],
            let circle = restriction["circle"] as? [String: Any]
        else {
            return Self.error(400, "INVALID_ARGUMENT", "location_restriction is not set.")
        }
        if let problem = Self.validate(circle: circle) { return problem }
        if let count = body["maxResultCount"] as? Int, !(1...20).contains(count) {
            return Self.error(400, "INVALID_ARGUMENT", "max_result_count must be between 1 and 20.")
        }
        if let types = body["includedTypes"] as? [String] {
            let unsupported = types.filter { !Self.tableA.contains($0) }
            if !unsupported.isEmpty {
                return Self.error(400, "INVALID_ARGUMENT", "Unsupported types: \(unsupported.joined(separator: ", ")).")
            }
        }
        return nil
    }

    private func searchText(_ request: GoogleRequest) -> StubResponse {
        guard var body = request.jsonBody else {
            return Self.error(400, "INVALID_ARGUMENT", "Invalid JSON payload received.")
        }
        guard let text = body["textQuery"] as? String, !text.isEmpty else {
            return Self.error(400, "INVALID_ARGUMENT", "text_query is required.")
        }
        if let restriction = body["locationRestriction"] as? [String: Any], restriction["circle"] != nil {
            return Self.error(400, "INVALID_ARGUMENT", "Invalid JSON payload received. Unknown name \"circle\".")
        }
        if body["locationBias"] != nil, body["locationRestriction"] != nil {
            return Self.error(400, "INVALID_ARGUMENT", "Only one of location_bias and location_restriction may be set.")
        }
        if let bias = body["locationBias"] as? [String: Any], let circle = bias["circle"] as? [String: Any],
            let problem = Self.validate(circle: circle)
        {
            return problem
        }
        if let size = body["pageSize"] as? Int, size < 0 {
            return Self.error(400, "INVALID_ARGUMENT", "page_size must not be negative.")
        }
        let token = body.removeValue(forKey: "pageToken") as? String
        body.removeValue(forKey: "pageSize")
        body.removeValue(forKey: "maxResultCount")
        let pageIndex: Int
        if let token {
            guard token.hasPrefix("SyntheticPageToken-"), let number = Int(token.dropFirst(19)),
                (2...textPages.count).contains(number)
            else {
                return Self.error(400, "INVALID_ARGUMENT", "Invalid page token.")
            }
            guard let first = firstTextBody, NSDictionary(dictionary: first).isEqual(to: body) else {
                return Self.error(400, "INVALID_ARGUMENT", "Request parameters must match the initial request.")
            }
            pageIndex = number - 1
        } else {
            firstTextBody = body
            pageIndex = 0
        }
        if let forced { return forced }
        if let failure = pageFailures[pageIndex] { return failure }
        return .json(String(decoding: textPages[pageIndex], as: UTF8.self))
    }

    private static func validate(circle: [String: Any]) -> StubResponse? {
        guard let center = circle["center"] as? [String: Any], let latitude = center["latitude"] as? Double,
            let longitude = center["longitude"] as? Double
        else {
            return error(400, "INVALID_ARGUMENT", "circle.center is required.")
        }
        guard (-90...90).contains(latitude) else {
            return error(400, "INVALID_ARGUMENT", "Latitude must be in the range [-90.0, +90.0].")
        }
        guard (-180...180).contains(longitude) else {
            return error(400, "INVALID_ARGUMENT", "Longitude must be in the range [-180.0, +180.0].")
        }
        guard let radius = circle["radius"] as? Double, (0...50_000).contains(radius) else {
            return error(400, "INVALID_ARGUMENT", "Radius must be within [0.0, 50000.0].")
        }
        return nil
    }

    static func error(_ code: Int, _ status: String, _ message: String) -> StubResponse {
        let object: [String: Any] = ["error": ["code": code, "message": message, "status": status]]
        let data = (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
        return .json(String(decoding: data, as: UTF8.self), status: code)
    }

    static func fixture(_ name: String, status: Int, headers: [(name: String, value: String)] = []) -> StubResponse {
        let data = (try? Fixtures.data(name)) ?? Data("{}".utf8)
        return .json(String(decoding: data, as: UTF8.self), status: status, headers: headers)
    }
}

/// This target's fixtures.
enum Fixtures {
    static func data(_ name: String) throws -> Data {
        try Fixture.data(name, in: .module)
    }

    static func json(_ name: String) throws -> Any {
        try JSONSerialization.jsonObject(with: data(name))
    }
}

import Foundation

/// Fake provider servers shared by the CLI's and the server's end-to-end tests.
///
/// Response bodies in the shapes of the provider test fixtures (Foursquare 2025-06-17 search and
/// place detail, Google Places (New) searchNearby/searchText and place details, Overpass XML),
/// with synthetic venues around a fixed centre in Helsinki.
///
/// The three providers' venues are about 280 m apart (east–west) and have unrelated names, so
/// the deduplicator never merges them: every provider's venues stay visible in the output.
public enum FakeBodies {
    /// The query centre every end-to-end test uses (`--near`).
    public static let near = "60.1700,24.9400"
    public static let centerLatitude = 60.1700
    public static let centerLongitude = 24.9400

    /// Latitude of the `index`-th venue: 22 m steps north of the centre.
    private static func latitude(_ index: Int) -> Double { centerLatitude + Double(index) * 0.0002 }

    /// The Foursquare native id of the `index`-th venue (24 hex digits like the real ones).
    public static func foursquareID(_ index: Int) -> String {
        "e2e0f5a0" + String(format: "%016x", index + 1)
    }

    /// The Google place id of the `index`-th venue.
    public static func googleID(_ index: Int) -> String { "E2E-google-place-\(index + 1)" }

    /// The OSM node id of the `index`-th venue.
    public static func overpassNodeID(_ index: Int) -> Int { 9_100_000 + index }

    private static let foursquareNames = [
        "Kahvila Aurinkoranta", "Ravintola Pikkulintu", "Baari Kuutamo", "Leipomo Ruislyhde",
        "Museo Kivijalka", "Pubi Ankkuri", "Kirjasto Lehtimaja", "Kuntosali Teräs",
    ]
    private static let googleNames = [
        "Bistro Merituuli", "Trattoria Sole Verde", "Sushi Hanami", "Taqueria Cielo",
        "Noodle House Kirin", "Creperie Bretonne", "Burger Lab Kallio", "Pizzeria Napoletana Vera",
    ]
    private static let overpassNames = [
        "Antikvariaatti Vanha Sivu", "Kukkakauppa Orvokki", "Galleria Valoisa", "Teatteri Pieni Lava",
        "Elokuvateatteri Tähtisumu", "Apteekki Kamomilla", "Pankki Kolikko", "Puisto Vaahterakuja",
    ]

    /// A distinct, non-generic name: a base name plus the venue's number.
    private static func name(_ names: [String], _ index: Int) -> String {
        "\(names[index % names.count]) \(index + 1)"
    }

    // MARK: Foursquare

    /// One place object (search result or detail) in the 2025-06-17 shape.
    public static func foursquarePlace(_ index: Int) -> String {
        """
        {"fsq_place_id":"\(foursquareID(index))","latitude":\(latitude(index)),"longitude":\(centerLongitude - 0.005),\
        "categories":[{"fsq_category_id":"4bf58dd8d48988d16d941735","name":"Café","short_name":"Café",\
        "plural_name":"Cafés","icon":{"prefix":"https://icons.fixture.invalid/categories/food/default_","suffix":".png"}}],\
        "distance":\(100 + index),"location":{"address":"Testikatu \(index + 1)","locality":"Helsinki",\
        "postcode":"00100","country":"FI","formatted_address":"Testikatu \(index + 1), 00100 Helsinki"},\
        "name":"\(name(foursquareNames, index))","website":"https://fsq-e2e.example/\(index + 1)","rating":8.2}
        """
    }

    /// A `GET /places/search` answer with `count` places.
    public static func foursquareSearch(count: Int) -> String {
        #"{"results":["# + (0..<count).map(foursquarePlace).joined(separator: ",") + "]}"
    }

    /// The Foursquare error body shape, `{"message": …}`.
    public static func foursquareError(_ message: String) -> String {
        #"{"message":"\#(message)"}"#
    }

    // MARK: Google

    /// One place object (search result or details) with the fields of our field masks.
    public static func googlePlace(_ index: Int) -> String {
        """
        {"id":"\(googleID(index))","displayName":{"text":"\(name(googleNames, index))","languageCode":"fi"},\
        "formattedAddress":"Koekatu \(index + 1), 00100 Helsinki, Finland",\
        "location":{"latitude":\(latitude(index)),"longitude":\(centerLongitude + 0.005)},\
        "types":["restaurant","food","point_of_interest","establishment"],"primaryType":"restaurant",\
        "rating":4.2,"userRatingCount":\(10 + index),"websiteUri":"https://google-e2e.example/\(index + 1)",\
        "googleMapsUri":"https://maps.google.com/?cid=99900000000\(index + 1)","priceLevel":"PRICE_LEVEL_MODERATE"}
        """
    }

    /// A `places:searchNearby` / `places:searchText` answer with `count` places.
    public static func googleSearch(count: Int) -> String {
        #"{"places":["# + (0..<count).map(googlePlace).joined(separator: ",") + "]}"
    }

    /// The Google error envelope.
    public static func googleError(code: Int, status: String, message: String) -> String {
        #"{"error":{"code":\#(code),"message":"\#(message)","status":"\#(status)"}}"#
    }

    // MARK: Overpass

    /// The opening hours of the first Overpass nodes: the first open every day 08:00-20:00, the
    /// second on weekdays 09:00-10:00 only; the others have none.
    public static let overpassHours = ["Mo-Su 08:00-20:00", "Mo-Fr 09:00-10:00"]

    /// An Overpass API XML answer with `count` named amenity nodes.
    public static func overpass(count: Int) -> String {
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <osm version="0.6" generator="Overpass API 0.7.62 7c32a7d5">
            <note>The data included in this document is from www.openstreetmap.org. The data is made available under ODbL.</note>
            <meta osm_base="2024-01-01T00:00:00Z"/>

            """
        for index in 0..<count {
            xml += """
                  <node id="\(overpassNodeID(index))" lat="\(latitude(index))" lon="\(centerLongitude)">
                    <tag k="amenity" v="cafe"/>
                    <tag k="name" v="\(name(overpassNames, index))"/>
                    <tag k="addr:street" v="Kokeilutie"/>
                    <tag k="addr:housenumber" v="\(index + 1)"/>\(hoursTag(index))
                  </node>

                """
        }
        return xml + "</osm>\n"
    }

    private static func hoursTag(_ index: Int) -> String {
        index < overpassHours.count ? "\n    <tag k=\"opening_hours\" v=\"\(overpassHours[index])\"/>" : ""
    }
}

/// One fake provider: a ``LoopbackServer`` whose answer depends on how many requests it has
/// seen (1 for the first), so tests can script "429, then success" and the like.
public final class FakeProvider: Sendable {
    /// Which provider this server pretends to be.
    public enum Kind: String, Sendable {
        case foursquare = "fsq"
        case google
        case overpass = "osm"
    }

    /// Answers the `attempt`-th request (1-based, counted over the server's lifetime).
    public typealias Responder = @Sendable (_ attempt: Int, _ request: RecordedRequest) async -> StubResponse

    public let kind: Kind
    public let server: LoopbackServer

    private init(kind: Kind, server: LoopbackServer) {
        self.kind = kind
        self.server = server
    }

    /// Starts a fake that answers with `respond`.
    public static func start(_ kind: Kind, respond: @escaping Responder) async throws -> FakeProvider {
        let counter = AttemptCounter()
        let server = try await LoopbackServer.start { request in
            let attempt = await counter.next()
            return await respond(attempt, request)
        }
        return FakeProvider(kind: kind, server: server)
    }

    /// Starts a fake that answers every request successfully with `count` venues.
    public static func working(_ kind: Kind, count: Int = 3) async throws -> FakeProvider {
        try await start(kind) { _, request in .success(kind, count: count, request: request) }
    }

    /// The environment variable and value that point `venues` at this fake.
    public var endpoint: (name: String, value: String) {
        switch kind {
        case .foursquare: ("VENUES_FOURSQUARE_URL", server.baseURL.absoluteString)
        case .google: ("VENUES_GOOGLE_PLACES_URL", server.baseURL.absoluteString)
        case .overpass: ("VENUES_OVERPASS_URL", server.url("/api/interpreter").absoluteString)
        }
    }

    /// Every request received so far.
    public var requests: [RecordedRequest] {
        get async { await server.requests }
    }

    /// How many requests were received so far.
    public var requestCount: Int {
        get async { await server.requests.count }
    }

    public func stop() async { await server.stop() }
}

/// Counts a server's requests.
private actor AttemptCounter {
    private var count = 0
    func next() -> Int {
        count += 1
        return count
    }
}

extension StubResponse {
    /// A successful answer of `kind` with `count` venues, chosen by the request's path (a
    /// search, or a detail lookup for `venues show`).
    public static func success(_ kind: FakeProvider.Kind, count: Int, request: RecordedRequest) -> StubResponse {
        switch kind {
        case .foursquare:
            if request.path.hasPrefix("/places/"), request.path != "/places/search" {
                return .json(FakeBodies.foursquarePlace(0))
            }
            return .json(FakeBodies.foursquareSearch(count: count))
        case .google:
            if request.method == "GET", request.path.hasPrefix("/v1/places/") {
                return .json(FakeBodies.googlePlace(0))
            }
            return .json(FakeBodies.googleSearch(count: count))
        case .overpass:
            return .data(Data(FakeBodies.overpass(count: count).utf8), contentType: "application/osm3s+xml")
        }
    }

    /// A Retry-After answer with the provider's usual error body.
    public static func tooManyRequests(_ kind: FakeProvider.Kind, retryAfter: Int) -> StubResponse {
        let headers = [(name: "Retry-After", value: String(retryAfter))]
        switch kind {
        case .foursquare:
            return .json(FakeBodies.foursquareError("Rate limit exceeded"), status: 429, headers: headers)
        case .google:
            return .json(
                FakeBodies.googleError(code: 429, status: "RESOURCE_EXHAUSTED", message: "Quota exceeded"),
                status: 429,
                headers: headers
            )
        case .overpass:
            return StubResponse(
                status: 429,
                headers: [("Content-Type", "text/html; charset=utf-8")] + headers,
                body: Data("<html><body><p>Too Many Requests</p></body></html>".utf8)
            )
        }
    }

    /// A 503 with the provider's usual error body.
    public static func unavailable(_ kind: FakeProvider.Kind) -> StubResponse {
        switch kind {
        case .foursquare:
            return .json(FakeBodies.foursquareError("Service unavailable"), status: 503)
        case .google:
            return .json(
                FakeBodies.googleError(
                    code: 503,
                    status: "UNAVAILABLE",
                    message: "The service is currently unavailable."
                ),
                status: 503
            )
        case .overpass:
            return StubResponse(
                status: 503,
                headers: [("Content-Type", "text/html; charset=utf-8")],
                body: Data("<html><body><p>Service Unavailable</p></body></html>".utf8)
            )
        }
    }
}

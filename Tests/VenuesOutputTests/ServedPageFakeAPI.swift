import BrowserTestSupport
import Foundation
import VenuesEngine
import VenuesTestSupport

@testable import VenuesOutput

/// A loopback fake of the API the served page calls, answering as `venues serve` does: the page
/// at `/`, `/readyz` with the providers it offers, listings (a fixed one, or venues made up and
/// cut to the request's `limit` as the server cuts them), suggestions, a venue's details, and
/// favourites that are kept (`PUT`, `DELETE`, `GET /v1/favorites`). A listing can be made to
/// fail as the server fails when no provider answers.
final class ServedPageFakeAPI: Sendable {
    /// What the fake answers.
    struct Options: Sendable {
        /// A listing to answer every search with; `nil`: ``MadeUpListing`` of `venues` venues.
        var listing: Data?
        var venues = 7
        /// The made-up venues' spacing, metres between rings; 0 puts venues 1 and 2 on one spot.
        var spacing = 60.0
        var stackFirstTwo = false
        /// `/readyz`'s providers.
        var providers = ["fsq", "google", "osm"]
        /// Whether the made-up venues carry their state at the moment (``MadeUpListing/hours(_:)``)
        /// and listings honour `openNow` as the server does.
        var hours = false
    }

    /// The message of the 503 a failing listing answers, as `ListingRoutes.noAnswer` writes it.
    static let noAnswerMessage =
        "no provider answered: osm: no answer within the timeout; fsq: not available on this server"

    let server: LoopbackServer
    private let state: State

    private final class State: @unchecked Sendable {
        let lock = NSLock()
        var favorites: [(id: String, note: String?)] = []
        var failing = false

        func with<T>(_ body: (State) -> T) -> T {
            lock.lock()
            defer { lock.unlock() }
            return body(self)
        }
    }

    private init(server: LoopbackServer, state: State) {
        self.server = server
        self.state = state
    }

    var baseURL: URL { server.baseURL }
    func url(_ path: String) -> URL { server.url(path) }
    var requests: [RecordedRequest] { get async { await server.requests } }
    func stop() async { await server.stop() }

    /// From now on, listings answer 503 `noProviderAnswered` (or answer again).
    func failListings(_ failing: Bool) { state.with { $0.failing = failing } }

    /// The favourites kept, in the order they were added.
    var favorites: [(id: String, note: String?)] { state.with { $0.favorites } }

    static func start(token: String, options: Options = Options()) async throws -> ServedPageFakeAPI {
        let state = State()
        let server = try await LoopbackServer.start { request in
            respond(to: request, token: token, options: options, state: state)
        }
        return ServedPageFakeAPI(server: server, state: state)
    }

    private static func respond(
        to request: RecordedRequest,
        token: String,
        options: Options,
        state: State
    )
        -> StubResponse
    {
        let authorized = request.header("Authorization") == "Bearer \(token)"
        let favoritePrefix = "/v1/favorites/"
        switch (request.method, request.path) {
        case ("GET", "/"):
            return StubResponse(
                status: 200,
                headers: [
                    ("Content-Type", ServedMapPage.contentType),
                    ("Content-Security-Policy", ServedMapPage.contentSecurityPolicy),
                    ("Cache-Control", "no-cache"),
                ],
                body: Data(ServedMapPage.html.utf8)
            )
        case ("GET", "/readyz"):
            return .data(
                json(["status": "ready", "providers": options.providers, "names": Self.providerNames]),
                contentType: "application/json"
            )
        case _ where !authorized:
            return .json(
                #"{"error": {"kind": "unauthorized", "message": "a bearer token is needed"}}"#,
                status: 401
            )
        case ("GET", "/v1/search"), ("GET", "/v1/nearby"):
            if state.with({ $0.failing }) {
                return .json(
                    #"{"error": {"kind": "noProviderAnswered", "message": "\#(noAnswerMessage)"}}"#,
                    status: 503
                )
            }
            if let listing = options.listing { return .data(listing, contentType: "application/json") }
            let favorites = state.with { $0.favorites }
            let limit = request.queryValue("limit").flatMap(Int.init) ?? 50
            var made = MadeUpListing(
                count: options.venues,
                spacing: options.spacing,
                stack: options.stackFirstTwo
            )
            made.hours = options.hours
            made.openNow = request.queryValue("openNow") == "true"
            return .data(
                json(made.document(limit: limit, term: request.queryValue("term"), favorites: favorites)),
                contentType: "application/json"
            )
        case ("GET", "/v1/suggest"):
            return .data(
                (try? BrowserTests.ServedMapPageBrowserTests.suggestions(
                    radius: request.queryValue("radius").flatMap(Int.init) ?? 1000
                )) ?? Data(),
                contentType: "application/json"
            )
        case ("GET", _) where request.path.hasPrefix("/v1/venues/"):
            let id = String(request.path.dropFirst("/v1/venues/".count)).removingPercentEncoding ?? ""
            let note = state.with { $0.favorites.first { $0.id == id }?.note }
            var detail: [String: Any] = [
                "id": id, "openingHours": MadeUpListing.openingHours,
                "note": note.map { $0 as Any } ?? NSNull(),
            ]
            if options.hours, let number = Int(id.dropFirst("osm:node/".count)) {
                detail["hours"] = MadeUpListing.hours(number)
                detail["week"] = MadeUpListing.week
            }
            return .data(json(detail), contentType: "application/json")
        case ("GET", "/v1/favorites"):
            let favorites = state.with { $0.favorites }
            let made = MadeUpListing(
                count: options.venues,
                spacing: options.spacing,
                stack: options.stackFirstTwo
            )
            return .data(json(made.favoritesDocument(favorites)), contentType: "application/json")
        case ("PUT", _) where request.path.hasPrefix(favoritePrefix):
            let id = String(request.path.dropFirst(favoritePrefix.count)).removingPercentEncoding ?? ""
            let body = (try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any]
            let note = body?["note"] as? String
            let created = state.with { state -> Bool in
                if let index = state.favorites.firstIndex(where: { $0.id == id }) {
                    if let note { state.favorites[index].note = note.isEmpty ? nil : note }
                    return false
                }
                state.favorites.append((id, note.flatMap { $0.isEmpty ? nil : $0 }))
                return true
            }
            return .data(
                json(["id": id, "note": note.map { $0 as Any } ?? NSNull()]),
                contentType: "application/json",
                status: created ? 201 : 200
            )
        case ("DELETE", _) where request.path.hasPrefix(favoritePrefix):
            let id = String(request.path.dropFirst(favoritePrefix.count)).removingPercentEncoding ?? ""
            let removed = state.with { state -> Bool in
                let before = state.favorites.count
                state.favorites.removeAll { $0.id == id }
                return state.favorites.count < before
            }
            return removed
                ? StubResponse(status: 204)
                : .json(#"{"error": {"kind": "notFound", "message": "no such favourite"}}"#, status: 404)
        default:
            return .json(#"{"error": {"kind": "notFound", "message": "no such route"}}"#, status: 404)
        }
    }

    /// Every provider's name for people, as the real server's `/readyz` gives them (from the
    /// build's descriptors).
    static let providerNames = Dictionary(
        uniqueKeysWithValues: ProviderRegistry.standard.descriptors.map {
            ($0.profile.id.rawValue, $0.profile.displayName)
        }
    )

    private static func json(_ object: Any) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    }
}

/// Venues made up around Helsinki Central Station for the served page's tests, in the API's
/// listing shape: venue N lies on a spiral, N rings of `spacing` metres out (nearest first);
/// venue 1 has everything a provider may know (phone, website, rating, three sources).
struct MadeUpListing {
    static let centerLatitude = 60.1710
    static let centerLongitude = 24.9414
    static let radius = 1000
    static let openingHours = "Mo-Fr 08:00-18:00; Sa 10:00-16:00"
    static let phone = "+358 9 123 4567"
    static let website = "https://example.org/cafe-1"

    var count: Int
    var spacing: Double
    var stack: Bool
    /// Whether each venue carries its state at the moment (``hours(_:)``).
    var hours = false
    /// Whether the listing keeps only the venues open now, counting the others as the server
    /// does (`hoursFilter`).
    var openNow = false

    /// The lines of the week `GET /v1/venues/{id}` gives with hours, today first.
    static let week = [
        "Today (Mon 30 Nov): 08:00–18:00", "Tue 1 Dec: 08:00–18:00", "Wed 2 Dec: 08:00–18:00",
        "Thu 3 Dec: 08:00–18:00", "Fri 4 Dec: 08:00–18:00", "Sat 5 Dec: 10:00–16:00",
        "Sun 6 Dec: closed",
    ]

    /// Venue N's state, as the server's `hours` object gives it: open until 18:00 (N = 1, 4, 7…),
    /// closed until 10:00 (N = 2, 5, 8…), or unknown, with no source (N = 3, 6, 9…).
    static func hours(_ number: Int) -> [String: Any] {
        switch number % 3 {
        case 1:
            [
                "state": "open", "nextChange": "2026-11-30T18:00:00+02:00", "nextState": "closed",
                "source": "osm",
                "text": openingHours, "timeZone": "Europe/Helsinki",
            ]
        case 2:
            [
                "state": "closed", "nextChange": "2026-12-01T10:00:00+02:00", "nextState": "open",
                "source": "osm",
                "text": "Mo-Fr 10:00-20:00", "timeZone": "Europe/Helsinki",
            ]
        default: ["state": "unknown", "source": NSNull(), "timeZone": "Europe/Helsinki"]
        }
    }

    func coordinate(_ number: Int) -> (latitude: Double, longitude: Double, distance: Double) {
        let ring = stack && number == 2 ? 1 : number
        let distance = spacing * Double(ring)
        let angle = Double(ring) * 2.4
        let north = distance * cos(angle)
        let east = distance * sin(angle)
        return (
            Self.centerLatitude + north / 111_320,
            Self.centerLongitude + east / (111_320 * cos(Self.centerLatitude * .pi / 180)),
            distance
        )
    }

    static func id(_ number: Int) -> String { "osm:node/\(number)" }
    /// Venue 1's place on Google Maps, as Google's `googleMapsUri` gives it.
    static let googleMapsPage = "https://maps.google.com/?cid=12345678901234567890"
    static func name(_ number: Int) -> String { "Kahvila \(number)" }

    func venue(_ number: Int, favorite: Bool, note: String? = nil) -> [String: Any] {
        let place = coordinate(number)
        // Each with its page, as the server's listing gives the records' own links.
        var sources: [[String: Any]] = [
            [
                "provider": "osm", "id": Self.id(number),
                "page": ["title": "OpenStreetMap", "url": "https://www.openstreetmap.org/node/\(number)"],
            ]
        ]
        if number == 1 {
            sources += [
                [
                    "provider": "google", "id": "google:ChIJ1abc",
                    "page": ["title": "Google Maps", "url": Self.googleMapsPage],
                ],
                [
                    "provider": "fsq", "id": "fsq:4b0c1",
                    "page": ["title": "Foursquare", "url": "https://foursquare.com/v/4b0c1"],
                ],
            ]
        }
        var venue: [String: Any] = [
            "id": Self.id(number), "name": Self.name(number), "latitude": place.latitude,
            "longitude": place.longitude, "distance": (place.distance * 10).rounded() / 10,
            "address": "Kaivokatu \(number), Helsinki",
            "categories": number == 1 ? ["cafe", "bakery"] : ["cafe"],
            "phone": number == 1 ? Self.phone : NSNull(),
            "website": number == 1 ? Self.website : NSNull(),
            "rating": number == 1 ? 8.6 : NSNull(), "favorite": favorite, "sources": sources,
        ]
        if let note { venue["note"] = note }
        if hours { venue["hours"] = Self.hours(number) }
        return venue
    }

    func document(
        limit: Int,
        term: String?,
        favorites: [(id: String, note: String?)]
    ) -> [String:
        Any]
    {
        let numbers = Array(1...max(1, count))
        let passing = openNow ? numbers.filter { $0 % 3 == 1 } : numbers
        let shown = passing.prefix(limit)
        let ids = Set(favorites.map(\.id))
        var query: [String: Any] = [
            "kind": term == nil ? "nearby" : "search", "latitude": Self.centerLatitude,
            "longitude": Self.centerLongitude, "radius": Self.radius,
            "term": term.map { $0 as Any } ?? NSNull(),
            "center": "given",
        ]
        // As the server says it when it cut the list: how many it found.
        if passing.count > limit { query["found"] = passing.count }
        var document: [String: Any] = [
            "query": query,
            "venues": shown.map { venue($0, favorite: ids.contains(Self.id($0))) },
            "providers": [
                [
                    "provider": "osm", "status": "ok", "source": "index:helsinki", "count": shown.count,
                    "milliseconds": 3,
                ]
            ],
            "attribution": ["© OpenStreetMap contributors"],
        ]
        if openNow {
            document["hoursFilter"] = [
                "closed": numbers.filter { $0 % 3 == 2 }.count,
                "unknown": numbers.filter { $0 % 3 == 0 }.count,
            ]
        }
        return document
    }

    func favoritesDocument(_ favorites: [(id: String, note: String?)]) -> [String: Any] {
        let venues = favorites.compactMap { favorite -> [String: Any]? in
            guard let number = (1...max(1, count)).first(where: { Self.id($0) == favorite.id }) else {
                return nil
            }
            return venue(number, favorite: true, note: favorite.note)
        }
        return [
            "query": [
                "kind": "favorites", "latitude": 52.3791, "longitude": 4.9003, "radius": 0,
                "term": NSNull(),
                "center": "default",
            ],
            "venues": venues, "providers": [], "attribution": [],
        ]
    }
}

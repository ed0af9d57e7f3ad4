import Foundation
import Testing
import VenuesCore
import VenuesHTTP
import VenuesTestKit
import VenuesTestSupport

@testable import FoursquareProvider

/// The deadline of every query here whose deadline is not what the test is about: not the CLI's
/// 10 s, and inside the suite's minutes. A query's deadline runs on Swift's cooperative pool,
/// which a burst of the suite's synchronous work can hold for many seconds: at 10 s, a redirect
/// test and then the error tests ran out of it in CI although the loopback server had answered.
private let loopbackTimeout = 45.0

@Suite("FoursquareProvider against a loopback server", .timeLimit(.minutes(3)))
struct LoopbackTests {
    // MARK: Headers and query

    @Test("2025-06-17: exact headers, path and query string on the wire")
    func newAPIWire() async throws {
        let body = try fixtureText("places-search-helsinki.json")
        let server = try await LoopbackServer.start { _ in .json(body) }
        defer { Task { await server.stop() } }
        let query = VenueQuery(
            center: helsinki,
            radius: 500,
            categories: [.cafe],
            limit: 30,
            sort: .distance,
            timeout: loopbackTimeout
        )
        let response = try await provider(server).nearby(query)
        #expect(response.venues.count == 6)
        #expect(response.center == nil)  // the query had a centre
        let espresso = response.venues.filter { $0.name == "Espresso House" }
        #expect(espresso.count == 2 && espresso[0].id != espresso[1].id)
        #expect(response.notes == ["skipped 1 Foursquare record without coordinates"])

        let request = try #require(await server.requests.first)
        #expect(await server.requests.count == 1)
        #expect(request.method == "GET")
        #expect(request.path == "/places/search")
        #expect(request.header("Authorization") == "Bearer \(testKey)")
        #expect(request.header("X-Places-Api-Version") == "2025-06-17")
        #expect(request.header("Accept") == "application/json")
        #expect(request.query.map(\.name) == ["ll", "radius", "fsq_category_ids", "sort", "limit", "fields"])
        #expect(request.queryValue("ll") == "60.171634,24.944295")
        #expect(request.queryValue("radius") == "500")
        #expect(
            request.queryValue("fsq_category_ids")
                == "63be6904847c3692a84b9bb6,4bf58dd8d48988d16d941735,4bf58dd8d48988d1e0931735"
        )
        #expect(request.queryValue("sort") == "DISTANCE")
        #expect(request.queryValue("limit") == "30")
        #expect(
            request.queryValue("fields")
                == "fsq_place_id,name,latitude,longitude,location,categories,tel,website,rating,chains"
        )
        #expect(request.query.allSatisfy { !$0.value.contains(testKey) })
    }

    @Test("v3: raw key, 1970-01-01 version, /v3 path, integer categories, text query")
    func legacyWire() async throws {
        let body = try fixtureText("v3-search-helsinki.json")
        let server = try await LoopbackServer.start { _ in .json(body) }
        defer { Task { await server.stop() } }
        let query = VenueQuery(
            center: helsinki,
            radius: 500,
            term: "bar & grill",
            categories: [.restaurant],
            sort: .rating,
            timeout: loopbackTimeout
        )
        let response = try await provider(server, api: .v3).search(query)
        #expect(response.venues.map(\.name) == ["Maya Bar & Grill", "Bar All In", "Burger King", "Jääpuiston kahvila"])
        #expect(response.notes.contains("skipped 1 Foursquare record without coordinates"))

        let request = try #require(await server.requests.first)
        #expect(request.path == "/v3/places/search")
        #expect(request.header("Authorization") == testKey)
        #expect(request.header("X-Places-Api-Version") == "1970-01-01")
        #expect(request.header("Accept") == "application/json")
        #expect(request.queryValue("query") == "bar & grill")
        #expect(request.queryValue("categories") == "13065")
        #expect(request.queryValue("fsq_category_ids") == nil)
        #expect(request.queryValue("sort") == "RATING")
        #expect(request.queryValue("fields") == "fsq_id,name,geocodes,location,categories,tel,website,rating,chains")
    }

    @Test("nearby never sends a term; search with a blank term is a nearby search")
    func nearbyWithoutTerm() async throws {
        let body = try fixtureText("places-search-helsinki.json")
        let server = try await LoopbackServer.start { _ in .json(body) }
        defer { Task { await server.stop() } }
        let provider = provider(server)
        _ = try await provider.nearby(VenueQuery(center: helsinki, term: "pizza", timeout: loopbackTimeout))
        _ = try await provider.search(VenueQuery(center: helsinki, term: "", timeout: loopbackTimeout))
        _ = try await provider.run(VenueQuery(center: helsinki, term: "pizza", timeout: loopbackTimeout))
        let requests = await server.requests
        #expect(requests.map { $0.queryValue("query") } == [nil, nil, "pizza"])
    }

    // MARK: Paging

    /// A server with `pages` pages of `perPage` places; page n links to page n+1 with an
    /// absolute URL built by `link` (default: the server itself).
    private func pagedServer(
        pages: Int,
        perPage: Int,
        link: (@Sendable (_ base: String, _ nextPage: Int) -> String)? = nil
    ) async throws -> LoopbackServer {
        let base = Box("")
        let server = try await LoopbackServer.start { request in
            let pageNumber = request.queryValue("cursor").flatMap { Int($0.dropFirst("page".count)) } ?? 1
            var headers: [(name: String, value: String)] = []
            if pageNumber < pages {
                let target =
                    link?(base.value, pageNumber + 1)
                    ?? "\(base.value)/places/search?cursor=page\(pageNumber + 1)&ll=60.171634%2C24.944295&limit=\(perPage)"
                headers.append(("Link", "<\(target)>; rel=\"next\""))
            }
            return .json(syntheticPage(first: (pageNumber - 1) * perPage, count: perPage), headers: headers)
        }
        base.value = server.baseURL.absoluteString
        return server
    }

    @Test("follows rel=next over three pages with the same headers, stops without a next link")
    func threePages() async throws {
        let server = try await pagedServer(pages: 3, perPage: 4)
        defer { Task { await server.stop() } }
        let response = try await provider(server).nearby(
            VenueQuery(center: helsinki, limit: 50, timeout: loopbackTimeout)
        )
        #expect(response.venues.count == 12)
        #expect(response.venues.map(\.id.native) == (0..<12).map(syntheticID))
        #expect(response.notes.contains("fetched 3 Foursquare pages"))

        let requests = await server.requests
        #expect(requests.count == 3)
        #expect(requests.map { $0.queryValue("cursor") } == [nil, "page2", "page3"])
        for request in requests {
            #expect(request.path == "/places/search")
            #expect(request.header("Authorization") == "Bearer \(testKey)")
            #expect(request.header("X-Places-Api-Version") == "2025-06-17")
            #expect(request.header("Accept") == "application/json")
        }
    }

    @Test("stops as soon as the limit is reached")
    func stopsAtLimit() async throws {
        let server = try await pagedServer(pages: 3, perPage: 4)
        defer { Task { await server.stop() } }
        let response = try await provider(server).nearby(
            VenueQuery(center: helsinki, limit: 6, timeout: loopbackTimeout)
        )
        #expect(response.venues.count == 6)
        #expect(await server.requests.count == 2)
        #expect(await server.requests.first?.queryValue("limit") == "6")
    }

    @Test("stops at the page cap and says so")
    func pageCap() async throws {
        let server = try await pagedServer(pages: 100, perPage: 2)
        defer { Task { await server.stop() } }
        let response = try await provider(server, maxPages: 3).nearby(
            VenueQuery(center: helsinki, limit: 50, timeout: loopbackTimeout)
        )
        #expect(await server.requests.count == 3)
        #expect(response.venues.count == 6)
        #expect(response.notes.contains("stopped paging at the cap of 3 pages; more results exist"))
    }

    @Test("stops when a cursor repeats instead of looping")
    func repeatedCursor() async throws {
        // Page 2 links back to page 2 (same cursor, the parameters in another order).
        let server = try await pagedServer(pages: 100, perPage: 3) { base, next in
            next == 2
                ? "\(base)/places/search?cursor=page2&ll=60.171634%2C24.944295"
                : "\(base)/places/search?ll=60.171634%2C24.944295&cursor=page2"
        }
        defer { Task { await server.stop() } }
        let response = try await provider(server).nearby(
            VenueQuery(center: helsinki, limit: 50, timeout: loopbackTimeout)
        )
        #expect(await server.requests.count == 2)
        #expect(response.venues.count == 6)
        #expect(response.notes.contains { $0.contains("repeated a page cursor") })
    }

    @Test("never follows a next link to another host (the key would leak there)")
    func offHostLink() async throws {
        // `localhost` reaches the same server, so a followed link would be observed.
        let server = try await pagedServer(pages: 3, perPage: 3) { base, next in
            base.replacingOccurrences(of: "127.0.0.1", with: "localhost") + "/places/search?cursor=page\(next)"
        }
        defer { Task { await server.stop() } }
        let response = try await provider(server).nearby(
            VenueQuery(center: helsinki, limit: 50, timeout: loopbackTimeout)
        )
        #expect(await server.requests.count == 1)
        #expect(response.venues.count == 3)
        #expect(response.notes.contains { $0.contains("points away from the configured Foursquare host") })
    }

    @Test("a redirect to another host does not carry the key there")
    func redirectKeepsKeyHome() async throws {
        let base = Box("")
        let server = try await LoopbackServer.start { request in
            if request.queryValue("moved") == nil {
                let target = base.value.replacingOccurrences(of: "127.0.0.1", with: "localhost")
                return StubResponse(status: 302, headers: [("Location", "\(target)/places/search?moved=1")])
            }
            return .json(syntheticPage(first: 0, count: 1))
        }
        base.value = server.baseURL.absoluteString
        defer { Task { await server.stop() } }
        _ = try? await provider(server).nearby(VenueQuery(center: helsinki, timeout: loopbackTimeout))
        let requests = await server.requests
        #expect(requests.count == 2)  // the redirect was followed, to `localhost`
        #expect(requests.last?.queryValue("moved") == "1")
        #expect(requests.first?.header("Authorization") == "Bearer \(testKey)")
        for request in requests.dropFirst() {
            #expect(request.header("Authorization") == nil)
        }
    }

    @Test("duplicates across pages are dropped by id")
    func duplicatesAcrossPages() async throws {
        let base = Box("")
        let server = try await LoopbackServer.start { request in
            let second = request.queryValue("cursor") == "two"
            return .json(
                syntheticPage(first: second ? 2 : 0, count: 3),
                headers: second ? [] : [("Link", "<\(base.value)/places/search?cursor=two>; rel=\"next\"")]
            )
        }
        base.value = server.baseURL.absoluteString
        defer { Task { await server.stop() } }
        let response = try await provider(server).nearby(
            VenueQuery(center: helsinki, limit: 50, timeout: loopbackTimeout)
        )
        #expect(response.venues.map(\.id.native) == (0..<5).map(syntheticID))
    }

    // MARK: IP location

    @Test("no centre: no ll is sent and the centre Foursquare reports comes back")
    func ipLocated() async throws {
        let body = try fixtureText("places-search-ip-located.json")
        let server = try await LoopbackServer.start { _ in .json(body) }
        defer { Task { await server.stop() } }
        let response = try await provider(server).nearby(
            VenueQuery(center: nil, radius: 1000, timeout: loopbackTimeout)
        )
        let request = try #require(await server.requests.first)
        #expect(request.queryValue("ll") == nil)
        #expect(request.queryValue("radius") == "1000")
        #expect(response.center == (try Coordinate(latitude: 60.17132, longitude: 24.94146)))
        #expect(response.venues.map(\.name) == ["Aseman wursti", "Minuuttibaari"])
        #expect(response.notes.contains("Foursquare located the caller by IP at 60.17132,24.94146"))
    }

    @Test("no centre and no context in the answer: invalidResponse that says so")
    func ipLocatedWithoutContext() async throws {
        let body = try fixtureText("places-search-no-context.json")
        let server = try await LoopbackServer.start { _ in .json(body) }
        defer { Task { await server.stop() } }
        await #expect {
            try await provider(server).nearby(VenueQuery(center: nil, timeout: loopbackTimeout))
        } throws: { error in
            guard case ProviderError.invalidResponse(let message) = error else { return false }
            return message.contains("context.geo_bounds.circle.center")
        }
    }

    @Test("places outside the query circle are left out and counted")
    func outsideCircle() async throws {
        let body = try fixtureText("places-search-helsinki.json")
        let server = try await LoopbackServer.start { _ in .json(body) }
        defer { Task { await server.stop() } }
        let response = try await provider(server).nearby(
            VenueQuery(center: helsinki, radius: 100, timeout: loopbackTimeout)
        )
        #expect(response.venues.map(\.name) == ["Mount Everest", "Jääpuiston kahvila", "Public Corner"])
        #expect(response.notes.contains("left out 3 Foursquare places outside the 100 m circle"))
    }

    @Test("a search asks for the hours only when a filter on them needs them")
    func searchAsksForHoursWhenWanted() async throws {
        let body = try fixtureText("places-search-helsinki.json")
        let server = try await LoopbackServer.start { _ in .json(body) }
        defer { Task { await server.stop() } }
        var query = VenueQuery(center: helsinki, radius: 1000, timeout: loopbackTimeout)
        _ = try await provider(server).nearby(query)
        query.wantsOpeningHours = true
        _ = try await provider(server).nearby(query)
        let fields = await server.requests.map { $0.queryValue("fields") }
        #expect(
            fields == [
                "fsq_place_id,name,latitude,longitude,location,categories,tel,website,rating,chains",
                "fsq_place_id,name,latitude,longitude,location,categories,tel,website,rating,chains,hours",
            ]
        )
    }

    // MARK: Lookup

    @Test("venue(id): GET /places/{id} with the same headers and the detail fields")
    func lookup() async throws {
        let body = try fixtureText("places-place-detail.json")
        let server = try await LoopbackServer.start { _ in .json(body) }
        defer { Task { await server.stop() } }
        let id = try VenueID(parsing: "fsq:5eed00000000000600091157")
        let venue = try await provider(server).venue(id)
        #expect(venue.id == id)
        #expect(venue.name == "Lost In Helsinki")
        #expect(venue.openingHours != nil)
        // The regular week, in the hours engine's syntax, and Foursquare's own word on now.
        #expect(venue.hours.map(\.specification) == ["Mo 11:00-23:00"])
        #expect(venue.hours.first?.text == "Mon-Sat 11:00-23:00; Sun 12:00-20:00")
        #expect(venue.hours.first?.openNow == true)
        let request = try #require(await server.requests.first)
        #expect(request.path == "/places/5eed00000000000600091157")
        #expect(request.header("Authorization") == "Bearer \(testKey)")
        #expect(request.header("X-Places-Api-Version") == "2025-06-17")
        #expect(request.queryValue("fields")?.hasSuffix("hours,stats,photos") == true)
        // The lookup, unlike a search, asks for the price (only `venues show` displays it).
        #expect(
            request.queryValue("fields")
                == "fsq_place_id,name,latitude,longitude,location,categories,tel,website,rating,chains,price,hours,stats,photos"
        )
        #expect(venue.price != nil)
    }

    @Test("venue(id) escapes the id as one path segment; 404 is notFound")
    func lookupNotFound() async throws {
        let body = try fixtureText("error-404-place-not-found.json")
        let server = try await LoopbackServer.start { _ in .json(body, status: 404) }
        defer { Task { await server.stop() } }
        let id = try VenueID(provider: .foursquare, native: "a/b?c#d")
        await #expect(throws: ProviderError.notFound(id)) { try await provider(server).venue(id) }
        let recorded = try #require(await server.requests.first)
        // The server decodes the path: the whole id arrived in it, nothing spilled into the query.
        #expect(recorded.path == "/places/a/b?c#d")
        #expect(recorded.query.map(\.name) == ["fields"])
        let other = try VenueID(parsing: "osm:node/1")
        await #expect(throws: ProviderError.notFound(other)) { try await provider(server).venue(other) }
        #expect(await server.requests.count == 1)
    }

    // MARK: Errors

    @Test(
        "each error status maps to its kind; no message or note carries the key",
        arguments: [
            (401, "error-401-invalid-token.json", "unauthorized"),
            (402, #"{"message": "Synthetic: no credit left for this call."}"#, "unauthorized"),
            (403, "error-403-restricted.json", "unauthorized"),
            (400, "error-400-invalid-ll.json", "badRequest"), (429, "", "rateLimited"),
            (500, #"{"message": "Internal error"}"#, "server"), (502, "error-502-gateway.html", "server"),
            (503, "", "server"),
        ]
    )
    func errorStatuses(status: Int, bodySource: String, kind: String) async throws {
        let body =
            bodySource.hasSuffix(".json") || bodySource.hasSuffix(".html") ? try fixtureText(bodySource) : bodySource
        let server = try await LoopbackServer.start { _ in
            .json(body, status: status, headers: status == 429 ? [("Retry-After", "12")] : [])
        }
        defer { Task { await server.stop() } }
        do {
            _ = try await provider(server).nearby(VenueQuery(center: helsinki, timeout: loopbackTimeout))
            Issue.record("HTTP \(status) did not throw")
        } catch {
            #expect(error.kind == kind)
            #expect(!texts(of: error).contains(testKey))
            if status == 429 { #expect(error == .rateLimited(retryAfter: 12)) }
            if status == 401 { #expect(error.message.contains("FOURSQUARE_API_KEY")) }
            if status == 402 {
                #expect(error.message.contains("FOURSQUARE_API_KEY"))
                #expect(error.message.contains("HTTP 402"))
            }
        }
    }

    @Test("invalid JSON in a 200 is invalidResponse")
    func invalidJSON() async throws {
        let server = try await LoopbackServer.start { _ in .json(#"{"results": [ {"fsq_place_id": "#) }
        defer { Task { await server.stop() } }
        await #expect {
            try await provider(server).nearby(VenueQuery(center: helsinki, timeout: loopbackTimeout))
        } throws: { error in
            guard case ProviderError.invalidResponse = error else { return false }
            return true
        }
    }

    @Test("a refused connection is unreachable; the key is in no message")
    func connectionRefused() async throws {
        let configuration = testConfiguration(baseURL: URL(string: "http://127.0.0.1:1")!)
        let provider = FoursquareProvider(configuration: configuration, httpClient: CurlHTTPClient())
        do {
            _ = try await provider.nearby(VenueQuery(center: helsinki, timeout: loopbackTimeout))
            Issue.record("no error")
        } catch {
            #expect(error.kind == "unreachable")
            #expect(!texts(of: error).contains(testKey))
        }
    }

    @Test("an empty key fails before any request, naming FOURSQUARE_API_KEY")
    func missingKey() async throws {
        let server = try await LoopbackServer.start { _ in .json("{}") }
        defer { Task { await server.stop() } }
        do {
            _ = try await provider(server, key: "  ").nearby(VenueQuery(center: helsinki, timeout: loopbackTimeout))
            Issue.record("no error")
        } catch {
            guard case .unauthorized(let message) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(message.contains("FOURSQUARE_API_KEY"))
        }
        #expect(await server.requests.isEmpty)
    }

    @Test("a server that echoes the key everywhere never gets it into notes or errors")
    func echoingServer() async throws {
        let server = try await LoopbackServer.start { request in
            let auth = request.header("Authorization") ?? ""
            return .json(
                syntheticPage(first: 0, count: 2),
                headers: [
                    (
                        "Link",
                        "<http://\(auth.replacingOccurrences(of: " ", with: "")).example/x?cursor=1>; rel=\"next\""
                    )
                ]
            )
        }
        defer { Task { await server.stop() } }
        let response = try await provider(server).nearby(VenueQuery(center: helsinki, timeout: loopbackTimeout))
        #expect(response.notes.allSatisfy { !$0.lowercased().contains(testKey.lowercased()) })
        #expect(response.notes.allSatisfy { !$0.contains(testKey) })
        #expect(response.notes.contains { $0.contains("points away from the configured Foursquare host") })
    }

    // MARK: Conformance

    @Test("passes the VenuesTestKit conformance suite")
    func conformance() async throws {
        let notFound = try fixtureText("error-404-place-not-found.json")
        // Eight cafés, filtered by term and category as Foursquare does; lookups by id.
        let server = try await LoopbackServer.start { request in
            if request.path.hasPrefix("/places/"), request.path != "/places/search" {
                let native = request.path.dropFirst("/places/".count)
                guard let number = (0..<8).first(where: { syntheticID($0) == native }) else {
                    return .json(notFound, status: 404)
                }
                return .json(syntheticPlace(number))
            }
            let limit = Int(request.queryValue("limit") ?? "") ?? 10
            let term = request.queryValue("query")
            let categories = request.queryValue("fsq_category_ids")
            var page = syntheticPage(first: 0, count: min(limit, 8))
            if let term, !"Synthetic place".localizedCaseInsensitiveContains(term) {
                page = #"{"results": []}"#
            }
            if let categories, !categories.split(separator: ",").contains(Substring(syntheticCategoryID)) {
                page = #"{"results": []}"#
            }
            return .json(page)
        }
        defer { Task { await server.stop() } }
        try await VenueProviderConformance(
            provider: provider(server),
            center: helsinki,
            knownTerm: "Synthetic",
            secrets: [testKey]
        ).run()
        #expect(await server.requests.count >= 3)
    }

    @Test("ordered by name or rating, an answer cut at the limit warns that the order covers only it")
    func partialOrderIsWarnedAbout() async throws {
        let server = try await LoopbackServer.start { request in
            let limit = Int(request.queryValue("limit") ?? "") ?? 10
            return .json(syntheticPage(first: 0, count: min(limit, 8)))
        }
        defer { Task { await server.stop() } }
        let foursquare = provider(server)
        for sort in [VenueSort.name, .rating] {
            let cut = try await foursquare.nearby(VenueQuery(center: helsinki, limit: 3, sort: sort, timeout: 60))
            #expect(cut.venues.count == 3)
            #expect(
                cut.warnings.contains {
                    $0.hasPrefix("ordered by \(sort.rawValue) over the 3 places Foursquare returned")
                }
            )
            // All eight fit: the order is over the whole answer, nothing to warn about.
            let whole = try await foursquare.nearby(VenueQuery(center: helsinki, limit: 20, sort: sort, timeout: 60))
            #expect(whole.venues.count == 8)
            #expect(whole.warnings.isEmpty)
        }
        let nearest = try await foursquare.nearby(VenueQuery(center: helsinki, limit: 3, sort: .distance, timeout: 60))
        #expect(nearest.warnings.isEmpty)
    }
}

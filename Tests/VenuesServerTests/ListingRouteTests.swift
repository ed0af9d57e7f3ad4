import Foundation
import Testing
import VenuesServerTestSupport
import VenuesTestSupport

@testable import VenuesServer

@Suite("GET /v1/nearby and /v1/search: the CLI's document, the CLI's validation")
struct ListingRouteTests {
    @Test("a nearby listing is the CLI's JSON document, merged from every provider")
    func nearbyDocument() async throws {
        let overpass = try await Fakes.overpass(count: 3)
        let foursquare = try await FakeProvider.working(.foursquare, count: 2)
        let server = try await RunningServer.start(
            configuration: RunningServer.configuration(foursquare: foursquare, overpass: overpass)
        )
        let response = try await server.client.get("/v1/nearby?near=\(FakeBodies.near)&radius=1000")
        await server.stop()
        await overpass.stop()
        await foursquare.stop()

        #expect(response.status == 200, "\(response.text)")
        #expect(response.header("content-type")?.hasPrefix("application/json") == true)
        let document = try response.json()
        #expect(Set(document.keys) == ["query", "venues", "providers", "attribution"])
        let query = try #require(document["query"] as? [String: Any])
        #expect(query["kind"] as? String == "nearby")
        #expect(query["radius"] as? Int == 1000)
        #expect(query["center"] as? String == "given")
        let venues = try #require(document["venues"] as? [[String: Any]])
        #expect(venues.count == 5)
        let first = try #require(venues.first)
        #expect(
            Set(first.keys) == [
                "id", "name", "latitude", "longitude", "distance", "address", "categories", "phone", "website",
                "rating", "favorite", "hours", "sources",
            ]
        )
        let providers = try #require(document["providers"] as? [[String: Any]])
        #expect(providers.map { $0["provider"] as? String } == ["fsq", "osm"])
        #expect(providers.allSatisfy { $0["status"] as? String == "ok" })
        #expect((document["attribution"] as? [String])?.contains("© OpenStreetMap contributors (ODbL)") == true)
    }

    @Test("a search sends the term and lists the matches")
    func searchDocument() async throws {
        let overpass = try await Fakes.overpass(count: 4)
        let server = try await RunningServer.start(configuration: RunningServer.configuration(overpass: overpass))
        let response = try await server.client.get("/v1/search?term=Galleria&near=\(FakeBodies.near)&limit=10")
        let sent = await overpass.requests
        await server.stop()
        await overpass.stop()

        #expect(response.status == 200, "\(response.text)")
        let query = try #require(try response.json()["query"] as? [String: Any])
        #expect(query["kind"] as? String == "search")
        #expect(query["term"] as? String == "Galleria")
        // Within 3 km the circle's named venues are fetched and matched here, typos forgiven
        // (docs/search.md): one query, with no pattern in it.
        // The fake answers four venues whatever it is asked; one of them is named Galleria.
        let venues = try #require(try response.json()["venues"] as? [[String: Any]])
        #expect(venues.compactMap { $0["name"] as? String }.allSatisfy { $0.hasPrefix("Galleria Valoisa") })
        #expect(venues.count == 1, "\(response.text)")
        #expect(sent.count == 1)
        #expect(
            sent.first?.formFields["data"]?.contains("nwr(around:1000,60.17,24.94)[\"name\"][\"amenity\"];") == true
        )
        #expect(sent.first?.formFields["data"]?.contains("~") == false, "the circle, matched here")
    }

    @Test(
        "invalid parameters are 400 with the CLI's messages, naming the query parameter",
        arguments: [
            ("/v1/nearby?near=60.17,24.94&radius=0", "radius 0 is out of range: expected 1 to 100000 metres"),
            ("/v1/nearby?near=91,0", "near: latitude 91.0 is out of range: expected a number from -90 to 90"),
            ("/v1/nearby?near=60.17,24.94&limit=0", "limit 0 is too small: expected a whole number of at least 1"),
            (
                "/v1/nearby?near=60.17,24.94&sort=price",
                "sort 'price' is not known: expected distance, name, rating or relevance"
            ),
            ("/v1/nearby?near=60.17,24.94&category=spaceport", "category 'spaceport' is not known: expected one of"),
            (
                "/v1/nearby?near=60.17,24.94&providers=osm,yelp",
                "providers: 'yelp' is not a provider: expected a comma-separated list of fsq, google, osm"
            ),
            ("/v1/nearby?near=60.17,24.94&radius=ten", "radius 'ten' is not a number"),
            ("/v1/nearby?near=60.17,24.94&timeout=0", "timeout 0.0 is out of range"),
            ("/v1/nearby?radius=500", "near is required"),
            ("/v1/nearby?near=60.17,24.94&colour=red", "unknown parameter 'colour'"),
            ("/v1/nearby?near=60.17,24.94&radius=5&radius=6", "radius is given 2 times"),
            ("/v1/search?near=60.17,24.94", "term is required"),
            ("/v1/search?near=60.17,24.94&term=+++", "term is empty: give the name or kind of place to search for"),
            ("/v1/nearby?near=60.17,24.94&openAt=25:00", "openAt '25:00' is not a time: give an ISO 8601 time"),
            ("/v1/nearby?near=60.17,24.94&openFor=soon", "openFor 'soon' is not a duration"),
            ("/v1/nearby?near=60.17,24.94&openNow=", "openNow '' is not true or false"),
            ("/v1/search?near=60.17,24.94&term=x&country=FIN", "country 'FIN' is not a two-letter country code"),
        ]
    )
    func badRequests(target: String, message: String) async throws {
        let overpass = try await Fakes.overpass()
        let server = try await RunningServer.start(configuration: RunningServer.configuration(overpass: overpass))
        let response = try await server.client.get(target)
        let sent = await overpass.requestCount
        await server.stop()
        await overpass.stop()

        #expect(response.status == 400)
        #expect(response.errorKind == "badRequest")
        #expect(response.errorMessage?.hasPrefix(message) == true, "\(response.errorMessage ?? response.text)")
        #expect(sent == 0, "nothing is asked upstream for an invalid request")
    }

    @Test("no provider answering is 503 naming each provider's reason")
    func noProviderAnswered() async throws {
        let overpass = try await FakeProvider.start(.overpass) { _, _ in .unavailable(.overpass) }
        let server = try await RunningServer.start(configuration: RunningServer.configuration(overpass: overpass))
        let response = try await server.client.get("/v1/nearby?near=\(FakeBodies.near)")
        await server.stop()
        await overpass.stop()

        #expect(response.status == 503)
        #expect(response.errorKind == "noProviderAnswered")
        #expect(response.errorMessage?.contains("osm: server error (HTTP 503)") == true, "\(response.text)")
    }

    @Test("a provider named but not usable on the server is reported, the others answer")
    func unusableProviderIsReported() async throws {
        let overpass = try await Fakes.overpass()
        let server = try await RunningServer.start(configuration: RunningServer.configuration(overpass: overpass))
        let response = try await server.client.get("/v1/nearby?near=\(FakeBodies.near)&providers=osm,google")
        let logs = server.logs.all
        await server.stop()
        await overpass.stop()

        #expect(response.status == 200)
        let providers = try #require(try response.json()["providers"] as? [[String: Any]])
        let google = try #require(providers.first { $0["provider"] as? String == "google" })
        #expect(google["status"] as? String == "error")
        // Said without the server's configuration (no key variable's name): the operator has
        // `venues providers` for why.
        #expect((google["error"] as? [String: Any])?["kind"] as? String == "misconfigured")
        #expect((google["error"] as? [String: Any])?["message"] as? String == "not available on this server")
        #expect(!response.text.contains("API_KEY"))
        #expect(
            logs.contains {
                $0.contains("google is not available on this server: not authorised: GOOGLE_PLACES_API_KEY")
            },
            "the operator is told why, once, at start-up: \(logs)"
        )
    }
}

/// The listing's opening hours over HTTP: the CLI's filter and its counts.
@Suite("GET /v1/nearby with openNow, openAt and openFor")
struct OpenHoursRouteTests {
    @Test func theFilterKeepsTheOpenPlacesAndCountsTheOthers() async throws {
        let overpass = try await Fakes.overpass(count: 3)
        let server = try await RunningServer.start(configuration: RunningServer.configuration(overpass: overpass))
        let plain = try await server.client.get("/v1/nearby?near=\(FakeBodies.near)&radius=1000")
        let filtered = try await server.client.get(
            "/v1/nearby?near=\(FakeBodies.near)&radius=1000&openAt=2026-11-25T12:00&openFor=30m"
        )
        let sent = await overpass.requestCount
        await server.stop()
        await overpass.stop()

        #expect(plain.status == 200 && filtered.status == 200, "\(filtered.text)")
        let all = try #require(try plain.json()["venues"] as? [[String: Any]])
        #expect(all.allSatisfy { $0["hours"] is [String: Any] })
        let document = try filtered.json()
        #expect(document["hoursFilter"] is [String: Any])
        let counts = try #require(document["hoursFilter"] as? [String: Int])
        let kept = try #require(document["venues"] as? [[String: Any]])
        // At noon on a Wednesday, for 30 minutes: the first is open, the second closed, the third
        // has no hours (FakeBodies.overpassHours).
        #expect(kept.count == 1 && counts["closed"] == 1 && counts["unknown"] == 1, "\(counts)")
        #expect(kept.allSatisfy { ($0["hours"] as? [String: Any])?["state"] as? String == "open" })
        // The filtered query is another upstream question (the whole circle, with hours).
        #expect(sent == 2)
    }

    @Test func everyRequestReadsHoursThroughTheServersOneMemo() async throws {
        let overpass = try await Fakes.overpass(count: 3)
        let server = try await RunningServer.start(configuration: RunningServer.configuration(overpass: overpass))
        let memo = server.server.services.hoursMemo
        let before = (memo.count, memo.evaluationCount)
        let plain = try await server.client.get("/v1/nearby?near=\(FakeBodies.near)&radius=1000")
        let afterPlain = (memo.count, memo.evaluationCount)
        let filtered = try await server.client.get(
            "/v1/nearby?near=\(FakeBodies.near)&radius=1000&openAt=2026-11-25T12:00"
        )
        let afterFiltered = (memo.count, memo.evaluationCount)
        await server.stop()
        await overpass.stop()

        #expect(plain.status == 200 && filtered.status == 200, "\(filtered.text)")
        #expect(before == (0, 0))
        // The fake's two values, read for the first listing's hours and kept for the second,
        // which evaluated them at its own moment through the same memo.
        #expect(afterPlain.0 == FakeBodies.overpassHours.count && afterPlain.1 > 0)
        #expect(afterFiltered.0 == FakeBodies.overpassHours.count && afterFiltered.1 > afterPlain.1)
    }
}

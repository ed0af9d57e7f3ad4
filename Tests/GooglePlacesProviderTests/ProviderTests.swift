import Foundation
import GooglePlacesProvider
import Testing
import VenuesCore
import VenuesHTTP
import VenuesTestKit
import VenuesTestSupport

/// The provider end to end against the strict fake Google server, over every transport.
@Suite("Provider against a fake Google", .timeLimit(.minutes(3)))
struct ProviderTests {
    @Test(arguments: Transport.allCases)
    func nearbyReturnsVenuesAndSendsKeyAndMaskAsHeaders(transport: Transport) async throws {
        let harness = try await Harness.make(transport)
        defer { Task { await harness.stop() } }
        let response = try await harness.provider.nearby(
            VenueQuery(center: Harness.helsinki, radius: 1000, categories: [.cafe], limit: 10, timeout: 60)
        )
        #expect(response.venues.count == 5)
        #expect(response.notes.contains("skipped 1 place(s) without a location"))
        let requests = await harness.requests
        #expect(requests.count == 1)
        let request = try #require(requests.first)
        #expect(request.method == "POST")
        #expect(request.path == "/v1/places:searchNearby")
        #expect(request.query.isEmpty)
        #expect(request.header("X-Goog-Api-Key") == Harness.apiKey)
        #expect(request.header("X-Goog-FieldMask") == PinnedFieldMasks.nearby)
        #expect(request.header("Content-Type") == "application/json")
        #expect(request.jsonBody?["includedTypes"] as? [String] == ["cafe", "coffee_shop"])
        #expect(await harness.fake.answeredStatuses == [200])
    }

    @Test(arguments: Transport.allCases)
    func theFakeRejectsRequestsWithoutMaskOrKeyAsGoogleDoes(transport: Transport) async throws {
        let harness = try await Harness.make(transport)
        defer { Task { await harness.stop() } }
        let fake = harness.fake
        let body = Data(
            #"{"locationRestriction": {"circle": {"center": {"latitude": 60.17, "longitude": 24.94}, "radius": 500}}}"#
                .utf8
        )
        let noMask = await fake.respond(
            GoogleRequest(
                method: "POST",
                path: "/v1/places:searchNearby",
                query: [],
                headers: ["x-goog-api-key": Harness.apiKey, "content-type": "application/json"],
                body: body
            )
        )
        #expect(noMask.status == 400)
        let noMaskError = GooglePlacesErrors.error(
            for: HTTPResponse(status: noMask.status, body: noMask.body),
            apiKey: Harness.apiKey
        )
        #expect(noMaskError.kind == "badRequest")
        #expect(noMaskError.message.contains("FieldMask is a required parameter"))
        let noKey = await fake.respond(
            GoogleRequest(
                method: "POST",
                path: "/v1/places:searchNearby",
                query: [],
                headers: ["x-goog-fieldmask": "places.id", "content-type": "application/json"],
                body: body
            )
        )
        #expect(noKey.status == 403)
        let envelope = try #require(try JSONSerialization.jsonObject(with: noKey.body) as? [String: Any])
        #expect((envelope["error"] as? [String: Any])?["status"] as? String == "PERMISSION_DENIED")
    }

    @Test(arguments: Transport.allCases)
    func ourProviderNeverProvokesAClientError(transport: Transport) async throws {
        let harness = try await Harness.make(transport, languageCode: "fi")
        defer { Task { await harness.stop() } }
        let provider = harness.provider
        for category in Category.allCases {
            _ = try await provider.nearby(
                VenueQuery(center: Harness.helsinki, categories: [category], limit: 30, timeout: 60)
            )
        }
        _ = try await provider.nearby(
            VenueQuery(center: Harness.helsinki, radius: 100_000, limit: 100, sort: .rating, timeout: 60)
        )
        _ = try await provider.search(
            VenueQuery(center: Harness.helsinki, radius: 90_000, term: "pizza", limit: 60, timeout: 60)
        )
        _ = try await provider.search(
            VenueQuery(center: Harness.helsinki, term: "pizza", categories: [.bar], limit: 1, timeout: 60)
        )
        _ = try await provider.venue(VenueID(provider: .google, native: "SyntheticHEL-cafe-0004"))
        let statuses = await harness.fake.answeredStatuses
        // 22 nearby + 1 nearby + 3 pages + 2 pages (the only bar is on page 2) + 1 lookup.
        #expect(statuses.count == Category.allCases.count + 1 + 3 + 2 + 1)
        #expect(statuses.allSatisfy { $0 == 200 }, "\(statuses)")
        for request in await harness.requests {
            #expect(!request.query.contains { $0.name.lowercased() == "key" })
            #expect(request.header("X-Goog-FieldMask").map { !$0.isEmpty && $0 != "*" } == true)
            #expect(request.header("X-Goog-Api-Key") == Harness.apiKey)
        }
    }

    @Test(arguments: Transport.allCases)
    func textSearchFollowsThreePagesWithTheSameBody(transport: Transport) async throws {
        let harness = try await Harness.make(transport)
        defer { Task { await harness.stop() } }
        let response = try await harness.provider.search(
            VenueQuery(center: Harness.helsinki, radius: 2000, term: "pizza", limit: 50, timeout: 60)
        )
        let requests = await harness.requests
        try #require(requests.count == 3)
        #expect(requests.map(\.path) == Array(repeating: "/v1/places:searchText", count: 3))
        let bodies = requests.compactMap(\.jsonBody)
        #expect(bodies.map { $0["pageToken"] as? String } == [nil, "SyntheticPageToken-2", "SyntheticPageToken-3"])
        let stripped = bodies.map { $0.filter { $0.key != "pageToken" } }
        #expect(NSDictionary(dictionary: stripped[0]).isEqual(to: stripped[1]))
        #expect(NSDictionary(dictionary: stripped[0]).isEqual(to: stripped[2]))
        #expect(requests.allSatisfy { $0.header("X-Goog-FieldMask") == PinnedFieldMasks.textSearch })
        #expect(
            response.venues.map(\.name) == [
                "Classic Pizza", "Via Tribunali", "Pizzeria Pompei", "Putte's Bar & Pizza",
                "MorriSon's Pizzeria & Spagetteria", "Kotipizza Lönnrotinkatu",
            ]
        )
        #expect(response.notes.contains("dropped 1 place(s) outside the 2000 m radius"))
        #expect(response.notes.contains("fetched 3 page(s) of Google Text Search results"))
        #expect(await harness.fake.answeredStatuses == [200, 200, 200])
    }

    @Test(arguments: Transport.allCases)
    func textResultsAreFilteredByTheRequestedRadiusNotTheClampedOne(transport: Transport) async throws {
        let harness = try await Harness.make(transport)
        defer { Task { await harness.stop() } }
        let response = try await harness.provider.search(
            VenueQuery(center: Harness.helsinki, radius: 100_000, term: "pizza", limit: 50, timeout: 60)
        )
        #expect(response.venues.count == 6)  // Kotka is about 115 km away
        #expect(response.notes.contains("dropped 1 place(s) outside the 100000 m radius"))
        #expect(response.warnings.contains { $0.contains("searched 50000 m") })
        let bias = await harness.requests.first?.jsonBody?["locationBias"] as? [String: Any]
        #expect((bias?["circle"] as? [String: Any])?["radius"] as? Double == 50_000)
    }

    @Test(arguments: Transport.allCases)
    func aTransientFailureOnALaterPageKeepsEarlierPages(transport: Transport) async throws {
        let harness = try await Harness.make(transport)
        defer { Task { await harness.stop() } }
        await harness.fake.failPage(1, with: FakeGooglePlaces.fixture("error-500-internal.json", status: 500))
        let response = try await harness.provider.search(
            VenueQuery(center: Harness.helsinki, radius: 2000, term: "pizza", limit: 50, timeout: 60)
        )
        #expect(response.venues.map(\.name) == ["Classic Pizza", "Via Tribunali"])
        #expect(response.warnings.contains { $0.hasPrefix("page 2 failed (server error (HTTP 500)") })
        #expect(!response.notes.contains { $0.contains("maxPages") })
        #expect(await harness.requests.count == 2)
    }

    @Test(arguments: Transport.allCases)
    func aRejectedLaterPageIsAnError(transport: Transport) async throws {
        let harness = try await Harness.make(transport)
        defer { Task { await harness.stop() } }
        await harness.fake.failPage(2, with: FakeGooglePlaces.error(400, "INVALID_ARGUMENT", "Invalid page token."))
        await #expect(throws: ProviderError.badRequest("Invalid page token.")) {
            try await harness.provider.search(
                VenueQuery(center: Harness.helsinki, radius: 2000, term: "pizza", timeout: 60)
            )
        }
    }

    @Test(arguments: Transport.allCases)
    func pagingStopsAtTheLimit(transport: Transport) async throws {
        let harness = try await Harness.make(transport)
        defer { Task { await harness.stop() } }
        let response = try await harness.provider.search(
            VenueQuery(center: Harness.helsinki, radius: 2000, term: "pizza", limit: 2, timeout: 60)
        )
        #expect(response.venues.count == 2)
        #expect(await harness.requests.count == 1)
        #expect(await harness.requests.first?.jsonBody?["pageSize"] as? Int == 2)
    }

    @Test(arguments: Transport.allCases)
    func pagingStopsAtMaxPages(transport: Transport) async throws {
        let harness = try await Harness.make(transport, maxPages: 2)
        defer { Task { await harness.stop() } }
        let response = try await harness.provider.search(
            VenueQuery(center: Harness.helsinki, radius: 2000, term: "pizza", limit: 50, timeout: 60)
        )
        #expect(await harness.requests.count == 2)
        #expect(response.venues.count == 4)
        #expect(response.notes.contains { $0.contains("maxPages") })
    }

    /// Google never serves a fourth Text Search page; a larger `maxPages` must not make us ask.
    @Test(arguments: Transport.allCases)
    func pagingNeverGoesPastThreePagesWhateverMaxPagesSays(transport: Transport) async throws {
        let harness = try await Harness.make(transport, maxPages: 10)
        defer { Task { await harness.stop() } }
        // Five pages, each pointing at the next: only the cap can stop paging after page 3.
        let pages = (1...5).map { number in
            let place =
                #"{"id": "SyntheticHEL-paged-\#(number)", "displayName": {"text": "Paged Pizza \#(number)"}, "#
                + #""location": {"latitude": 60.1717, "longitude": 24.9445}}"#
            let token = number < 5 ? #", "nextPageToken": "SyntheticPageToken-\#(number + 1)""# : ""
            return Data(#"{"places": [\#(place)]\#(token)}"#.utf8)
        }
        await harness.fake.setTextPages(pages)
        let response = try await harness.provider.search(
            VenueQuery(center: Harness.helsinki, radius: 2000, term: "pizza", limit: 50, timeout: 60)
        )
        let requests = await harness.requests
        #expect(requests.count == 3)
        #expect(requests.last?.jsonBody?["pageToken"] as? String == "SyntheticPageToken-3")
        #expect(response.venues.map(\.name) == ["Paged Pizza 1", "Paged Pizza 2", "Paged Pizza 3"])
        #expect(response.notes.contains { $0.contains("stopped after 3 page(s)") })
        #expect(await harness.fake.answeredStatuses == [200, 200, 200])
    }

    @Test(arguments: Transport.allCases)
    func pagingStopsOnAnEmptyToken(transport: Transport) async throws {
        let harness = try await Harness.make(transport)
        defer { Task { await harness.stop() } }
        await harness.fake.setTextPages([
            Data(#"{"places": [], "nextPageToken": ""}"#.utf8), Data("{}".utf8), Data("{}".utf8),
        ])
        let response = try await harness.provider.search(
            VenueQuery(center: Harness.helsinki, term: "nothing here", limit: 50, timeout: 60)
        )
        #expect(response.venues.isEmpty)
        #expect(await harness.requests.count == 1)
    }

    @Test(arguments: Transport.allCases)
    func textSearchFiltersCategoriesClientSide(transport: Transport) async throws {
        let harness = try await Harness.make(transport)
        defer { Task { await harness.stop() } }
        let response = try await harness.provider.search(
            VenueQuery(
                center: Harness.helsinki,
                radius: 2000,
                term: "pizza",
                categories: [.fastFood, .bar],
                limit: 50,
                timeout: 60
            )
        )
        #expect(response.venues.map(\.name) == ["Putte's Bar & Pizza", "Kotipizza Lönnrotinkatu"])
        #expect(await harness.requests.first?.jsonBody?["includedType"] == nil)
    }

    @Test(arguments: Transport.allCases)
    func emptyAnswerIsNoVenues(transport: Transport) async throws {
        let harness = try await Harness.make(transport)
        defer { Task { await harness.stop() } }
        await harness.fake.force(.json("{}"))
        let response = try await harness.provider.nearby(VenueQuery(center: Harness.helsinki, timeout: 60))
        #expect(response.venues.isEmpty)
    }

    @Test(arguments: Transport.allCases)
    func lookupGetsOnePlace(transport: Transport) async throws {
        let harness = try await Harness.make(transport)
        defer { Task { await harness.stop() } }
        let venue = try await harness.provider.venue(
            VenueID(provider: .google, native: "SyntheticHEL-cafe-0004"),
            timeout: 60
        )
        #expect(venue.name == "Cafe Engel")
        #expect(venue.openingHours != nil)
        let request = try #require(await harness.requests.first)
        #expect(request.method == "GET")
        #expect(request.path == "/v1/places/SyntheticHEL-cafe-0004")
        #expect(request.header("X-Goog-FieldMask") == PinnedFieldMasks.details)
        #expect(request.body.isEmpty)

        let missing = try VenueID(provider: .google, native: "SyntheticHEL-nope")
        await #expect(throws: ProviderError.notFound(missing)) {
            try await harness.provider.venue(missing)
        }
        await #expect(throws: ProviderError.self) {
            try await harness.provider.venue(VenueID(provider: .foursquare, native: "4b0588f4f964a520bdc522e3"))
        }
    }

    /// (fixture, HTTP status, extra headers, expected error) for each error path.
    static let errorCases: [(String, Int, [(name: String, value: String)], ProviderError)] = [
        (
            "error-400-unsupported-type.json", 400, [],
            .badRequest("Unsupported types: attraction.")
        ),
        (
            "error-429-resource-exhausted.json", 429, [("Retry-After", "7")],
            .rateLimited(retryAfter: 7)
        ),
        ("error-500-internal.json", 500, [], .server(status: 500, message: "INTERNAL: Internal error encountered.")),
        (
            "error-503-unavailable.json", 503, [],
            .server(status: 503, message: "UNAVAILABLE: The service is currently unavailable.")
        ),
    ]

    @Test(arguments: Transport.allCases)
    func errorPathsMapToKinds(transport: Transport) async throws {
        let harness = try await Harness.make(transport)
        defer { Task { await harness.stop() } }
        for (fixture, status, headers, expected) in Self.errorCases {
            await harness.fake.force(FakeGooglePlaces.fixture(fixture, status: status, headers: headers))
            await #expect(throws: expected, "\(fixture)") {
                try await harness.provider.nearby(VenueQuery(center: Harness.helsinki, timeout: 60))
            }
        }
    }

    @Test(arguments: Transport.allCases)
    func nonJSONErrorBodiesMapByHTTPStatus(transport: Transport) async throws {
        let harness = try await Harness.make(transport)
        defer { Task { await harness.stop() } }
        await harness.fake.force(.text("<html><body>Bad Gateway</body></html>", status: 502))
        await #expect(throws: ProviderError.server(status: 502, message: "<html><body>Bad Gateway</body></html>")) {
            try await harness.provider.nearby(VenueQuery(center: Harness.helsinki, timeout: 60))
        }
        await harness.fake.force(.text("I am a teapot", status: 418))
        do {
            _ = try await harness.provider.search(VenueQuery(center: Harness.helsinki, term: "pizza", timeout: 60))
            Issue.record("expected invalidResponse")
        } catch {
            #expect(error.kind == "invalidResponse")
        }
        await harness.fake.force(.text("not json at all"))
        do {
            _ = try await harness.provider.nearby(VenueQuery(center: Harness.helsinki, timeout: 60))
            Issue.record("expected invalidResponse")
        } catch {
            #expect(error.kind == "invalidResponse")
        }
    }

    @Test func anUnreachableServerIsReportedWithoutTheKey() async throws {
        let provider = GooglePlacesProvider(
            configuration: .init(apiKey: Harness.apiKey, baseURL: URL(string: "http://127.0.0.1:1")!),
            httpClient: CurlHTTPClient()
        )
        do {
            // The longest deadline: a refused connection answers at once, but in the whole parallel
            // suite on two cores the answer's task can wait longer than 30 s to run, and the
            // deadline then won the race (timedOut; the test took 64–149 s in every full run).
            _ = try await provider.nearby(VenueQuery(center: Harness.helsinki, timeout: 600))
            Issue.record("expected unreachable")
        } catch {
            #expect(error.kind == "unreachable", "\(error)")
            #expect(!error.message.contains(Harness.apiKey))
        }
    }

    @Test(arguments: Transport.allCases)
    func theIOSAppBlockedShapeIsUnauthorized(transport: Transport) async throws {
        let harness = try await Harness.make(transport)
        defer { Task { await harness.stop() } }
        await harness.fake.force(FakeGooglePlaces.fixture("error-403-api-key-ios-app-blocked.json", status: 403))
        do {
            _ = try await harness.provider.search(VenueQuery(center: Harness.helsinki, term: "pizza", timeout: 60))
            Issue.record("expected unauthorized")
        } catch {
            guard case .unauthorized(let message) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(message.contains("API_KEY_IOS_APP_BLOCKED"))
            #expect(message.contains("GOOGLE_PLACES_API_KEY"))
            #expect(!message.contains(Harness.apiKey))
        }
    }

    @Test(arguments: Transport.allCases)
    func aWrongOrEmptyKeyIsUnauthorizedWithoutEchoingIt(transport: Transport) async throws {
        for key in ["wrong-key-0123456789", "", "  "] {
            let harness = try await Harness.make(transport, apiKey: key)
            do {
                _ = try await harness.provider.nearby(VenueQuery(center: Harness.helsinki, timeout: 60))
                Issue.record("expected unauthorized")
            } catch {
                #expect(error.kind == "unauthorized", "\(error)")
                #expect(error.message.contains("GOOGLE_PLACES_API_KEY"))
                if !key.isEmpty { #expect(!error.message.contains(key)) }
            }
            // A blank key fails before any request is made.
            #expect(await harness.requests.count == (key == "wrong-key-0123456789" ? 1 : 0))
            await harness.stop()
        }
    }

    @Test(arguments: Transport.allCases)
    func conformance(transport: Transport) async throws {
        let harness = try await Harness.make(transport)
        defer { Task { await harness.stop() } }
        // Place Details knows every place that Nearby Search lists (a place is the same
        // resource in both).
        let nearby = try #require(try Fixtures.json("searchnearby-helsinki-cafes.json") as? [String: Any])
        for place in try #require(nearby["places"] as? [[String: Any]]) {
            let id = try #require(place["id"] as? String)
            await harness.fake.know(id, try JSONSerialization.data(withJSONObject: place))
        }
        try await VenueProviderConformance(
            provider: harness.provider,
            center: Harness.helsinki,
            radius: 1000,
            knownTerm: "pizza",
            secrets: [Harness.apiKey]
        ).run()
    }

    @Test(arguments: Transport.allCases)
    func partialOrderIsWarnedAbout(transport: Transport) async throws {
        let harness = try await Harness.make(transport)
        defer { Task { await harness.stop() } }
        let provider = harness.provider
        // Nearby: Google's answer is as long as asked for, so there may be more.
        let byName = try await provider.nearby(VenueQuery(center: Harness.helsinki, limit: 2, sort: .name, timeout: 60))
        #expect(byName.venues.count == 2)
        #expect(byName.warnings.contains { $0.hasPrefix("ordered by name over the 2 places Google returned") })
        let nearest = try await provider.nearby(VenueQuery(center: Harness.helsinki, limit: 2, timeout: 60))
        #expect(nearest.warnings.isEmpty)
        // Text search: more pages exist after the first.
        let search = VenueQuery(center: Harness.helsinki, term: "pizza", limit: 3, sort: .rating, timeout: 60)
        let byRating = try await provider.search(search)
        #expect(byRating.warnings.contains { $0.hasPrefix("ordered by rating over the 3 places Google returned") })
    }

    @Test(arguments: Transport.allCases)
    func nearbyKeepsToTheCircle(transport: Transport) async throws {
        let harness = try await Harness.make(transport)
        defer { Task { await harness.stop() } }
        // The fixture's places are within a few hundred metres of the centre; 20 m holds few.
        let response = try await harness.provider.nearby(
            VenueQuery(center: Harness.helsinki, radius: 20, timeout: 60)
        )
        #expect(response.venues.allSatisfy { $0.coordinate.distance(to: Harness.helsinki) <= 20 })
        #expect(response.notes.contains { $0.contains("outside the 20 m radius") })
    }
}

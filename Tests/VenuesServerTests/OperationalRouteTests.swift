import Foundation
import Testing
import VenuesOutput
import VenuesServer
import VenuesServerTestSupport
import VenuesTestSupport

@Suite("/healthz, /readyz, /metrics, /openapi.json, request ids, unknown routes")
struct OperationalRouteTests {
    @Test("healthz and readyz answer without a token; readyz is 503 with the reason while the store is away")
    func healthAndReadiness() async throws {
        let overpass = try await Fakes.overpass()
        let store = InMemoryServerStore()
        let server = try await RunningServer.start(
            configuration: RunningServer.configuration(overpass: overpass),
            store: store
        )
        let anonymous = server.client.with(token: nil)
        let health = try await anonymous.get("/healthz")
        let ready = try await anonymous.get("/readyz")
        store.isReachable = false
        let notReady = try await anonymous.get("/readyz")
        let stillHealthy = try await anonymous.get("/healthz")
        store.isReachable = true
        let readyAgain = try await anonymous.get("/readyz")
        await server.stop()
        await overpass.stop()

        #expect(health.status == 200)
        #expect(ready.status == 200)
        #expect(try ready.json()["providers"] as? [String] == ["osm"], "only Overpass is set up")
        #expect(notReady.status == 503)
        #expect(notReady.errorKind == "storeUnavailable")
        #expect(notReady.errorMessage?.contains("connection refused (test switch)") == true)
        #expect(stillHealthy.status == 200)
        #expect(readyAgain.status == 200)
    }

    @Test("readyz lists the imported indexes the server answers from, and a listing names them with their coverage")
    func readinessListsTheIndexes() async throws {
        let counts = try await SuggestRouteTests.withServer { server in
            let ready = try await server.client.with(token: nil).get("/readyz")
            #expect(ready.status == 200)
            let indexes = try #require(try ready.json()["indexes"] as? [[String: Any]])
            #expect(indexes.count == 1)
            #expect(indexes.first?["source"] as? String == "index:helsinki")
            #expect(indexes.first?["boundsOrigin"] as? String == "declared")
            #expect(indexes.first?["dataTimestamp"] as? String == "2019-04-21T09:50:14Z")
            let bounds = try #require(indexes.first?["bounds"] as? [String: Double])
            #expect(bounds["south"] == 60.164155 && bounds["east"] == 24.9534145)

            let listing = try await server.client.get(
                "/v1/nearby?near=\(SuggestRouteTests.near)&radius=300&providers=osm"
            )
            #expect(listing.status == 200)
            let osm = try #require((try listing.json()["providers"] as? [[String: Any]])?.first)
            #expect(osm["source"] as? String == "index:helsinki")
            #expect(osm["coverage"] as? Double == 1)
        }
        #expect(counts.overpass == 0, "the index held the whole circle")
    }

    @Test("the page's icon: an ICO without a token")
    func favicon() async throws {
        let overpass = try await Fakes.overpass()
        let server = try await RunningServer.start(configuration: RunningServer.configuration(overpass: overpass))
        let icon = try await server.client.with(token: nil).get("/favicon.ico")
        await server.stop()
        await overpass.stop()

        #expect(icon.status == 200)
        #expect(icon.header("content-type") == "image/x-icon")
        #expect(Array(icon.body.prefix(6)) == [0, 0, 1, 0, 1, 0], "an ICO header with one image")
        #expect(Array(icon.body.dropFirst(22).prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    @Test("every response has a request id, also in the request's log line; errors are JSON")
    func requestIDs() async throws {
        let overpass = try await Fakes.overpass()
        let server = try await RunningServer.start(configuration: RunningServer.configuration(overpass: overpass))
        let responses = [
            try await server.client.get("/healthz"),
            try await server.client.get("/v1/nearby?near=\(FakeBodies.near)"),
            try await server.client.get("/v1/nearby?near=nowhere"),
            try await server.client.get("/no/such/route"),
            try await server.client.with(token: nil).get("/v1/favorites"),
        ]
        let logs = server.logs.all
        await server.stop()
        await overpass.stop()

        let ids = responses.compactMap { $0.header("x-request-id") }
        #expect(ids.count == responses.count)
        #expect(Set(ids).count == ids.count, "ids are unique")
        for id in ids {
            #expect(logs.contains { $0.contains(id) }, "a log line carries \(id)")
        }
        #expect(responses.map(\.status) == [200, 200, 400, 404, 401])
        #expect(responses[3].errorKind == "notFound")
        #expect(responses[3].header("content-type")?.hasPrefix("application/json") == true)
    }

    @Test("metrics count requests by route and status, provider calls, cache hits and coalescing")
    func metrics() async throws {
        let overpass = try await Fakes.overpass()
        let server = try await RunningServer.start(configuration: RunningServer.configuration(overpass: overpass))
        _ = try await server.client.get("/v1/nearby?near=\(FakeBodies.near)")
        _ = try await server.client.get("/v1/nearby?near=\(FakeBodies.near)")
        _ = try await server.client.get("/v1/venues/osm:node/5")
        let metrics = try await server.client.with(token: nil).get("/metrics")
        await server.stop()
        await overpass.stop()

        #expect(metrics.status == 200)
        #expect(metrics.header("content-type")?.hasPrefix("text/plain") == true)
        let text = metrics.text
        #expect(
            text.contains(#"venues_http_requests_total{route="/v1/nearby",method="GET",status="200"} 2"#),
            "\(text)"
        )
        #expect(text.contains(#"venues_http_requests_total{route="/v1/venues/{id}",method="GET",status="200"} 1"#))
        #expect(text.contains(#"venues_http_request_duration_seconds_bucket{route="/v1/nearby",method="GET""#))
        #expect(text.contains(#"venues_provider_calls_total{provider="osm",outcome="ok"} 2"#))
        #expect(text.contains(#"venues_cache_lookups_total{provider="osm",result="hit"} 1"#))
        #expect(text.contains(#"venues_cache_lookups_total{provider="osm",result="miss"} 2"#))
    }

    @Test("/ is the map page with its search form, without a token, under a strict Content-Security-Policy")
    func mapPage() async throws {
        let overpass = try await Fakes.overpass()
        let server = try await RunningServer.start(configuration: RunningServer.configuration(overpass: overpass))
        let page = try await server.client.with(token: nil).get("/?term=cafe&near=60.17,24.94")
        await server.stop()
        await overpass.stop()

        #expect(page.status == 200)
        #expect(page.header("content-type") == ServedMapPage.contentType)
        #expect(page.header("content-security-policy") == ServedMapPage.contentSecurityPolicy)
        #expect(page.header("content-security-policy")?.contains("default-src 'none'") == true)
        #expect(page.header("x-content-type-options") == "nosniff")
        #expect(page.text == ServedMapPage.html)
        #expect(page.text.contains(#"<form class="search-form" id="search-form">"#))
    }

    @Test("openapi.json is the committed OpenAPI 3.1 file")
    func openAPI() async throws {
        let overpass = try await Fakes.overpass()
        let server = try await RunningServer.start(configuration: RunningServer.configuration(overpass: overpass))
        let response = try await server.client.with(token: nil).get("/openapi.json")
        await server.stop()
        await overpass.stop()

        #expect(response.status == 200)
        #expect(try response.json()["openapi"] as? String == "3.1.0")
        #expect(response.body == Data(OpenAPIDocument.bytes))
    }
}

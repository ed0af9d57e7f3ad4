import Foundation
import Testing
import VenuesServerTestSupport
import VenuesTestSupport

@Suite("The store away: degraded answers, /readyz 503, recovery without a restart")
struct DegradedStoreTests {
    @Test("listings go on from the providers, flagged degraded; favourites wait; all recovers")
    func degradedAndRecovered() async throws {
        let overpass = try await Fakes.overpass(count: 3)
        let store = InMemoryServerStore()
        let server = try await RunningServer.start(
            configuration: RunningServer.configuration(overpass: overpass),
            store: store
        )
        let client = server.client
        let near = FakeBodies.near
        _ = try await client.send("PUT", "/v1/favorites/osm:node/9100000")
        let healthy = try await client.get("/v1/nearby?near=\(near)&radius=400")

        store.isReachable = false
        let degraded = try await client.get("/v1/nearby?near=\(near)&radius=500")
        let requestsWhileAway = await overpass.requestCount
        let notReady = try await client.with(token: nil).get("/readyz")
        let favoritesAway = try await client.get("/v1/favorites")
        let putAway = try await client.send("PUT", "/v1/favorites/osm:node/9100001")

        store.isReachable = true
        let recovered = try await client.get("/v1/nearby?near=\(near)&radius=500")
        let ready = try await client.with(token: nil).get("/readyz")
        let logs = server.logs.all
        await server.stop()
        await overpass.stop()

        func flagged(_ response: TestResponse) throws -> Int {
            let venues = try #require(try response.json()["venues"] as? [[String: Any]])
            return venues.filter { $0["favorite"] as? Bool == true }.count
        }
        #expect(healthy.header("venues-degraded") == nil)
        #expect(try flagged(healthy) == 1)

        #expect(degraded.status == 200, "\(degraded.text)")
        #expect(degraded.header("venues-degraded") == "store-unavailable")
        let warnings = (try degraded.json()["providers"] as? [[String: Any]])?.first?["warnings"] as? [String]
        #expect(warnings?.contains { $0.hasPrefix("the server's store is unavailable") } == true)
        #expect(try flagged(degraded) == 0, "favourites cannot be flagged without the store")
        #expect(requestsWhileAway == 3, "lookup, the healthy listing, the degraded listing: \(requestsWhileAway)")
        #expect(notReady.status == 503)
        #expect(favoritesAway.status == 503)
        #expect(favoritesAway.errorKind == "storeUnavailable")
        #expect(putAway.status == 503)

        #expect(recovered.status == 200)
        #expect(recovered.header("venues-degraded") == nil)
        #expect(try flagged(recovered) == 1)
        #expect(ready.status == 200)
        #expect(logs.filter { $0.contains("the store is unavailable") }.count == 1, "said once")
        #expect(logs.contains { $0.contains("the store is reachable again") })
    }
}

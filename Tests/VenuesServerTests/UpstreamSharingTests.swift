import Foundation
import Synchronization
import Testing
import VenuesServerTestSupport
import VenuesTestSupport

@Suite("Fewer upstream calls: coalescing, the shared cache, per-provider limits, Retry-After pauses")
struct UpstreamSharingTests {
    @Test("50 identical concurrent listings make one request per provider")
    func coalescing() async throws {
        let gate = HeldAnswer()
        let overpass = try await Fakes.overpass(count: 3) { _, _ in
            await gate.hold(atMost: .seconds(120))
            return nil
        }
        let foursquare = try await FakeProvider.start(.foursquare) { _, request in
            await gate.hold(atMost: .seconds(120))
            return .success(.foursquare, count: 2, request: request)
        }
        let server = try await RunningServer.start(
            configuration: RunningServer.configuration(foursquare: foursquare, overpass: overpass)
        )
        let target = "/v1/nearby?near=\(FakeBodies.near)&radius=800"
        let client = server.client
        async let responses = withThrowingTaskGroup(of: TestResponse.self) { group in
            for _ in 0..<50 { group.addTask { try await client.get(target) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        // Every caller but the first joins the run under way; then the providers may answer.
        let joined = try await Polling.until {
            let osm = try await Polling.metric(of: client, #"venues_coalesced_requests_total{provider="osm"}"#)
            let fsq = try await Polling.metric(of: client, #"venues_coalesced_requests_total{provider="fsq"}"#)
            return osm == 49 && fsq == 49
        }
        gate.release()
        let answered = try await responses
        let osmRequests = await overpass.requestCount
        let fsqRequests = await foursquare.requestCount
        await server.stop()
        await overpass.stop()
        await foursquare.stop()

        #expect(joined)
        #expect(answered.count == 50)
        #expect(answered.allSatisfy { $0.status == 200 })
        #expect(Set(answered.map { (try? $0.json()["venues"] as? [[String: Any]])?.count ?? -1 }) == [5])
        #expect(osmRequests == 1)
        #expect(fsqRequests == 1)
    }

    @Test("a listing asked again is answered from the cache, without asking the provider")
    func cached() async throws {
        let overpass = try await Fakes.overpass()
        let store = InMemoryServerStore()
        let server = try await RunningServer.start(
            configuration: RunningServer.configuration(overpass: overpass),
            store: store
        )
        let first = try await server.client.get("/v1/nearby?near=\(FakeBodies.near)&radius=700&category=cafe")
        // The same query, normalised: another order of parameters, another spelling of the centre.
        let second = try await server.client.get("/v1/nearby?category=cafe&radius=700&near=60.17000,24.94")
        let requests = await overpass.requestCount
        await server.stop()
        await overpass.stop()

        #expect(first.status == 200)
        #expect(second.status == 200)
        #expect(requests == 1)
        #expect(store.cachedKeys.count == 1, "the answer is in the store's cache: \(store.cachedKeys)")
    }

    @Test("at most 2 calls to Overpass at a time, whatever the number of clients")
    func overpassLimit() async throws {
        let inFlight = Mutex(0)
        let overpass = try await Fakes.overpass { _, _ in
            inFlight.withLock { $0 += 1 }
            // Answer once a second call is in flight (or after a generous bound): without the
            // limit, every call would pile up here at once.
            _ = await Polling.until(atMost: .seconds(30)) { inFlight.withLock { $0 } >= 2 }
            try? await Task.sleep(for: .milliseconds(50))
            inFlight.withLock { $0 -= 1 }
            return nil
        }
        let server = try await RunningServer.start(configuration: RunningServer.configuration(overpass: overpass))
        let client = server.client
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for radius in 100..<110 {
                group.addTask { try await client.get("/v1/nearby?near=\(FakeBodies.near)&radius=\(radius)").status }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let maxInFlight = await overpass.server.maxInFlight
        let requests = await overpass.requestCount
        await server.stop()
        await overpass.stop()

        #expect(statuses.allSatisfy { $0 == 200 })
        #expect(requests == 10)
        #expect(maxInFlight == 2)
    }

    @Test("a 429 with Retry-After pauses the provider for every client: cache where possible, else rateLimited")
    func retryAfterPause() async throws {
        let limited = Failing()
        let overpass = try await Fakes.overpass { _, _ in
            limited.on ? .tooManyRequests(.overpass, retryAfter: 120) : nil
        }
        let foursquare = try await FakeProvider.working(.foursquare, count: 2)
        var configuration = RunningServer.configuration(foursquare: foursquare, overpass: overpass)
        configuration.cache.ttl = 0  // entries expire at once: only a paused provider's run may use them
        let server = try await RunningServer.start(configuration: configuration)
        let bob = server.client.with(token: try await server.token(for: "bob"))
        let near = FakeBodies.near

        let cachedFirst = try await server.client.get("/v1/nearby?near=\(near)&radius=300&providers=osm")
        limited.on = true
        let limitedNow = try await server.client.get("/v1/nearby?near=\(near)&radius=301&providers=osm")
        let countAfter429 = await overpass.requestCount
        let staleAnswer = try await server.client.get("/v1/nearby?near=\(near)&radius=300&providers=osm")
        let bobPaused = try await bob.get("/v1/nearby?near=\(near)&radius=302&providers=osm")
        let mixed = try await bob.get("/v1/nearby?near=\(near)&radius=303&providers=fsq,osm")
        let lookup = try await bob.get("/v1/venues/osm:node/12")
        let countAtEnd = await overpass.requestCount
        await server.stop()
        await overpass.stop()
        await foursquare.stop()

        #expect(cachedFirst.status == 200)
        #expect(limitedNow.status == 429, "\(limitedNow.text)")
        #expect(limitedNow.errorKind == "rateLimited")
        #expect(Int(limitedNow.header("retry-after") ?? "") ?? 0 > 100)
        #expect(countAfter429 == 2)

        #expect(staleAnswer.status == 200, "an expired entry answers while the provider is paused")
        let staleStatus = try #require((try staleAnswer.json()["providers"] as? [[String: Any]])?.first)
        #expect(
            (staleStatus["warnings"] as? [String])?.first?.hasPrefix("rate limited: answered from the server's cache")
                == true
        )

        #expect(bobPaused.status == 429, "the pause holds for every client")
        #expect(mixed.status == 200)
        let providers = try #require(try mixed.json()["providers"] as? [[String: Any]])
        let osm = try #require(providers.first { $0["provider"] as? String == "osm" })
        #expect((osm["error"] as? [String: Any])?["kind"] as? String == "rateLimited")
        #expect(lookup.status == 429)
        #expect(countAtEnd == 2, "nothing more was sent to the paused provider")
    }
}

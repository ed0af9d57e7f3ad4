import Foundation
import Testing
import VenuesServer
import VenuesServerStore
import VenuesServerTestSupport
import VenuesTestSupport

@Suite("Bearer tokens: 401 without a valid one; --no-auth only on loopback")
struct AuthenticationTests {
    @Test(
        "every /v1 route is 401 without a token, with a malformed one, or with an unknown one",
        arguments: [nil, "Basic YWxpY2U6c2VjcmV0", "Bearer", "Bearer venues_not-a-real-token"]
    )
    func refused(authorization: String?) async throws {
        let overpass = try await Fakes.overpass()
        let server = try await RunningServer.start(configuration: RunningServer.configuration(overpass: overpass))
        let anonymous = server.client.with(token: nil)
        var statuses: [String: Int] = [:]
        for route in APIRoute.allCases where route.needsClient {
            let target = route.path.replacingOccurrences(of: "{id}", with: "osm:node/1") + "?near=\(FakeBodies.near)"
            let headers = authorization.map { [("Authorization", $0)] } ?? []
            let response = try await anonymous.send(route.method.rawValue, target, headers: headers)
            statuses[route.rawValue] = response.status
            #expect(response.errorKind == "unauthorized")
            #expect(response.header("www-authenticate")?.hasPrefix("Bearer") == true)
        }
        let upstream = await overpass.requestCount
        await server.stop()
        await overpass.stop()

        #expect(Set(statuses.values) == [401], "\(statuses)")
        #expect(upstream == 0)
    }

    /// The contract is 1 s: a token checked in the last second is trusted without asking the
    /// store, so one second after the revocation (a sleep, never a bound on how long anything
    /// took: a slow machine only makes the memo older) the very next request must be refused.
    @Test("a revoked token stops working within a second (the SQLite store the server uses)")
    func revoked() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let overpass = try await Fakes.overpass()
        let store = try await ServerDatabase.sqlite(path: scratch.file("server.sqlite").path).open()
        let server = try await RunningServer.start(
            configuration: RunningServer.configuration(overpass: overpass),
            store: store
        )
        let token = try await server.token(for: "carol")
        let carol = server.client.with(token: token)
        let before = try await carol.get("/v1/favorites")
        let alsoBefore = try await carol.get("/v1/favorites")
        let revoked = try await store.revokeClient(name: "carol")
        try await Task.sleep(for: .seconds(1))
        let after = try await carol.get("/v1/favorites")
        let others = try await server.client.get("/v1/favorites")
        await server.stop()
        await store.close()
        await overpass.stop()

        #expect(before.status == 200)
        #expect(alsoBefore.status == 200)
        #expect(revoked)
        #expect(after.status == 401, "the first request a second after the revocation: \(after.text)")
        #expect(after.errorKind == "unauthorized")
        #expect(others.status == 200, "another client's token still works")
    }

    @Test("an unknown token while the store is down is 503, never 200 nor 401, and never remembered")
    func unknownTokenWhileStoreIsDown() async throws {
        let overpass = try await Fakes.overpass()
        let store = InMemoryServerStore()
        let server = try await RunningServer.start(
            configuration: RunningServer.configuration(overpass: overpass),
            store: store
        )
        let known = try await server.client.get("/v1/favorites")
        store.isReachable = false
        let stranger = server.client.with(token: BearerToken.generate())
        let unknownAway = try await stranger.get("/v1/nearby?near=\(FakeBodies.near)&radius=300")
        let unknownFavorites = try await stranger.get("/v1/favorites")
        let knownAway = try await server.client.get("/v1/nearby?near=\(FakeBodies.near)&radius=300")
        store.isReachable = true
        let unknownBack = try await stranger.get("/v1/favorites")
        await server.stop()
        await overpass.stop()

        #expect(known.status == 200)
        #expect(unknownAway.status == 503, "\(unknownAway.text)")
        #expect(unknownAway.errorKind == "storeUnavailable")
        #expect(unknownFavorites.status == 503)
        #expect(knownAway.status == 200, "a token seen valid is trusted for the grace while the store is away")
        #expect(knownAway.header("venues-degraded") == "store-unavailable")
        #expect(unknownBack.status == 401, "once the store is back the unknown token is refused")
    }

    /// A revocation the server has not seen (made by another instance or `venues serve token
    /// revoke`) just before the store goes away: the server cannot know of it, so the token
    /// keeps the grace of a token seen valid — for listings, which need no store. What it
    /// never does is let such a token change favourites (the store is away) nor outlive the
    /// outage: once the store is back, the next check refuses it.
    @Test("a token revoked just before an outage: the grace for listings only, refused once the store is back")
    func revokedJustBeforeAnOutage() async throws {
        let overpass = try await Fakes.overpass()
        let store = InMemoryServerStore()
        let server = try await RunningServer.start(
            configuration: RunningServer.configuration(overpass: overpass),
            store: store
        )
        let token = try await server.token(for: "dave")
        let dave = server.client.with(token: token)
        let before = try await dave.get("/v1/favorites")
        _ = try await store.revokeClient(name: "dave")
        store.isReachable = false
        try await Task.sleep(for: .seconds(1))
        let listingAway = try await dave.get("/v1/nearby?near=\(FakeBodies.near)&radius=300")
        let writeAway = try await dave.send("PUT", "/v1/favorites/osm:node/9100001")
        store.isReachable = true
        try await Task.sleep(for: .seconds(1))
        let back = try await dave.get("/v1/nearby?near=\(FakeBodies.near)&radius=300")
        let backAgain = try await dave.get("/v1/favorites")
        await server.stop()
        await overpass.stop()

        #expect(before.status == 200)
        #expect(listingAway.status == 200, "\(listingAway.text)")
        #expect(listingAway.header("venues-degraded") == "store-unavailable")
        #expect(writeAway.status == 503)
        #expect(back.status == 401, "\(back.text)")
        #expect(backAgain.status == 401)
    }

    @Test("the store keeps only the token's SHA-256")
    func onlyTheHashIsStored() {
        let token = "venues_example"
        // printf 'venues_example' | sha256sum
        #expect(BearerToken.hash(token).hex == "d151e4820c02f738a99fed94cc0b2925d13c7d7b97f9bca2ae38480ad3fbecd1")
        #expect(BearerToken.hash(token) == BearerToken.hash(token))
        #expect(BearerToken.hash(token) != BearerToken.hash(token + "x"))
        #expect(BearerToken.generate().hasPrefix("venues_"))
        #expect(BearerToken.generate() != BearerToken.generate())
    }

    @Test("--no-auth serves one implicit client on loopback, and is refused elsewhere")
    func singleClient() async throws {
        let overpass = try await Fakes.overpass()
        let server = try await RunningServer.start(configuration: RunningServer.configuration(overpass: overpass)) {
            $0.authentication = .single(client: "local")
        }
        let response = try await server.client.with(token: nil).get("/v1/favorites")
        await server.stop()
        await overpass.stop()
        #expect(response.status == 200)

        var settings = ServerSettings()
        settings.host = "0.0.0.0"
        settings.authentication = .single(client: "local")
        #expect(throws: ServerSetupError.openServerNeedsLoopback(host: "0.0.0.0")) {
            try VenuesServer(settings: settings, configuration: .init(), store: InMemoryServerStore())
        }
        for host in ["127.0.0.1", "127.1.2.3", "::1", "localhost"] {
            #expect(ServerSettings.isLoopback(host))
        }
        for host in ["0.0.0.0", "10.0.0.1", "example.com", "127.0.0.1.example.com"] {
            #expect(!ServerSettings.isLoopback(host))
        }
    }
}

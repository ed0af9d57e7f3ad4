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

    @Test("a revoked token stops working")
    func revoked() async throws {
        let overpass = try await Fakes.overpass()
        let store = InMemoryServerStore()
        let server = try await RunningServer.start(
            configuration: RunningServer.configuration(overpass: overpass),
            store: store
        )
        let token = try await server.token(for: "carol")
        let carol = server.client.with(token: token)
        let before = try await carol.get("/v1/favorites")
        _ = try await store.revokeClient(name: "carol")
        // A token checked in the last second is trusted without asking the store: wait it out.
        var after = try await carol.get("/v1/favorites")
        let giveUp = ContinuousClock.now + .seconds(60)
        while after.status == 200, ContinuousClock.now < giveUp {
            try await Task.sleep(for: .milliseconds(500))
            after = try await carol.get("/v1/favorites")
        }
        await server.stop()
        await overpass.stop()

        #expect(before.status == 200)
        #expect(after.status == 401)
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

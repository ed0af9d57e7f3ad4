import Foundation
import Testing
import VenuesServerTestSupport
import VenuesTestSupport

@Suite("GET /v1/venues/{id}: the CLI's show document")
struct VenueRouteTests {
    @Test("a venue is the show document, with the caller's note when it is a favourite")
    func showDocument() async throws {
        let overpass = try await Fakes.overpass()
        let server = try await RunningServer.start(configuration: RunningServer.configuration(overpass: overpass))
        let plain = try await server.client.get("/v1/venues/osm:node/42")
        _ = try await server.client.send("PUT", "/v1/favorites/osm:node/42", body: Data(#"{"note":"good"}"#.utf8))
        let favorite = try await server.client.get("/v1/venues/osm:node%2F42")
        await server.stop()
        await overpass.stop()

        #expect(plain.status == 200, "\(plain.text)")
        let document = try plain.json()
        #expect(document["id"] as? String == "osm:node/42")
        #expect(document["name"] as? String == "Kahvila 42")
        #expect(document["origin"] as? String == "provider")
        #expect(document["favorite"] as? Bool == false)
        for key in ["sources", "links", "categories", "providerCategories", "extras", "note"] {
            #expect(document.keys.contains(key), "show has \(key)")
        }
        let marked = try favorite.json()
        #expect(marked["favorite"] as? Bool == true)
        #expect(marked["note"] as? String == "good")
    }

    @Test(
        "ids that are not venue ids are 400, unknown ones 404",
        arguments: [
            ("/v1/venues/nonsense", 400, "badRequest"),
            ("/v1/venues/osm:node/abc", 400, "badRequest"),
            ("/v1/venues/osm:node%ZZ1", 400, "badRequest"),
            ("/v1/venues/yelp:123", 404, "notFound"),
        ]
    )
    func badIDs(target: String, status: Int, kind: String) async throws {
        let overpass = try await Fakes.overpass()
        let server = try await RunningServer.start(configuration: RunningServer.configuration(overpass: overpass))
        let response = try await server.client.get(target)
        await server.stop()
        await overpass.stop()

        #expect(response.status == status, "\(response.text)")
        #expect(response.errorKind == kind)
    }

    @Test("a venue the provider does not know is 404")
    func unknownVenue() async throws {
        let overpass = try await FakeProvider.start(.overpass) { _, _ in
            .data(Data(FakeBodies.overpass(count: 0).utf8), contentType: "application/osm3s+xml")
        }
        let server = try await RunningServer.start(configuration: RunningServer.configuration(overpass: overpass))
        let response = try await server.client.get("/v1/venues/osm:node/77")
        await server.stop()
        await overpass.stop()

        #expect(response.status == 404, "\(response.text)")
        #expect(response.errorKind == "notFound")
    }

    @Test("a provider that fails is 503, unless the caller keeps the venue as a favourite")
    func providerFailure() async throws {
        let failing = Failing()
        let overpass = try await Fakes.overpass { _, _ in failing.on ? .unavailable(.overpass) : nil }
        var configuration = RunningServer.configuration(overpass: overpass)
        configuration.cache.ttl = 0  // every lookup asks the provider
        let server = try await RunningServer.start(configuration: configuration)
        _ = try await server.client.send("PUT", "/v1/favorites/osm:node/51", body: Data(#"{"note":"n"}"#.utf8))
        failing.on = true
        let kept = try await server.client.get("/v1/venues/osm:node/51")
        let other = try await server.client.get("/v1/venues/osm:node/52")
        await server.stop()
        await overpass.stop()

        #expect(kept.status == 200, "\(kept.text)")
        #expect(try kept.json()["origin"] as? String == "favorites")
        #expect(try kept.json()["note"] as? String == "n")
        #expect(other.status == 503, "\(other.text)")
        #expect(other.errorKind == "providerUnavailable")
    }
}

/// A switch a fake reads on every request.
final class Failing: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var on: Bool {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}

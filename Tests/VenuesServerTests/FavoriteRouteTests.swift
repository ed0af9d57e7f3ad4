import Foundation
import Testing
import VenuesServerTestSupport
import VenuesTestSupport

@Suite("/v1/favorites: each client's own favourites, flagged in its listings")
struct FavoriteRouteTests {
    @Test("PUT adds a favourite from the provider's lookup (201), again changes only the note (200)")
    func putAddsThenUpdates() async throws {
        let overpass = try await Fakes.overpass()
        let server = try await RunningServer.start(configuration: RunningServer.configuration(overpass: overpass))
        let created = try await server.client.send(
            "PUT",
            "/v1/favorites/osm:node/9100000",
            body: Data(#"{"note": "lunch on Fridays"}"#.utf8)
        )
        let again = try await server.client.send("PUT", "/v1/favorites/osm:node%2F9100000")
        let renoted = try await server.client.send(
            "PUT",
            "/v1/favorites/osm:node/9100000",
            body: Data(#"{"note": "closed on Mondays"}"#.utf8)
        )
        let listed = try await server.client.get("/v1/favorites")
        let lookups = await overpass.requests.filter { !Fakes.isSearch($0) }.count
        await server.stop()
        await overpass.stop()

        #expect(created.status == 201, "\(created.text)")
        let favorite = try created.json()
        #expect(favorite["id"] as? String == "osm:node/9100000")
        #expect(favorite["name"] as? String == "Kahvila 9100000")
        #expect(favorite["note"] as? String == "lunch on Fridays")
        #expect(favorite["addedAt"] is String)
        #expect(again.status == 200)
        #expect(try again.json()["note"] as? String == "lunch on Fridays", "a PUT without a note keeps it")
        #expect(renoted.status == 200)
        #expect(try renoted.json()["note"] as? String == "closed on Mondays")
        #expect(lookups == 1, "the snapshot is looked up once, when the favourite is made")

        #expect(listed.status == 200)
        let document = try listed.json()
        #expect((document["query"] as? [String: Any])?["kind"] as? String == "favorites")
        let rows = try #require(document["venues"] as? [[String: Any]])
        #expect(rows.count == 1)
        #expect(rows.first?["note"] as? String == "closed on Mondays")
        #expect(rows.first?["favorite"] as? Bool == true)
    }

    @Test("favourites are flagged in the caller's listings, and only in the caller's")
    func flaggedPerClient() async throws {
        let overpass = try await Fakes.overpass(count: 3)
        let server = try await RunningServer.start(configuration: RunningServer.configuration(overpass: overpass))
        let bob = server.client.with(token: try await server.token(for: "bob"))
        let put = try await server.client.send("PUT", "/v1/favorites/osm:node/9100001")
        let alices = try await server.client.get("/v1/nearby?near=\(FakeBodies.near)&providers=osm")
        let bobs = try await bob.get("/v1/nearby?near=\(FakeBodies.near)&providers=osm")
        let bobsFavorites = try await bob.get("/v1/favorites")
        let bobDeletes = try await bob.send("DELETE", "/v1/favorites/osm:node/9100001")
        await server.stop()
        await overpass.stop()

        #expect(put.status == 201)
        func flagged(_ response: TestResponse) throws -> [String] {
            let venues = try #require(try response.json()["venues"] as? [[String: Any]])
            return venues.filter { $0["favorite"] as? Bool == true }.compactMap { $0["id"] as? String }
        }
        #expect(try flagged(alices) == ["osm:node/9100001"])
        #expect(try flagged(bobs).isEmpty)
        #expect((try bobsFavorites.json()["venues"] as? [Any])?.isEmpty == true)
        #expect(bobDeletes.status == 404, "bob cannot remove alice's favourite")
    }

    @Test("DELETE removes a favourite (204), a second time is 404")
    func deleteRemoves() async throws {
        let overpass = try await Fakes.overpass()
        let server = try await RunningServer.start(configuration: RunningServer.configuration(overpass: overpass))
        _ = try await server.client.send("PUT", "/v1/favorites/osm:node/9100002")
        let removed = try await server.client.send("DELETE", "/v1/favorites/osm:node/9100002")
        let again = try await server.client.send("DELETE", "/v1/favorites/osm:node/9100002")
        let listed = try await server.client.get("/v1/favorites")
        await server.stop()
        await overpass.stop()

        #expect(removed.status == 204)
        #expect(removed.body.isEmpty)
        #expect(again.status == 404)
        #expect(again.errorKind == "notFound")
        #expect((try listed.json()["venues"] as? [Any])?.isEmpty == true)
    }

    @Test("GET /v1/favorites takes near and radius as the CLI's favorites list does")
    func listNearby() async throws {
        let overpass = try await Fakes.overpass()
        let server = try await RunningServer.start(configuration: RunningServer.configuration(overpass: overpass))
        _ = try await server.client.send("PUT", "/v1/favorites/osm:node/9100003")
        let near = try await server.client.get("/v1/favorites?near=60.1700,24.9400&radius=100")
        let far = try await server.client.get("/v1/favorites?near=52.3791,4.9003&radius=100")
        let radiusAlone = try await server.client.get("/v1/favorites?radius=100")
        await server.stop()
        await overpass.stop()

        #expect((try near.json()["venues"] as? [[String: Any]])?.first?["distance"] is Double)
        #expect((try far.json()["venues"] as? [Any])?.isEmpty == true)
        #expect(radiusAlone.status == 400)
        #expect(radiusAlone.errorMessage == "radius needs near")
    }

    @Test(
        "bad favourite requests are 400, 404 or 413",
        arguments: [
            ("PUT", "/v1/favorites/nonsense", nil as String?, 400, "badRequest"),
            ("PUT", "/v1/favorites/osm:node/9100004", "{not json", 400, "badRequest"),
            ("PUT", "/v1/favorites/osm:node/9100004", #"{"note": 5}"#, 400, "badRequest"),
            ("PUT", "/v1/favorites/osm:node/9100004", String(repeating: "x", count: 70_000), 413, "payloadTooLarge"),
            ("DELETE", "/v1/favorites/osm:node/1", nil, 404, "notFound"),
        ]
    )
    func badFavoriteRequests(method: String, target: String, body: String?, status: Int, kind: String) async throws {
        let overpass = try await Fakes.overpass()
        let server = try await RunningServer.start(configuration: RunningServer.configuration(overpass: overpass))
        let response = try await server.client.send(method, target, body: body.map { Data($0.utf8) })
        await server.stop()
        await overpass.stop()

        #expect(response.status == status, "\(response.text)")
        #expect(response.errorKind == kind)
    }

    @Test("a body over 64 KB without Content-Length (chunked) is 413 too")
    func chunkedBodyTooLarge() async throws {
        let overpass = try await Fakes.overpass()
        let server = try await RunningServer.start(configuration: RunningServer.configuration(overpass: overpass))
        let chunk = String(repeating: "y", count: 16_384)
        var body = ""
        for _ in 0..<5 { body += String(chunk.utf8.count, radix: 16) + "\r\n" + chunk + "\r\n" }
        body += "0\r\n\r\n"
        let response = try await server.client.send(
            "PUT",
            "/v1/favorites/osm:node/9100005",
            headers: [("Transfer-Encoding", "chunked")],
            body: Data(body.utf8)
        )
        await server.stop()
        await overpass.stop()

        #expect(response.status == 413, "\(response.text)")
        #expect(response.errorKind == "payloadTooLarge")
    }
}

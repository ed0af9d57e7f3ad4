import Foundation
import Testing
import VenuesServerTestSupport
import VenuesTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `venues serve` and the providers that answer from imported indexes: each follows its own
/// `useIndexes`, not the OpenStreetMap provider's.
@Suite("venues serve: each provider's own index setting")
struct ServeIndexSettingsTests {
    /// One synthetic place on Helsinki's Esplanadi, in the form `overturemaps download` writes.
    static let place =
        #"{"id":"serve-1","type":"Feature","geometry":{"type":"Point","coordinates":[24.9472796,60.1669578]},"properties":{"names":{"primary":"Ravintola Esplanadi"},"categories":{"primary":"restaurant"},"confidence":0.9,"sources":[{"property":"","dataset":"meta","record_id":"1"}]}}"#

    /// The server once passed its index folder only when the OSM provider used indexes, and
    /// Overture finds its own folder beside that one: turning the OSM indexes off turned
    /// Overture's off too, and with them the only data Overture answers from.
    @Test("with the OSM indexes turned off, Overture's imported places are still served")
    func overtureKeepsItsIndexesWhenOSMsAreOff() async throws {
        let home = try TemporaryHome.make()
        defer { try? FileManager.default.removeItem(at: home) }
        let overpass = try await Fakes.overpass()
        // The sandbox's configuration has `"overpass": {"useIndexes": false}`.
        let environment = try ServeProcess.environment(home: home, fakes: [overpass])
        let file = home.appendingPathComponent("esplanadi.geojsonseq")
        try Data((Self.place + "\n").utf8).write(to: file)
        let imported = try await ServeProcess.run(["overture", "import", file.path], environment: environment)
        #expect(imported.status == 0, "\(imported.stderr)")

        let server = try await ServeProcess.start(["--no-auth"], environment: environment)
        let client = TestHTTPClient(port: server.port)
        let nearby = try await client.get("/v1/nearby?near=60.1675,24.9490&radius=500&providers=overture")
        let osm = try await client.get("/v1/nearby?near=60.1675,24.9490&radius=500&providers=osm")
        server.send(SIGTERM)
        let status = try await server.exitStatus()
        let overpassCalls = await overpass.requestCount
        await overpass.stop()

        #expect(nearby.status == 200, "\(nearby.text)")
        let venues = try #require(try nearby.json()["venues"] as? [[String: Any]], "\(nearby.text)")
        #expect(venues.compactMap { $0["id"] as? String } == ["overture:serve-1"], "\(nearby.text)")
        // The OSM provider still follows its own setting: it asks Overpass, not an index.
        #expect(osm.status == 200, "\(osm.text)")
        #expect(overpassCalls == 1)
        #expect(status == 0, "\(server.stderr)")
    }
}

import Foundation
import Testing
import VenuesServerTestSupport
import VenuesTestSupport

/// Where the server's OpenStreetMap data is a remote Overpass server, `/v1/suggest` and
/// `/v1/search` forgive as over an index: the circle's named venues are fetched (once for the
/// keystrokes that follow) and matched here; past the bound the answer says why venues may be
/// missing.
@Suite("GET /v1/suggest and /v1/search: typos forgiven over a remote Overpass server")
struct RemoteSuggestionTests {
    /// The fake venues' centre.
    static let near = FakeBodies.near
    static let pastTheBound =
        "typos and word order are forgiven only within 3 km on the remote server; import an extract with `venues osm import` to search the whole region"

    /// A fake Overpass that finds nothing for a term as a pattern (a query with a `~` filter)
    /// and three named venues for the circle (`Galleria Valoisa 3` among them).
    static func overpass() async throws -> FakeProvider {
        try await FakeProvider.start(.overpass) { _, request in
            let count = request.formFields["data"]?.contains("~") == true ? 0 : 3
            return .data(Data(FakeBodies.overpass(count: count).utf8), contentType: "application/osm3s+xml")
        }
    }

    /// A server whose OpenStreetMap data is the fake Overpass of ``overpass()``; `check` runs
    /// with both, and both are stopped whether it passes or throws.
    static func withServer(_ check: (RunningServer, FakeProvider) async throws -> Void) async throws {
        let overpass = try await Self.overpass()
        let server = try await RunningServer.start(configuration: RunningServer.configuration(overpass: overpass))
        do {
            try await check(server, overpass)
        } catch {
            await server.stop()
            await overpass.stop()
            throw error
        }
        await server.stop()
        await overpass.stop()
    }

    static func names(_ response: TestResponse, _ key: String) throws -> [String] {
        let items = try #require(try response.json()[key] as? [[String: Any]], "\(response.text)")
        return items.compactMap { $0["name"] as? String }
    }

    @Test("a slip being typed is suggested from the circle, fetched once; past 3 km a warning")
    func suggestionsFromTheRemoteCircle() async throws {
        try await Self.withServer { server, overpass in
            for typed in ["Gall", "Galleri", "Galeria", "valoisa gal"] {
                let response = try await server.client.get(
                    "/v1/suggest?q=\(typed.replacingOccurrences(of: " ", with: "%20"))&near=\(Self.near)&radius=1000"
                )
                #expect(response.status == 200, "\(response.text)")
                #expect(try Self.names(response, "suggestions") == ["Galleria Valoisa 3"], "\(typed): \(response.text)")
                #expect(try response.json()["warnings"] == nil, "\(response.text)")
            }
            // One circle, fetched once for every keystroke; never the term as a pattern.
            let circles = await overpass.requests.compactMap { $0.formFields["data"] }
            #expect(circles.count == 1)
            #expect(circles.first?.contains("nwr(around:1000,60.17,24.94)[\"name\"][\"amenity\"];") == true)
            #expect(circles.first?.contains("~") == false)

            let wide = try await server.client.get("/v1/suggest?q=Galeria&near=\(Self.near)&radius=5000")
            #expect(wide.status == 200, "\(wide.text)")
            #expect(try Self.names(wide, "suggestions").isEmpty)
            #expect(try wide.json()["warnings"] as? [String] == [Self.pastTheBound], "\(wide.text)")
            #expect(await overpass.requests.count == 1)
        }
    }

    @Test("a search with a typo finds the venue within the bound, and says why past it in providers[]")
    func searchFollowsTheSameRule() async throws {
        try await Self.withServer { server, _ in
            let within = try await server.client.get("/v1/search?term=Galeria%20Valoisa&near=\(Self.near)&radius=1000")
            #expect(within.status == 200, "\(within.text)")
            #expect(try Self.names(within, "venues") == ["Galleria Valoisa 3"], "\(within.text)")

            let past = try await server.client.get("/v1/search?term=Galeria%20Valoisa&near=\(Self.near)&radius=5000")
            #expect(past.status == 200, "\(past.text)")
            #expect(try Self.names(past, "venues").isEmpty, "\(past.text)")
            let providers = try #require(try past.json()["providers"] as? [[String: Any]], "\(past.text)")
            let osm = try #require(providers.first { $0["provider"] as? String == "osm" }, "\(past.text)")
            #expect(osm["warnings"] as? [String] == [Self.pastTheBound], "\(past.text)")
        }
    }
}

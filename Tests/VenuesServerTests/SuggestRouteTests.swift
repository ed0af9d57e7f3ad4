import Foundation
import OSMFiles
import OSMIndex
import OvertureProvider
import Testing
import VenuesCore
import VenuesServerTestSupport
import VenuesTestSupport

/// `GET /v1/suggest`: venues as the user types, from the server's local indexes only (OSM and
/// Overture).
@Suite("GET /v1/suggest: as-you-type from the local indexes")
struct SuggestRouteTests {
    static let sample = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Config/samples/helsinki-centre.osm")
    /// Helsinki Central Station, inside the sample.
    static let near = "60.1710,24.9414"

    /// A folder holding the sample's index, imported once: the `osm` folder of a data folder of
    /// its own, so that the Overture indexes beside it (``OvertureImport/directory(besideOSMIndexes:)``)
    /// are its own too (none).
    static let indexes = Task<URL, any Error> {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("venues-suggest-tests-\(getpid())-\(UUID().uuidString)", isDirectory: true)
            .appendingPathComponent("osm", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try await offCooperativePool {
            try OSMIndexImporter.run(
                source: OSMXMLFile(url: sample),
                sourceFile: sample,
                destination: folder.appendingPathComponent("helsinki.sqlite"),
                options: .init(generator: "venues tests")
            )
        }
        return folder
    }

    /// A server whose OSM provider has a fake Overpass as endpoint but is offline (never asks it)
    /// and has the sample's index imported, and Foursquare a fake; `check` runs with it, then
    /// every fake's requests are returned. (Online, the circles the index does not wholly hold
    /// are asked of Overpass: ``RemoteSuggestionTests``.)
    static func withServer(
        _ check: (RunningServer) async throws -> Void
    ) async throws -> (overpass: Int, foursquare: Int) {
        let folder = try await indexes.value
        let overpass = try await FakeProvider.working(.overpass)
        let foursquare = try await FakeProvider.working(.foursquare)
        var configuration = RunningServer.configuration(foursquare: foursquare, overpass: overpass)
        configuration[.openStreetMap].set("useIndexes", .flag(true))
        configuration[.openStreetMap].set("offline", .flag(true))
        let server = try await RunningServer.start(configuration: configuration) { $0.osmIndexDirectory = folder }
        do {
            try await check(server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
        let counts = (await overpass.requests.count, await foursquare.requests.count)
        await overpass.stop()
        await foursquare.stop()
        return counts
    }

    static func suggestions(_ response: TestResponse) throws -> [[String: Any]] {
        try #require(try response.json()["suggestions"] as? [[String: Any]])
    }

    @Test("a name with a typo, and one being typed, are suggested best first; no remote provider is asked")
    func suggestionsComeFromTheIndexAlone() async throws {
        let asked = try await Self.withServer { server in
            let typo = try await server.client.get("/v1/suggest?q=Stokcmann&near=\(Self.near)&radius=2000")
            #expect(typo.status == 200, "\(typo.text)")
            let found = try Self.suggestions(typo)
            #expect(found.count == 4, "every Stockmann of the sample: \(found)")
            #expect(found.allSatisfy { ($0["name"] as? String)?.lowercased().contains("stockmann") == true })
            let first = try #require(found.first)
            #expect(Set(first.keys) == ["id", "name", "category", "distance", "match"])
            #expect(first["name"] as? String == "Stockmann")
            #expect((first["match"] as? [String: Any])?["edits"] as? Int == 1)
            #expect((first["id"] as? String)?.hasPrefix("osm:") == true)

            let typing = try await server.client.get("/v1/suggest?q=robert%27s%20cof&near=\(Self.near)&limit=3")
            let typed = try Self.suggestions(typing)
            #expect(typed.count == 3)
            #expect(typed.allSatisfy { ($0["name"] as? String)?.lowercased().contains("coffee") == true }, "\(typed)")
            let distances = typed.compactMap { $0["distance"] as? Double }
            #expect(distances == distances.sorted(), "equal matches, nearest first")

            let nothing = try await server.client.get("/v1/suggest?q=qzxvbnmk&near=\(Self.near)")
            #expect(try Self.suggestions(nothing).isEmpty)
            let elsewhere = try await server.client.get("/v1/suggest?q=Stockmann&near=52.3791,4.9003")
            #expect(elsewhere.status == 200)
            #expect(try Self.suggestions(elsewhere).isEmpty, "no index there, and no one else is asked")
        }
        #expect(asked.overpass == 0 && asked.foursquare == 0)
    }

    @Test(
        "what search refuses is refused, and so are a missing q and more than 10",
        arguments: [
            ("/v1/suggest?near=60.17,24.94", "q is required"),
            ("/v1/suggest?q=%20&near=60.17,24.94", "q is empty"),
            ("/v1/suggest?q=cafe&near=60.17,24.94&limit=11", "limit 11 is out of range"),
            ("/v1/suggest?q=cafe&near=60.17,24.94&limit=0", "limit 0"),
            ("/v1/suggest?q=cafe&near=91,24.94", "near"),
            ("/v1/suggest?q=cafe&near=60.17,24.94&radius=0", "radius 0"),
            ("/v1/suggest?q=cafe&near=60.17,24.94&term=x", "unknown parameter 'term'"),
        ]
    )
    func refusals(path: String, message: String) async throws {
        _ = try await Self.withServer { server in
            let response = try await server.client.get(path)
            #expect(response.status == 400, "\(path): \(response.text)")
            let error = try #require(try response.json()["error"] as? [String: Any])
            #expect((error["message"] as? String)?.contains(message) == true, "\(path): \(response.text)")
        }
    }

    @Test("a client without a token is refused")
    func needsAToken() async throws {
        _ = try await Self.withServer { server in
            let response = try await server.client.with(token: nil).get("/v1/suggest?q=cafe&near=\(Self.near)")
            #expect(response.status == 401)
        }
    }

    @Test("imported Overture places are suggested beside OSM's, filtered as answers are; readyz lists both indexes")
    func overturePlacesAreSuggestedToo() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let osm = scratch.url.appendingPathComponent("osm", isDirectory: true)
        let overture = OvertureImport.directory(besideOSMIndexes: osm)
        for folder in [osm, overture] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(
            at: try await Self.indexes.value.appendingPathComponent("helsinki.sqlite"),
            to: osm.appendingPathComponent("helsinki.sqlite")
        )
        // Two places of the Overture schema: one shown, one below the default confidence (0.3).
        func place(_ number: Int, _ name: String, confidence: Double) -> String {
            """
            {"id":"0a1b2c3d-0000-4000-8000-00000000000\(number)","type":"Feature","geometry":{"type":"Point",\
            "coordinates":[24.9418,60.1705]},"properties":{"names":{"primary":"\(name)"},\
            "categories":{"primary":"coffee_shop"},"confidence":\(confidence),"operating_status":"open"}}
            """
        }
        let places = scratch.url.appendingPathComponent("places.geojsonseq")
        let lines = [
            place(1, "Robert's Coffee Overture", confidence: 0.9),
            place(2, "Robert's Coffee Doubtful", confidence: 0.1),
        ]
        try lines.map { $0 + "\n" }.joined().write(to: places, atomically: true, encoding: .utf8)
        _ = try await offCooperativePool { () throws(OSMIndexError) in
            try OvertureImport.run(
                file: places,
                destination: overture.appendingPathComponent("helsinki-overture.sqlite"),
                generator: "venues tests"
            )
        }

        let fake = try await FakeProvider.working(.overpass)
        var configuration = RunningServer.configuration(overpass: fake)
        configuration[.openStreetMap].set("useIndexes", .flag(true))
        configuration[.openStreetMap].set("offline", .flag(true))
        let server = try await RunningServer.start(configuration: configuration) { $0.osmIndexDirectory = osm }
        do {
            let response = try await server.client.get("/v1/suggest?q=robert%27s%20cof&near=\(Self.near)&radius=2000")
            #expect(response.status == 200, "\(response.text)")
            let found = try Self.suggestions(response)
            let names = found.compactMap { $0["name"] as? String }
            #expect(names.contains("Robert's Coffee Overture"), "\(names)")
            #expect(!names.contains("Robert's Coffee Doubtful"), "\(names)")
            let ids = found.compactMap { $0["id"] as? String }
            #expect(ids.contains { $0.hasPrefix("osm:") } && ids.contains { $0.hasPrefix("overture:") }, "\(ids)")

            // And /readyz lists both indexes, each with the provider that answers from it.
            let ready = try await server.client.with(token: nil).get("/readyz")
            let indexes = try #require(try ready.json()["indexes"] as? [[String: Any]])
            let listed = indexes.map { "\($0["provider"] as? String ?? "?") \($0["source"] as? String ?? "?")" }
            #expect(listed.sorted() == ["osm index:helsinki", "overture index:helsinki-overture"], "\(listed)")
        } catch {
            await server.stop()
            await fake.stop()
            throw error
        }
        await server.stop()
        #expect(await fake.requests.count == 0)
        await fake.stop()
    }
}

import Foundation
import OSMFiles
import OSMIndex
import OSMModel
import Testing
import VenuesCore
import VenuesServerTestSupport
import VenuesTestSupport

/// `venues serve` answers from an index updated in place (`venues osm update`) without a
/// restart: its searches, suggestions and its kept readers see the new venues at the next
/// request, and it never keeps an answer of the indexes in its cache.
@Suite("venues serve: an index updated while the server runs")
struct ServedIndexUpdateTests {
    @Test("a venue added by an update is found by the next search and suggestion")
    func theNextRequestSeesTheUpdate() async throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("venues-served-update-\(getpid())-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let index = folder.appendingPathComponent("helsinki.sqlite")
        try await offCooperativePool {
            try OSMIndexImporter.run(
                source: OSMXMLFile(url: SuggestRouteTests.sample),
                sourceFile: SuggestRouteTests.sample,
                destination: index,
                options: .init(generator: "venues tests")
            )
        }
        let overpass = try await FakeProvider.working(.overpass)
        var configuration = RunningServer.configuration(overpass: overpass)
        configuration[.openStreetMap].set("useIndexes", .flag(true))
        let server = try await RunningServer.start(configuration: configuration) { $0.osmIndexDirectory = folder }
        let search = "/v1/search?term=Zyxwvu&near=\(SuggestRouteTests.near)&radius=300&providers=osm"
        let suggest = "/v1/suggest?q=Zyxwvu&near=\(SuggestRouteTests.near)&radius=300"
        func names(_ response: TestResponse, _ key: String) throws -> [String] {
            let items = try #require(try response.json()[key] as? [[String: Any]], "\(response.text)")
            return items.compactMap { $0["name"] as? String }
        }
        do {
            let before = try await server.client.get(search)
            #expect(before.status == 200, "\(before.text)")
            #expect(try names(before, "venues").isEmpty)
            #expect(try names(try await server.client.get(suggest), "suggestions").isEmpty)

            var changes = OSMChangeSet()
            var element = OSMElement()
            element.reset(kind: .node)
            element.id = 9_100_000_001
            element.latitude = 60.1712
            element.longitude = 24.9420
            element.tags.append(key: "amenity", value: "cafe")
            element.tags.append(key: "name", value: "Kahvila Zyxwvu")
            changes.add(element, deleted: false, version: 1)
            let updated = changes
            _ = try await offCooperativePool {
                try OSMIndexUpdater.apply(updated, to: index, options: .init(generator: "venues tests"))
            }

            let after = try await server.client.get(search)
            #expect(try names(after, "venues") == ["Kahvila Zyxwvu"])
            #expect(try names(try await server.client.get(suggest), "suggestions") == ["Kahvila Zyxwvu"])
        } catch {
            await server.stop()
            await overpass.stop()
            throw error
        }
        await server.stop()
        let asked = await overpass.requests.count
        await overpass.stop()
        #expect(asked == 0, "the index answers: the remote server is never asked")
    }
}

import Foundation
import OSMIndex
import OverpassProvider
import Testing
import VenuesCore
import VenuesTestSupport

/// With a remote endpoint, a search whose circle lies inside an imported index is answered by
/// the index and asks nobody; a circle that crosses its bounds asks the server.
@Suite("OSM index: chosen on its own", .timeLimit(.minutes(5)))
struct AutomaticSelectionTests {
    static let remote = OverpassProvider.Configuration.Endpoint.remote(
        URL(string: "http://127.0.0.1:9/api/interpreter")!
    )

    /// A directory with the sample imported as `helsinki-centre`.
    static let directory = Task<URL, any Error> {
        let folder = IndexTest.directory("auto")
        try FileManager.default.copyItem(
            at: try await IndexTest.sampleIndex.value,
            to: folder.appendingPathComponent("helsinki-centre.sqlite")
        )
        return folder
    }

    @Test func aCoveredCircleIsAnsweredByTheIndexWithoutAskingTheServer() async throws {
        let server = CountingOverpass()
        let provider = OverpassProvider(
            configuration: .init(endpoint: Self.remote, indexDirectory: try await Self.directory.value),
            httpClient: server
        )
        let response = try await provider.nearby(VenueQuery(center: IndexTest.helsinki, radius: 500, limit: 20))
        #expect(server.requests == 0)
        #expect(response.source == "index:helsinki-centre")
        #expect(response.venues.count == 20)
        #expect(response.notes.contains { $0.contains("its bounds contain the whole 500 m circle") })
        let search = try await provider.search(VenueQuery(center: IndexTest.helsinki, radius: 500, term: "kahvila"))
        #expect(server.requests == 0 && !search.venues.isEmpty)
    }

    @Test func aCircleCrossingTheBoundsAsksTheServer() async throws {
        let server = CountingOverpass()
        let provider = OverpassProvider(
            configuration: .init(endpoint: Self.remote, indexDirectory: try await Self.directory.value),
            httpClient: server
        )
        // 1 km around the centre reaches past the extract's edges (about 0.8 km to the north).
        let response = try await provider.nearby(VenueQuery(center: IndexTest.helsinki, radius: 1000))
        #expect(server.requests == 1)
        #expect(response.source == "overpass")
        #expect(response.notes.contains { $0.contains("contains the whole 1000 m circle, asking Overpass") })
    }

    @Test func withoutAnIndexDirectoryTheServerIsAsked() async throws {
        let server = CountingOverpass()
        let provider = OverpassProvider(configuration: .init(endpoint: Self.remote), httpClient: server)
        let response = try await provider.nearby(VenueQuery(center: IndexTest.helsinki, radius: 300))
        #expect(server.requests == 1 && response.source == "overpass")
    }

    @Test func theSmallestIndexContainingTheCircleAnswers() async throws {
        let folder = IndexTest.directory("two")
        try FileManager.default.copyItem(
            at: try await IndexTest.sampleIndex.value,
            to: folder.appendingPathComponent("city.sqlite")
        )
        try FileManager.default.copyItem(
            at: try await IndexTest.largerFiles.value.index,
            to: folder.appendingPathComponent("region.sqlite")
        )
        let catalog = OSMIndexCatalog(directory: folder)
        #expect(catalog.covering(center: IndexTest.helsinki, radius: 300)?.name == "city")
        // East of the city, inside the region (its second copy lies 0.004° north, 0.006° east).
        let east = try Coordinate(latitude: 60.175, longitude: 24.9565)
        #expect(catalog.covering(center: east, radius: 100)?.name == "region")
        #expect(catalog.covering(center: east, radius: 50_000) == nil)
    }

    @Test func aLookupByIDUsesTheIndexesFirst() async throws {
        let server = CountingOverpass()
        let provider = OverpassProvider(
            configuration: .init(endpoint: Self.remote, indexDirectory: try await Self.directory.value),
            httpClient: server
        )
        let venue = try await provider.venue(try VenueID(parsing: "osm:node/59622323"))
        #expect(venue.name == "Maya Bar & Grill")
        #expect(server.requests == 0)
        await #expect(throws: ProviderError.self) { try await provider.venue(try VenueID(parsing: "osm:node/1")) }
        #expect(server.requests == 1, "an element no index has is asked of the server")
    }
}

import Foundation
import OSMIndex
import OverpassProvider
import Testing
import VenuesCore
import VenuesTestSupport

/// With a remote endpoint, a search whose circle the imported indexes hold is answered by them
/// and asks nobody; a circle that crosses their bounds asks the server.
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
        #expect(response.notes.contains { $0.contains("together the index(es) hold the whole 500 m circle") })
        #expect(response.coverage == 1 && response.warnings.isEmpty)
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
        #expect(
            response.notes.contains { $0.contains("hold") && $0.contains("% of the 1000 m circle, asking Overpass") },
            "\(response.notes)"
        )
    }

    @Test func withoutAnIndexDirectoryTheServerIsAsked() async throws {
        let server = CountingOverpass()
        let provider = OverpassProvider(configuration: .init(endpoint: Self.remote), httpClient: server)
        let response = try await provider.nearby(VenueQuery(center: IndexTest.helsinki, radius: 300))
        #expect(server.requests == 1 && response.source == "overpass")
    }

    @Test func everyIndexMeetingTheCircleAnswersACityInsideItsRegionToo() async throws {
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
        // Both hold the centre: both answer (the same data time, so by name).
        #expect(catalog.areas(meeting: IndexTest.helsinki, radius: 300).map(\.name) == ["city", "region"])
        // East of the city, inside the region only (its second copy lies 0.004° north, 0.006° east).
        let east = try Coordinate(latitude: 60.175, longitude: 24.9565)
        #expect(catalog.areas(meeting: east, radius: 100).map(\.name) == ["region"])
        let provider = OverpassProvider(
            configuration: .init(endpoint: Self.remote, indexDirectory: folder),
            httpClient: NoNetwork()
        )
        let both = try await provider.nearby(VenueQuery(center: IndexTest.helsinki, radius: 300, limit: 1000))
        #expect(both.source == "index:city+index:region")
        #expect(Set(both.venues.map(\.id)).count == both.venues.count, "an element in both is listed once")
        let region = try await IndexTest.provider(.index(try await IndexTest.largerFiles.value.index))
            .nearby(VenueQuery(center: IndexTest.helsinki, radius: 300, limit: 1000))
        #expect(both.venues.map(\.id) == region.venues.map(\.id), "the region holds all of the city's venues")
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

import Foundation
import OSMIndex
import OvertureProvider
import Testing
import VenuesCore
import VenuesTestKit
import VenuesTestSupport

/// The `overture` provider: its contract, its filters, and where its places come from.
@Suite struct OvertureProviderTests {
    @Test func keepsTheProviderContract() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        _ = try await OvertureTest.importFixture("helsinki-places.geojsonseq", into: scratch.url)
        try await VenueProviderConformance(
            provider: OvertureTest.provider(directory: scratch.url),
            center: OvertureTest.helsinki,
            radius: 1500,
            knownTerm: "Robert",
            unknownID: try OvertureTest.id(999)
        )
        .run()
    }

    @Test func leavesOutDoubtfulAndClosedPlacesUnlessAsked() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        _ = try await OvertureTest.importFixture("helsinki-places.geojsonseq", into: scratch.url)
        let query = VenueQuery(center: OvertureTest.helsinki, radius: 1500, limit: 50)
        func names(_ provider: OvertureProvider) async throws -> Set<String> {
            Set(try await provider.nearby(query).venues.map(\.name))
        }
        let doubtful = "Kahvila Epävarma"  // 0.12
        let gone = "Suljettu Bistro"  // permanently closed, 0
        let resting = "Tauolla Baari"  // temporarily closed, 0.88
        let unknown = "Vanha Kauppahalli Deli"  // no confidence, no status
        let standard = try await names(OvertureTest.provider(directory: scratch.url))
        #expect(standard.isDisjoint(with: [doubtful, gone, resting]))
        #expect(standard.isSuperset(of: ["Café Ekberg", unknown]))
        let lower = try await names(OvertureTest.provider(directory: scratch.url, minimumConfidence: 0.1))
        #expect(lower.contains(doubtful) && !lower.contains(resting))
        let closed = try await names(OvertureTest.provider(directory: scratch.url, includeClosed: true))
        #expect(closed.contains(resting) && !closed.contains(gone) && !closed.contains(doubtful))
        let everything = try await names(
            OvertureTest.provider(directory: scratch.url, minimumConfidence: 0, includeClosed: true)
        )
        #expect(everything.isSuperset(of: [doubtful, gone, resting, unknown]))
        // A lookup finds any place.
        #expect(try await OvertureTest.provider(directory: scratch.url).venue(try OvertureTest.id(6)).name == gone)
    }

    @Test func keepsTheNearestAfterTheFilter() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        _ = try await OvertureTest.importFixture("helsinki-places.geojsonseq", into: scratch.url)
        // The three nearest to (60.1691, 24.9403) are the filtered-out ones; the limit still
        // gives three places.
        let near = try Coordinate(latitude: 60.1691, longitude: 24.9403)
        let answer = try await OvertureTest.provider(directory: scratch.url)
            .nearby(VenueQuery(center: near, radius: 2000, limit: 3))
        #expect(answer.venues.count == 3)
        #expect(
            answer.venues.allSatisfy { !["Kahvila Epävarma", "Suljettu Bistro", "Tauolla Baari"].contains($0.name) }
        )
        let distances = answer.venues.map { $0.coordinate.distance(to: near) }
        #expect(distances == distances.sorted())
    }

    @Test func answersWhereAnImportedIndexMeetsTheCircleOnly() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let provider = OvertureTest.provider(directory: scratch.url)
        let before = try await provider.nearby(VenueQuery(center: OvertureTest.helsinki, radius: 500))
        #expect(before.venues.isEmpty)
        #expect(before.source == nil)
        _ = try await OvertureTest.importFixture("helsinki-places.geojsonseq", into: scratch.url)
        let after = try await provider.nearby(VenueQuery(center: OvertureTest.helsinki, radius: 500))
        #expect(!after.venues.isEmpty)
        #expect(after.source == "index:helsinki")
        let tallinn = try Coordinate(latitude: 59.437, longitude: 24.7536)
        let elsewhere = try await provider.nearby(VenueQuery(center: tallinn, radius: 500))
        #expect(elsewhere.venues.isEmpty && elsewhere.source == nil)
    }

    @Test func searchesWithTheIndexMatching() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        _ = try await OvertureTest.importFixture("helsinki-places.geojsonseq", into: scratch.url)
        let provider = OvertureTest.provider(directory: scratch.url)
        func found(_ term: String) async throws -> [String] {
            try await provider.search(VenueQuery(center: OvertureTest.helsinki, radius: 2000, term: term)).venues
                .map(\.name)
        }
        // A typo, another word order, another language's name, the brand.
        #expect(try await found("Ekbreg").contains("Café Ekberg"))
        #expect(try await found("Coffee Robert's").count == 2)
        #expect(try await found("Kahvila Ekberg") == ["Café Ekberg"])
        #expect(try await found("zzqxv").isEmpty)
    }

    @Test func readsAFileNamedByTheEndpoint() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        _ = try await OvertureTest.importFixture("helsinki-places.geojsonseq", into: scratch.url)
        let file = OvertureProvider(
            configuration: .init(source: .file(try OvertureTest.fixture("helsinki-places.geojsonseq")))
        )
        let index = OvertureTest.provider(directory: scratch.url)
        let query = VenueQuery(center: OvertureTest.helsinki, radius: 1000, limit: 5)
        #expect(try await file.nearby(query).venues == index.nearby(query).venues)
        let term = VenueQuery(center: OvertureTest.helsinki, radius: 1000, term: "robert")
        #expect(try await file.search(term).venues.map(\.id) == index.search(term).venues.map(\.id))
        #expect(try await file.venue(try OvertureTest.id(3)).name == "Robert's Coffee Asemahalli")
    }

    @Test func parsesTheEndpointSetting() {
        #expect(
            OvertureProvider.Configuration.source(parsing: "/srv/places.sqlite")
                == .index(URL(fileURLWithPath: "/srv/places.sqlite"))
        )
        #expect(
            OvertureProvider.Configuration.source(parsing: "/srv/places.geojsonseq")
                == .file(URL(fileURLWithPath: "/srv/places.geojsonseq"))
        )
        #expect(OvertureProvider.Configuration.source(parsing: "https://example.com/places") == nil)
        #expect(OvertureProvider.Configuration.source(parsing: " ") == nil)
    }
}

import Foundation
import Testing
import VenuesCore
import VenuesFavorites
import VenuesTestKit
import VenuesTestSupport

/// The examples that can run offline do what their text says.
@Suite("Documentation examples run", .timeLimit(.minutes(3)))
struct ExamplesRunTests {
    static let station = try! Coordinate(latitude: 60.1710, longitude: 24.9414)
    static let extract = DocumentationExamples.root.appendingPathComponent("Config/samples/helsinki-centre.osm").path

    /// The library guide's example on the bundled extract: cafés in name order, at most ten,
    /// a favourite marked, OpenStreetMap answering without a key for Foursquare.
    @Test func readmeLibraryExampleFindsCafesInNameOrderAndMarksFavourites() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let favoritesFile = scratch.file("favorites.json")

        let first = try await nearbyCafes(
            around: Self.station,
            osmExtract: Self.extract,
            foursquareKey: nil,
            favoritesFile: favoritesFile,
            timeout: 60  // a generous deadline: the suite runs in parallel on a busy machine
        )
        #expect(first.outcomes.map(\.provider) == [.openStreetMap])
        #expect(first.anyProviderAnswered)
        #expect((2...10).contains(first.venues.count), "\(lines(of: first))")
        #expect(first.venues.allSatisfy { $0.venue.categories.contains(.cafe) && $0.distance <= 500 })
        let names = first.venues.map(\.venue.name)
        #expect(names == names.sorted { $0.localizedStandardCompare($1) == .orderedAscending })
        #expect(first.venues.allSatisfy { !$0.isFavorite })

        let chosen = try #require(first.venues.last?.venue)
        _ = try FavoritesStore(fileURL: favoritesFile).add(venue: chosen)
        let second = try await nearbyCafes(
            around: Self.station,
            osmExtract: Self.extract,
            foursquareKey: nil,
            favoritesFile: favoritesFile,
            timeout: 60  // a generous deadline: the suite runs in parallel on a busy machine
        )
        #expect(second.venues.filter(\.isFavorite).map(\.venue.id) == [chosen.id])
        #expect(lines(of: second).contains { $0.hasPrefix("★ \(chosen.name), ") })
    }

    /// The provider of VenueProvider's doc comment keeps the contract it documents.
    @Test func fixedProviderOfTheDocsConforms() async throws {
        let here = try Coordinate(latitude: 60.1699, longitude: 24.9384)
        let provider = FixedProvider(venues: [
            Venue(id: try VenueID(parsing: "fixed:1"), name: "Near", coordinate: here, categories: [.cafe]),
            Venue(
                id: try VenueID(parsing: "fixed:2"),
                name: "Also near",
                coordinate: try Coordinate(latitude: 60.1702, longitude: 24.9384),
                categories: [.bar]
            ),
            Venue(
                id: try VenueID(parsing: "fixed:3"),
                name: "Far",
                coordinate: try Coordinate(latitude: 60.2, longitude: 24.9),
                categories: [.cafe]
            ),
        ])
        try await VenueProviderConformance(provider: provider, center: here).run()
    }
}

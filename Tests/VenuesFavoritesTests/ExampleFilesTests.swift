import Foundation
import Testing
import VenuesCore
import VenuesFavorites

/// The example files in Config/ are what users copy: they must load.
@Suite struct ExampleFilesTests {
    static let config = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Config")

    @Test func favouritesExampleLoads() throws {
        let favorites = try FavoritesStore(fileURL: Self.config.appendingPathComponent("favorites.example.json")).load()
        #expect(favorites.count == 1)
        #expect(favorites.first?.id == (try VenueID(parsing: "osm:node/59622323")))
        #expect(favorites.first?.note == "lunch on Fridays")
    }
}

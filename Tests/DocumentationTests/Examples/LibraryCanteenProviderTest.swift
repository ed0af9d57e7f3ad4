// The library guide's conformance test for the provider it adds (compiled as written, and run).
// docs-example: docs/library.md
import Testing
import VenuesCore
import VenuesTestKit

@Test func canteensKeepTheVenueProviderContract() async throws {
    let here = try Coordinate(latitude: 60.1699, longitude: 24.9384)
    let hall = Venue(id: try VenueID(parsing: "canteens:1"), name: "Hall", coordinate: here, categories: [.restaurant])
    let roof = Venue(id: try VenueID(parsing: "canteens:2"), name: "Roof café", coordinate: here, categories: [.cafe])
    try await VenueProviderConformance(provider: CanteenProvider(canteens: [hall, roof]), center: here).run()
}
// docs-example-end

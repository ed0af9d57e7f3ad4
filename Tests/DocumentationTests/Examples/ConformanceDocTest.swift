// The example of VenueProviderConformance's doc comment (compiled as written, and run).
import Testing
import VenuesCore
import VenuesTestKit

// docs-example: Sources/VenuesTestKit/VenueProviderConformance.swift
@Test func keepsTheVenueProviderContract() async throws {
    let here = try Coordinate(latitude: 60.1699, longitude: 24.9384)
    let provider = InMemoryVenueProvider(
        id: "memory",
        venues: [
            Venue(id: try VenueID(parsing: "memory:1"), name: "Café Engel", coordinate: here, categories: [.cafe]),
            Venue(id: try VenueID(parsing: "memory:2"), name: "Savoy", coordinate: here, categories: [.restaurant]),
        ]
    )
    try await VenueProviderConformance(provider: provider, center: here, knownTerm: "Café").run()
}
// docs-example-end

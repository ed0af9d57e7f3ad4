import Testing
import VenuesCore
import VenuesTestKit

/// The conformance suite must pass for the reference provider, and catch broken ones.
@Suite struct InMemoryProviderConformanceTests {
    static let center = try! Coordinate(latitude: 60.1716, longitude: 24.9443)

    static func venue(_ native: String, _ name: String, provider: ProviderID = "mem") -> Venue {
        Venue(
            id: try! VenueID(provider: provider, native: native),
            name: name,
            coordinate: try! Coordinate(latitude: 60.1717, longitude: 24.9444)
        )
    }

    @Test func referenceProviderConforms() async throws {
        let provider = InMemoryVenueProvider(
            id: "mem",
            venues: [Self.venue("1", "Café Engel"), Self.venue("2", "Savoy")]
        )
        try await VenueProviderConformance(provider: provider, center: Self.center, knownTerm: "engel").run()
    }

    @Test func catchesForeignIDs() async throws {
        let provider = InMemoryVenueProvider(id: "mem", venues: [Self.venue("1", "A", provider: "other")])
        await #expect(throws: ConformanceFailure.self) {
            try await VenueProviderConformance(provider: provider, center: Self.center).checkNearby()
        }
    }

    @Test func catchesEmptyNames() async throws {
        let provider = InMemoryVenueProvider(id: "mem", venues: [Self.venue("1", "  ")])
        await #expect(throws: ConformanceFailure.self) {
            try await VenueProviderConformance(provider: provider, center: Self.center).checkNearby()
        }
    }

    @Test func catchesDuplicateIDs() async throws {
        let provider = InMemoryVenueProvider(id: "mem", venues: [Self.venue("1", "A"), Self.venue("1", "B")])
        await #expect(throws: ConformanceFailure.self) {
            try await VenueProviderConformance(provider: provider, center: Self.center).checkNearby()
        }
    }
}

import Foundation
import Testing
import VenuesAggregator
import VenuesCore
import VenuesMerge
import VenuesTestKit

/// A text search lists the best matches first, then the nearest; every provider's venues are
/// ranked alike, and the JSON's `match` says how each matched.
@Suite("Aggregator: relevance order")
struct RelevanceTests {
    static let center = try! Coordinate(latitude: 60.17, longitude: 24.94)

    /// A venue `metres` north of the centre.
    static func venue(
        _ provider: ProviderID,
        _ id: String,
        _ name: String,
        metres: Double,
        brand: String? = nil
    ) -> Venue {
        Venue(
            id: try! VenueID(provider: provider, native: id),
            name: name,
            coordinate: try! Coordinate(latitude: center.latitude + metres / 111_195, longitude: center.longitude),
            extras: brand.map { ["brand": $0] } ?? [:]
        )
    }

    static func run(
        _ term: String,
        sort: VenueSort = .relevance,
        _ providers: [InMemoryVenueProvider]
    ) async throws
        -> AggregatedResult
    {
        try await Aggregator(providers: providers, merger: Deduplicator()).run(
            VenueQuery(center: center, radius: 2_000, term: term, limit: 10, sort: sort)
        )
    }

    @Test func anExactName900mAwayRanksAboveAOneTypoName50mAway() async throws {
        let provider = InMemoryVenueProvider(
            id: "a",
            venues: [
                Self.venue("a", "1", "Stockmann", metres: 900),
                Self.venue("a", "2", "Stockman", metres: 50),
                Self.venue("a", "3", "Stockmann Herkku", metres: 400),
            ]
        )
        let result = try await Self.run("Stockmann", [provider])
        #expect(result.venues.map(\.venue.name) == ["Stockmann", "Stockmann Herkku", "Stockman"])
        #expect(result.venues.map(\.match?.score) == [100, 90, 60])
        #expect(result.venues.last?.match?.edits == 1)
    }

    @Test func theNameRanksAboveTheBrand() async throws {
        let provider = InMemoryVenueProvider(
            id: "a",
            venues: [
                Self.venue("a", "1", "Myymälä 42", metres: 10, brand: "Alko"),
                Self.venue("a", "2", "Alko Kamppi", metres: 800),
            ]
        )
        let result = try await Self.run("alko", [provider])
        #expect(result.venues.map(\.venue.name) == ["Alko Kamppi", "Myymälä 42"])
        #expect(result.venues.map(\.match?.field) == [.name, .brand])
    }

    @Test func anotherOrderAskedForIsKept() async throws {
        let provider = InMemoryVenueProvider(
            id: "a",
            venues: [Self.venue("a", "1", "Stockmann", metres: 900), Self.venue("a", "2", "Stockman", metres: 50)]
        )
        let result = try await Self.run("Stockmann", sort: .distance, [provider])
        #expect(result.venues.map(\.venue.name) == ["Stockman", "Stockmann"])
        #expect(result.venues.allSatisfy { $0.match != nil }, "the match is said in any order")
    }

    /// Another provider's venue that does not match the words (it matched an address, say)
    /// comes after every venue that does, and the merged place takes its best source's match.
    @Test func everyProvidersVenuesAreRankedTogether() async throws {
        let first = InMemoryVenueProvider(id: "a", venues: [Self.venue("a", "1", "Kahvila Sävy", metres: 300)])
        let second = InMemoryVenueProvider(id: "b", venues: [Self.venue("b", "1", "Kahvila Sävy Oy", metres: 305)])
        let result = try await Self.run("kahvila savy", [first, second])
        #expect(result.venues.count == 1, "one place")
        #expect(result.venues.first?.match?.score == 100, "its best source's match")
        let unmatched = ResultVenue(
            merged: .init(single: Self.venue("c", "1", "Elsewhere", metres: 1)),
            distance: 1,
            isFavorite: false
        )
        let ordering = VenueOrdering(sort: .relevance)
        #expect(ordering.areInIncreasingOrder(result.venues[0], unmatched))
        #expect(!ordering.areInIncreasingOrder(unmatched, result.venues[0]))
    }
}

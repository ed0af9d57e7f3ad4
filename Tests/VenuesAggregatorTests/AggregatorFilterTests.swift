import Testing
import VenuesCore
import VenuesMerge
import VenuesTestKit

@testable import VenuesAggregator

/// Keeps places by the first letter of their name: `O` kept, `C` left out, anything else unknown.
private struct LetterFilter: ResultFiltering {
    func verdict(on place: MergedVenue) -> FilterVerdict {
        switch place.venue.name.first {
        case "O": .kept
        case "C": .leftOut
        default: .leftOutUnknown
        }
    }

    func prepare(_ query: inout VenueQuery) {
        query.wantsOpeningHours = true
    }
}

/// Answers the nearest `nearestLimit` of its venues, as a provider with the whole circle does,
/// and remembers the queries it was given.
private final class NearestProvider: VenueProvider, @unchecked Sendable {
    let id: ProviderID = "near"
    let capabilities: ProviderCapabilities = [.nearby]
    let venues: [Venue]
    private(set) var queries: [VenueQuery] = []

    init(venues: [Venue]) { self.venues = venues }

    func nearby(_ query: VenueQuery) async throws(ProviderError) -> ProviderResponse {
        queries.append(query)
        let center = query.center!
        let sorted = venues.sorted { $0.coordinate.distance(to: center) < $1.coordinate.distance(to: center) }
        return ProviderResponse(venues: query.nearestLimit.map { Array(sorted.prefix($0)) } ?? sorted)
    }
}

/// The aggregator's filter: applied before the limit, over the whole circle, counted.
@Suite("Aggregator: a filter on the merged places")
struct AggregatorFilterTests {
    static func venues() -> [Venue] {
        // Closed places nearest, open ones further out: a limit taken before the filter finds none.
        (0..<6).map { AggregatorTests.venue("near", "c\($0)", "Closed \($0)", north: Double(10 + $0)) }
            + (0..<3).map { AggregatorTests.venue("near", "u\($0)", "Unknown \($0)", north: Double(100 + $0)) }
            + (0..<4).map { AggregatorTests.venue("near", "o\($0)", "Open \($0)", north: Double(200 + $0)) }
    }

    @Test func theNearestThatPassAreKeptAndTheOthersCounted() async throws {
        let provider = NearestProvider(venues: Self.venues())
        var aggregator = try Aggregator(providers: [provider])
        aggregator.filter = LetterFilter()
        let result = await aggregator.run(VenueQuery(center: AggregatorTests.center, limit: 3))
        #expect(result.venues.map(\.venue.name) == ["Open 0", "Open 1", "Open 2"])
        #expect(result.found == 4)
        #expect(result.filtered == FilterCounts(leftOut: 6, unknown: 3))
        // The provider was asked for the whole circle, and for what the filter reads.
        #expect(provider.queries.count == 1)
        #expect(provider.queries.first?.nearestLimit == nil)
        #expect(provider.queries.first?.wantsOpeningHours == true)
    }

    @Test func withoutAFilterNothingIsCountedAndTheLimitIsAskedFor() async throws {
        let provider = NearestProvider(venues: Self.venues())
        let aggregator = try Aggregator(providers: [provider])
        let result = await aggregator.run(VenueQuery(center: AggregatorTests.center, limit: 3))
        #expect(result.venues.map(\.venue.name) == ["Closed 0", "Closed 1", "Closed 2"])
        #expect(result.filtered == nil)
        #expect(provider.queries.first?.nearestLimit == 3)
        #expect(provider.queries.first?.wantsOpeningHours == false)
    }
}

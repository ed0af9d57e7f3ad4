import Synchronization
import Testing
import VenuesCore
import VenuesFavorites
import VenuesMerge
import VenuesTestKit

@testable import VenuesAggregator

/// Keeps places by the first letter of their name: `O` kept, `C` left out, anything else unknown.
private struct LetterFilter: ResultFiltering {
    func verdict(on place: MergedVenue) -> FilterVerdict {
        Self.verdict(on: place.venue)
    }

    static func verdict(on venue: Venue) -> FilterVerdict {
        switch venue.name.first {
        case "O": .kept
        case "C": .leftOut
        default: .leftOutUnknown
        }
    }

    func prepare(_ query: inout VenueQuery) {
        query.wantsOpeningHours = true
        query.prefilter = VenuePrefilter(identity: "letter") { Self.verdict(on: $0) }
    }
}

/// Answers the nearest `nearestLimit` of its venues that pass the prefilter, as a provider with
/// the whole circle that applies prefilters does (or, `appliesPrefilter` false, the nearest
/// `nearestLimit` whatever the prefilter, as a provider that does not declare them), and
/// remembers the queries it was given.
private final class NearestProvider: VenueProvider, @unchecked Sendable {
    let id: ProviderID
    var capabilities: ProviderCapabilities { appliesPrefilter ? [.nearby, .prefilters] : [.nearby] }
    let venues: [Venue]
    let appliesPrefilter: Bool
    private(set) var queries: [VenueQuery] = []

    init(id: ProviderID = "near", venues: [Venue], appliesPrefilter: Bool = true) {
        self.id = id
        self.venues = venues
        self.appliesPrefilter = appliesPrefilter
    }

    func nearby(_ query: VenueQuery) async throws(ProviderError) -> ProviderResponse {
        queries.append(query)
        let center = query.center!
        var sorted = venues.sorted { $0.coordinate.distance(to: center) < $1.coordinate.distance(to: center) }
        var filtered = FilterCounts()
        if appliesPrefilter, let prefilter = query.prefilter {
            (sorted, filtered) = prefilter.kept(sorted, upTo: query.nearestLimit) { $0 }
        }
        var response = ProviderResponse(venues: query.nearestLimit.map { Array(sorted.prefix($0)) } ?? sorted)
        response.filtered = filtered
        response.passedPrefilter = appliesPrefilter && query.prefilter != nil
        return response
    }
}

/// ``LetterFilter``, remembering the names of the merged places the aggregator judged.
private final class CountingLetterFilter: ResultFiltering {
    let judged = Mutex<[String]>([])

    func verdict(on place: MergedVenue) -> FilterVerdict {
        judged.withLock { $0.append(place.venue.name) }
        return LetterFilter().verdict(on: place)
    }

    func prepare(_ query: inout VenueQuery) { LetterFilter().prepare(&query) }
}

/// The aggregator's filter: given to the providers as a prefilter, applied again to the merged
/// places before the limit, counted.
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
        // The provider judged the nearest first and stopped at the third that passed.
        #expect(result.found == 3)
        #expect(result.filtered == FilterCounts(leftOut: 6, unknown: 3))
        // The provider was asked for the nearest three that pass, and for what the filter reads.
        #expect(provider.queries.count == 1)
        #expect(provider.queries.first?.nearestLimit == 3)
        #expect(provider.queries.first?.prefilter?.identity == "letter")
        #expect(provider.queries.first?.wantsOpeningHours == true)
    }

    @Test func aProviderWithoutPrefiltersIsAskedForTheWholeCircleAndJudgedAfterTheMerge() async throws {
        let local = NearestProvider(venues: Self.venues())
        let remote = NearestProvider(
            id: "far",
            venues: (0..<2).map { AggregatorTests.venue("far", "fc\($0)", "Clerk \($0)", north: Double(5 + $0)) }
                + [AggregatorTests.venue("far", "fo", "Outpost", north: 150)],
            appliesPrefilter: false
        )
        var aggregator = try Aggregator(providers: [local, remote])
        aggregator.filter = LetterFilter()
        let result = await aggregator.run(VenueQuery(center: AggregatorTests.center, limit: 3))
        #expect(result.venues.map(\.venue.name) == ["Outpost", "Open 0", "Open 1"])
        // Six and three from the local provider's walk, two closed ones from the other answer.
        #expect(result.filtered == FilterCounts(leftOut: 8, unknown: 3))
        // The provider that does not apply prefilters was asked for its whole circle, without one.
        #expect(remote.queries.first?.prefilter == nil)
        #expect(remote.queries.first?.nearestLimit == nil)
        #expect(remote.queries.first?.wantsOpeningHours == true)
        #expect(local.queries.first?.nearestLimit == 3)
    }

    @Test func aPlaceOfOneSourceItsProviderJudgedIsNotJudgedAgain() async throws {
        struct Favourites: FavoriteMarking {
            let stored: [Venue]
            func isFavorite(anyOf ids: [VenueID]) -> Bool { ids.contains { id in stored.contains { $0.id == id } } }
            func favorites(within radius: Double, of center: Coordinate) -> [Venue] { stored }
        }
        let local = NearestProvider(venues: Self.venues())
        // Another record of "Open 0", from a provider that judged it too: the merged place has two.
        let twin = NearestProvider(id: "twin", venues: [AggregatorTests.venue("twin", "t0", "Open 0", north: 200)])
        let remote = NearestProvider(
            id: "far",
            venues: [AggregatorTests.venue("far", "fo", "Outpost", north: 150)],
            appliesPrefilter: false
        )
        // A closed favourite of the local provider's that its walk left out: it comes from the store.
        let stored = AggregatorTests.venue("near", "c9", "Closed stored", north: 120)
        var aggregator = try Aggregator(
            providers: [local, twin, remote],
            merger: Deduplicator(),
            favorites: Favourites(stored: [stored])
        )
        let filter = CountingLetterFilter()
        aggregator.filter = filter
        let result = await aggregator.run(VenueQuery(center: AggregatorTests.center, limit: 5))

        #expect(result.venues.map(\.venue.name) == ["Outpost", "Open 0", "Open 1", "Open 2", "Open 3"])
        #expect(result.venues.first { $0.venue.name == "Open 0" }?.merged.sources.count == 2)
        // Judged again: the place of two sources, the one from a provider that judged nothing,
        // the favourite from the store; not the places of one source their provider judged.
        #expect(filter.judged.withLock { $0.sorted() } == ["Closed stored", "Open 0", "Outpost"])
        #expect(result.filtered == FilterCounts(leftOut: 7, unknown: 3))
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

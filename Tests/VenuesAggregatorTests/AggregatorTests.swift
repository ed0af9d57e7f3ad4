import Foundation
import Synchronization
import Testing
import VenuesAggregator
import VenuesCore
import VenuesFavorites
import VenuesMerge
import VenuesTestKit

/// A provider that never answers and ignores cancellation: the worst case for a fan-out.
private struct StuckProvider: VenueProvider {
    let id: ProviderID = "stuck"
    let capabilities: ProviderCapabilities = [.nearby, .textSearch]
    let gate: StuckGate

    func nearby(_ query: VenueQuery) async throws(ProviderError) -> ProviderResponse {
        await gate.wait()
        return ProviderResponse(venues: [])
    }
}

/// What a stuck provider waits for, whatever happens to the calling task: the test opening it,
/// or two minutes (so that nothing waits for ever). Whether it is open tells whether the stuck
/// call was still stuck when the aggregator answered — an order of events, not a time.
private final class StuckGate: Sendable {
    private let state = Mutex<(open: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

    init() {
        DispatchQueue.global().asyncAfter(deadline: .now() + 120) { [weak self] in self?.open() }
    }

    var isOpen: Bool { state.withLock { $0.open } }

    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = state.withLock { state -> Bool in
                if state.open { return true }
                state.waiting.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    func open() {
        let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.open = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }
}

/// What a bounded wait for an answer ends with when the answer does not come.
private struct NoAnswer: Error {}

/// Whether an answer has come.
private final class AnsweredFlag: Sendable {
    let state = Mutex(false)
}

/// Records the queries it receives.
private actor QueryLog {
    var queries: [VenueQuery] = []
    func add(_ query: VenueQuery) { queries.append(query) }
}

private struct RecordingProvider: VenueProvider {
    let id: ProviderID
    let capabilities: ProviderCapabilities = [.nearby]
    let log: QueryLog

    func nearby(_ query: VenueQuery) async throws(ProviderError) -> ProviderResponse {
        await log.add(query)
        return ProviderResponse(venues: [])
    }
}

@Suite(.timeLimit(.minutes(3)))
struct AggregatorTests {
    static let center = try! Coordinate(latitude: 60.171634, longitude: 24.944295)

    /// A venue `north` metres north and `east` metres east of the centre.
    static func venue(
        _ provider: ProviderID,
        _ native: String,
        _ name: String,
        north: Double = 0,
        east: Double = 0,
        categories: [VenuesCore.Category] = [],
        rating: Double? = nil
    ) -> Venue {
        let latitude = center.latitude + north / 111_195
        let longitude = center.longitude + east / (111_195 * cos(center.latitude * .pi / 180))
        return Venue(
            id: try! VenueID(provider: provider, native: native),
            name: name,
            coordinate: try! Coordinate(latitude: latitude, longitude: longitude),
            categories: categories,
            rating: rating
        )
    }

    @Test func failingAndHangingProvidersDoNotHideTheThird() async throws {
        let good = InMemoryVenueProvider(id: "good", venues: [Self.venue("good", "1", "Kappeli", north: 100)])
        let broken = InMemoryVenueProvider(id: "broken", error: .server(status: 503, message: "down"))
        let gate = StuckGate()
        // The deadline is measured on a clock the test moves: the answer must not come before
        // the clock reaches it, and must come once it has (whatever the real time).
        let clock = ManualClock()
        var aggregator = try Aggregator(providers: [broken, StuckProvider(gate: gate), good])
        aggregator.clock = clock
        let answered = AnsweredFlag()
        let (finished, reporting) = AsyncStream.makeStream(of: ProviderID.self)
        let running = Task { [aggregator] in
            let result = await aggregator.run(VenueQuery(center: Self.center, timeout: 0.5)) { outcome in
                reporting.yield(outcome.provider)
            }
            answered.state.withLock { $0 = true }
            return result
        }
        // Each provider's deadline is set (one timer each): 0.5 s from where the clock stands;
        // and the two that answer at once have answered.
        await clock.sleepsSettled(3)
        var early: Set<ProviderID> = []
        for await provider in finished {
            early.insert(provider)
            if early.count == 2 { break }
        }
        #expect(early == ["broken", "good"])
        #expect(clock.advance(to: .milliseconds(499)) == 0, "a provider's deadline came before 0.5 s")
        for _ in 0..<100 { await Task.yield() }
        #expect(!answered.state.withLock { $0 }, "the aggregator answered before the deadline")
        clock.advance(to: .milliseconds(500))
        // Bounded in real time only so that a missed deadline fails instead of hanging the run.
        let outcome = await withTimeLimit(.seconds(60), expired: NoAnswer(), cancelled: NoAnswer()) {
            () async throws(NoAnswer) -> AggregatedResult in await running.value
        }
        let answeredWhileStuck = !gate.isOpen
        gate.open()
        let result = try #require(try? outcome.get(), "no answer once the clock reached the deadline")

        #expect(result.venues.map(\.venue.name) == ["Kappeli"])
        #expect(result.outcomes.map(\.provider) == ["broken", "stuck", "good"])
        #expect(result.outcomes[0].error == .server(status: 503, message: "down"))
        #expect(result.outcomes[1].error == .timedOut)
        #expect(result.outcomes[2].error == nil)
        #expect(result.anyProviderAnswered)
        // The answer came at the deadline, while the stuck provider still held its call (it holds
        // it until the test lets go, or two minutes): not after it.
        #expect(answeredWhileStuck, "the aggregator waited for the stuck provider")
    }

    @Test func providersRunConcurrently() async throws {
        // Each provider waits (up to 5 s) until all five are in flight, and reports how many it
        // saw. Run one after another, each would see only itself.
        let gathering = Gathering(expected: 5)
        let providers = (0..<5).map { index in
            GatheringProvider(id: ProviderID(rawValue: "p\(index)"), gathering: gathering)
        }
        let result = try await Aggregator(providers: providers).run(VenueQuery(center: Self.center, timeout: 30))
        #expect(result.outcomes.allSatisfy { $0.error == nil })
        #expect(gathering.largestCrowd == 5)
        #expect(result.outcomes.map(\.venues.first?.name) == Array(repeating: "saw 5 in flight", count: 5))
    }

    @Test func twoProvidersWithOneIDAreRefused() throws {
        let error = #expect(throws: AggregatorError.duplicateProviderID("osm")) {
            try Aggregator(providers: [
                InMemoryVenueProvider(id: "osm"), InMemoryVenueProvider(id: "fsq"), InMemoryVenueProvider(id: "osm"),
            ])
        }
        #expect(error?.description.contains("'osm'") == true)
        _ = try Aggregator(providers: [InMemoryVenueProvider(id: "osm"), InMemoryVenueProvider(id: "fsq")])
    }

    /// Sorted by name with a limit, the list is the first names of the whole circle, because a
    /// provider that has the whole circle returns it all for another order than distance.
    @Test(arguments: [VenueSort.name, .rating])
    func anotherOrderIsOverTheWholeCircle(sort: VenueSort) async throws {
        // Nearest first: Z… (rated lowest) … A… (rated highest), 20 m apart.
        let names = (0..<12).map { String(UnicodeScalar(UInt8(ascii: "Z") - UInt8($0))) + " venue" }
        let venues = names.enumerated().map { index, name in
            Self.venue("mem", "\(index)", name, north: Double(index) * 20, rating: 1 + Double(index) * 0.3)
        }
        let provider = InMemoryVenueProvider(id: "mem", venues: venues)
        let result = try await Aggregator(providers: [provider]).run(
            VenueQuery(center: Self.center, limit: 3, sort: sort)
        )
        #expect(result.venues.map(\.venue.name) == ["O venue", "P venue", "Q venue"])
    }

    @Test func everyProviderFailing() async throws {
        let result = try await Aggregator(providers: [
            InMemoryVenueProvider(id: "a", error: .unauthorized("A_KEY is not set")),
            InMemoryVenueProvider(id: "b", error: .unreachable("connection refused")),
        ]).run(VenueQuery(center: Self.center))
        #expect(!result.anyProviderAnswered)
        #expect(result.venues.isEmpty)
        #expect(result.outcomes.map { $0.error?.kind } == ["unauthorized", "unreachable"])
    }

    @Test func dropsVenuesOutsideTheCircleAndSortsByDistance() async throws {
        let provider = InMemoryVenueProvider(
            id: "mem",
            venues: [
                Self.venue("mem", "far", "Far", north: 900), Self.venue("mem", "near", "Near", east: 50),
                Self.venue("mem", "mid", "Mid", north: -300),
            ]
        )
        // The in-memory provider filters by its own radius; give it a bigger world by asking wide,
        // then check the aggregator's own circle filter with a provider that ignores the radius.
        let result = try await Aggregator(providers: [IgnoresRadius(base: provider)]).run(
            VenueQuery(center: Self.center, radius: 500)
        )
        #expect(result.venues.map(\.venue.name) == ["Near", "Mid"])
        #expect(abs(result.venues[0].distance - 50) < 1)
        #expect(abs(result.venues[1].distance - 300) < 1)
    }

    @Test func limitsAndSortsByNameAndRating() async throws {
        let provider = InMemoryVenueProvider(
            id: "mem",
            venues: [
                Self.venue("mem", "1", "bistro", north: 10, rating: 3.9),
                Self.venue("mem", "2", "Ateljee", north: 20),
                Self.venue("mem", "3", "Café", north: 30, rating: 4.6),
            ]
        )
        let aggregator = try Aggregator(providers: [provider])
        let byName = await aggregator.run(VenueQuery(center: Self.center, sort: .name))
        #expect(byName.venues.map(\.venue.name) == ["Ateljee", "bistro", "Café"])
        let byRating = await aggregator.run(VenueQuery(center: Self.center, sort: .rating))
        #expect(byRating.venues.map(\.venue.name) == ["Café", "bistro", "Ateljee"])
        let limited = await aggregator.run(VenueQuery(center: Self.center, limit: 2))
        #expect(limited.venues.map(\.venue.name) == ["bistro", "Ateljee"])
    }

    /// Cut to the limit, the result says how many places the answers held: two providers of two
    /// places each, a limit of 2, four found; uncut, what is found is what is listed.
    @Test func saysHowManyWereFoundBeforeTheCut() async throws {
        let first = InMemoryVenueProvider(
            id: "mem",
            venues: [Self.venue("mem", "1", "bistro", north: 10), Self.venue("mem", "2", "Ateljee", north: 200)]
        )
        let second = InMemoryVenueProvider(
            id: "osm",
            venues: [Self.venue("osm", "node/3", "Café", north: 30), Self.venue("osm", "node/4", "Kiosk", north: 400)]
        )
        let aggregator = try Aggregator(providers: [first, second])
        let cut = await aggregator.run(VenueQuery(center: Self.center, limit: 2))
        #expect(cut.venues.map(\.venue.name) == ["bistro", "Café"])
        #expect(cut.found == 4)
        let whole = await aggregator.run(VenueQuery(center: Self.center, limit: 10))
        #expect(whole.venues.count == 4 && whole.found == 4)
    }

    @Test func usesTheCentreALocatingProviderReports() async throws {
        let located = try Coordinate(latitude: 60.17, longitude: 24.94)
        let locator = InMemoryVenueProvider(
            id: "fsq",
            venues: [Self.venue("fsq", "1", "Near located", north: 50)],
            locatedCentre: located
        )
        let log = QueryLog()
        let other = RecordingProvider(id: "osm", log: log)
        let result = try await Aggregator(providers: [other, locator]).run(VenueQuery(center: nil))
        #expect(result.centerSource == .located(by: "fsq"))
        #expect(result.center == located)
        #expect(await log.queries.map(\.center) == [located])
        #expect(result.outcomes.map(\.provider) == ["osm", "fsq"])
    }

    @Test func fallsBackToAmsterdamCentraal() async throws {
        let log = QueryLog()
        let result = try await Aggregator(providers: [RecordingProvider(id: "osm", log: log)]).run(
            VenueQuery(center: nil)
        )
        #expect(result.centerSource == .fallback)
        #expect(result.center == .amsterdamCentraal)
        #expect(await log.queries.first?.center == .amsterdamCentraal)
    }

    @Test func fallsBackWhenTheLocatorFails() async throws {
        let locator = InMemoryVenueProvider(
            id: "fsq",
            error: .unauthorized("FOURSQUARE_API_KEY"),
            locatedCentre: Coordinate.amsterdamCentraal
        )
        let log = QueryLog()
        let result = try await Aggregator(providers: [locator, RecordingProvider(id: "osm", log: log)]).run(
            VenueQuery(center: nil)
        )
        #expect(result.centerSource == .fallback)
        #expect(result.outcomes.count == 2)
        #expect(result.outcomes[0].error?.kind == "unauthorized")
    }

    @Test func textSearchSkipsProvidersWithoutIt() async throws {
        let nearbyOnly = RecordingProvider(id: "near", log: QueryLog())
        let searcher = InMemoryVenueProvider(id: "mem", venues: [Self.venue("mem", "1", "Fazer Café")])
        let result = try await Aggregator(providers: [nearbyOnly, searcher]).run(
            VenueQuery(center: Self.center, term: "fazer")
        )
        #expect(result.outcomes[0].error?.kind == "unsupported")
        #expect(result.venues.map(\.venue.name) == ["Fazer Café"])
    }

    @Test func marksFavouritesAndAddsStoredOnesInsideTheCircle() async throws {
        struct Favourites: FavoriteMarking {
            let stored: [Venue]
            func isFavorite(anyOf ids: [VenueID]) -> Bool { ids.contains { id in stored.contains { $0.id == id } } }
            func favorites(within radius: Double, of center: Coordinate) -> [Venue] {
                stored.filter { $0.coordinate.distance(to: center) <= radius }
            }
        }
        let returned = Self.venue("mem", "1", "Returned", north: 10)
        let storedOnly = Self.venue("mem", "2", "Stored only", north: 20)
        let outside = Self.venue("mem", "3", "Outside", north: 5000)
        let aggregator = try Aggregator(
            providers: [InMemoryVenueProvider(id: "mem", venues: [returned])],
            favorites: Favourites(stored: [returned, storedOnly, outside])
        )
        let result = await aggregator.run(VenueQuery(center: Self.center))
        #expect(result.venues.map(\.venue.name) == ["Returned", "Stored only"])
        #expect(result.venues.allSatisfy { $0.isFavorite })
        #expect(result.venues.map(\.fromFavorites) == [false, true])
    }

    /// A user's own tests (this target imports VenuesAggregator without @testable) can build
    /// every result type and compare what the aggregator returns with it.
    @Test func resultsCanBeBuiltAndComparedByUsers() async throws {
        let venue = Self.venue("mem", "1", "Kappeli", north: 100)
        let query = VenueQuery(center: Self.center)
        let result = try await Aggregator(providers: [InMemoryVenueProvider(id: "mem", venues: [venue])]).run(query)
        var expected = AggregatedResult(
            query: query,
            center: Self.center,
            centerSource: .given,
            venues: [ResultVenue(merged: MergedVenue(single: venue), distance: 100, isFavorite: false)],
            outcomes: [
                ProviderOutcome(provider: "mem", result: .success(ProviderResponse(venues: [venue])), milliseconds: 0)
            ]
        )
        // Measured values are taken from the run.
        expected.venues[0].distance = result.venues[0].distance
        expected.outcomes[0].milliseconds = result.outcomes[0].milliseconds
        #expect(result == expected)
    }

    @Test func lookupGoesToTheIssuingProvider() async throws {
        let venue = Self.venue("mem", "7", "Lookup")
        let aggregator = try Aggregator(providers: [InMemoryVenueProvider(id: "mem", venues: [venue])])
        #expect(try await aggregator.venue(venue.id).get() == venue)
        let missing = try VenueID(parsing: "mem:8")
        #expect(await aggregator.venue(missing) == .failure(.notFound(missing)))
        let other = try VenueID(parsing: "fsq:abc")
        guard case .failure(.unsupported) = await aggregator.venue(other) else {
            Issue.record("lookup at a provider that is not enabled must be unsupported")
            return
        }
    }
}

/// Counts the providers in flight; each waits for the others, up to a bound.
private final class Gathering: Sendable {
    private struct State {
        var inFlight = 0
        var largest = 0
    }
    private let state = Mutex(State())
    let expected: Int

    init(expected: Int) { self.expected = expected }

    var largestCrowd: Int { state.withLock { $0.largest } }

    /// Joins, waits until `expected` are in flight (or 5 s pass), and returns how many were.
    func join() async -> Int {
        state.withLock { state in
            state.inFlight += 1
            state.largest = max(state.largest, state.inFlight)
        }
        let giveUp = ContinuousClock.now + .seconds(5)
        while state.withLock({ $0.largest }) < expected, ContinuousClock.now < giveUp {
            try? await Task.sleep(for: .milliseconds(5))
        }
        return state.withLock { state in
            defer { state.inFlight -= 1 }
            return state.largest
        }
    }
}

private struct GatheringProvider: VenueProvider {
    let id: ProviderID
    let capabilities: ProviderCapabilities = [.nearby]
    let gathering: Gathering

    func nearby(_ query: VenueQuery) async throws(ProviderError) -> ProviderResponse {
        let crowd = await gathering.join()
        let venue = Venue(
            id: try! VenueID(provider: id, native: "1"),
            name: "saw \(crowd) in flight",
            coordinate: query.center ?? .amsterdamCentraal
        )
        return ProviderResponse(venues: [venue])
    }
}

/// Passes queries on with a huge radius, so that the aggregator's own circle filter is tested.
private struct IgnoresRadius: VenueProvider {
    let base: InMemoryVenueProvider
    var id: ProviderID { base.id }
    var capabilities: ProviderCapabilities { base.capabilities }

    func nearby(_ query: VenueQuery) async throws(ProviderError) -> ProviderResponse {
        var wide = query
        wide.radius = 100_000
        return try await base.nearby(wide)
    }
}

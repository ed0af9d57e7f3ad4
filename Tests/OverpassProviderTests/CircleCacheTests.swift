import Synchronization
import Testing
import VenuesCore

@testable import OverpassProvider

/// The circles kept for suggestions: an answer is reused, a failure is not kept.
@Suite("Overpass circle cache")
struct CircleCacheTests {
    final class Calls: Sendable {
        let count = Mutex(0)
        func next() -> Int {
            count.withLock {
                $0 += 1
                return $0
            }
        }
    }

    static func answer(_ elements: Int) -> OverpassRemoteSearch.Fetched {
        OverpassRemoteSearch.Fetched(venues: [], notes: [], elements: elements)
    }

    @Test func anAnswerIsReusedAndAFailureIsAskedAgain() async throws {
        let cache = OverpassCircleCache()
        let calls = Calls()
        await #expect(throws: ProviderError.self) {
            try await cache.fetched("circle") { () throws(ProviderError) in
                _ = calls.next()
                throw .server(status: 504, message: "busy")
            }
        }
        let first = try await cache.fetched("circle") { () throws(ProviderError) in Self.answer(calls.next()) }
        let again = try await cache.fetched("circle") { () throws(ProviderError) in Self.answer(calls.next()) }
        let other = try await cache.fetched("another circle") { () throws(ProviderError) in Self.answer(calls.next()) }
        #expect(first.elements == 2 && again.elements == 2)
        #expect(other.elements == 3)
        #expect(calls.count.withLock { $0 } == 3)
    }

    @Test func atMostSixteenCirclesAreKept() async throws {
        let cache = OverpassCircleCache()
        let calls = Calls()
        for circle in 0...OverpassCircleCache.capacity {
            _ = try await cache.fetched("circle \(circle)") { () throws(ProviderError) in Self.answer(calls.next()) }
        }
        // The oldest was dropped, the newest kept.
        _ = try await cache.fetched("circle \(OverpassCircleCache.capacity)") { () throws(ProviderError) in
            Self.answer(calls.next())
        }
        #expect(calls.count.withLock { $0 } == OverpassCircleCache.capacity + 1)
        _ = try await cache.fetched("circle 0") { () throws(ProviderError) in Self.answer(calls.next()) }
        #expect(calls.count.withLock { $0 } == OverpassCircleCache.capacity + 2)
    }
}

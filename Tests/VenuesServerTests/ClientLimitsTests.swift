import Foundation
import Synchronization
import Testing
import VenuesCore
import VenuesServerStore
import VenuesServerTestSupport
import VenuesTestSupport

@testable import VenuesServer

/// Per-client rate limits: 429 with `Retry-After` and the RateLimit fields, no provider asked,
/// each token on its own, bursts; the server's default for tokens without a limit.
@Suite("Per-client rate limits", .timeLimit(.minutes(3)))
struct ClientLimitsTests {
    /// A clock that stands still unless a test moves it: no request refills a bucket by luck.
    final class TestClock: Sendable {
        private let instant: Mutex<Date>
        init(_ start: Date) { instant = Mutex(start) }
        var now: Date { instant.withLock { $0 } }
        func advance(_ seconds: Double) { instant.withLock { $0 = $0.addingTimeInterval(seconds) } }
    }

    static let start = Date(timeIntervalSince1970: 1_795_000_000)

    @Test("over its limit a token gets 429 with Retry-After and RateLimit fields, and no provider is asked")
    func overTheLimit() async throws {
        let overpass = try await Fakes.overpass()
        let clock = TestClock(Self.start)
        let server = try await RunningServer.start(configuration: RunningServer.configuration(overpass: overpass)) {
            $0.clock = { clock.now }
        }
        let limited = server.client.with(
            token: try await server.token(for: "app", rateLimit: RateLimit(rate: "2/min", burst: nil))
        )
        var answers: [TestResponse] = []
        for radius in [500, 600, 700, 800] {
            answers.append(try await limited.get("/v1/nearby?near=\(FakeBodies.near)&radius=\(radius)"))
        }
        let asked = await overpass.requestCount
        clock.advance(30)
        let later = try await limited.get("/v1/nearby?near=\(FakeBodies.near)&radius=900")
        let askedLater = await overpass.requestCount
        await server.stop()
        await overpass.stop()

        #expect(answers.map(\.status) == [200, 200, 429, 429])
        #expect(answers[0].header("RateLimit-Policy") == #""client";q=2;w=60"#)
        #expect(answers[0].header("RateLimit") == #""client";r=1;t=30"#)
        #expect(answers[1].header("RateLimit") == #""client";r=0;t=60"#)
        let refused = answers[2]
        #expect(refused.header("Retry-After") == "30")
        #expect(refused.header("RateLimit-Policy") == #""client";q=2;w=60"#)
        #expect(refused.header("RateLimit") == #""client";r=0;t=60"#)
        let error = try refused.json()["error"] as? [String: Any]
        #expect(error?["kind"] as? String == "rateLimited")
        #expect((error?["message"] as? String)?.contains("2/min") == true)
        // Two listings reached the provider; the refused ones never did.
        #expect(asked == 2)
        // Half a minute later one request fits again.
        #expect(later.status == 200)
        #expect(askedLater == 3)
    }

    @Test("limits are per token: another client is not held back by one over its limit")
    func perToken() async throws {
        let overpass = try await Fakes.overpass()
        let clock = TestClock(Self.start)
        let server = try await RunningServer.start(configuration: RunningServer.configuration(overpass: overpass)) {
            $0.clock = { clock.now }
        }
        let tight = server.client.with(
            token: try await server.token(for: "tight", rateLimit: RateLimit(rate: "1/h", burst: nil))
        )
        let first = try await tight.get("/v1/favorites")
        let second = try await tight.get("/v1/favorites")
        // alice has no limit of her own and the server no default.
        var others: [Int] = []
        for _ in 0..<20 { others.append(try await server.client.get("/v1/favorites").status) }
        await server.stop()
        await overpass.stop()

        #expect(first.status == 200)
        #expect(second.status == 429)
        #expect(second.header("Retry-After") == "3600")
        #expect(others == Array(repeating: 200, count: 20))
    }

    @Test("a burst: that many requests at once, then one per interval")
    func burst() async throws {
        let overpass = try await Fakes.overpass()
        let clock = TestClock(Self.start)
        let server = try await RunningServer.start(configuration: RunningServer.configuration(overpass: overpass)) {
            $0.clock = { clock.now }
            $0.defaultRateLimit = RateLimit(rate: "60/min", burst: 5)
        }
        var statuses: [Int] = []
        for _ in 0..<7 { statuses.append(try await server.client.get("/v1/favorites").status) }
        clock.advance(1)
        let afterASecond = try await server.client.get("/v1/favorites").status
        let thenAgain = try await server.client.get("/v1/favorites").status
        let metrics = try await server.client.with(token: nil).get("/metrics").text
        await server.stop()
        await overpass.stop()

        #expect(statuses == [200, 200, 200, 200, 200, 429, 429])
        #expect(afterASecond == 200)
        #expect(thenAgain == 429)
        #expect(Polling.metric(metrics, #"venues_rate_limited_total{client="alice"}"#) == 3)
    }

    @Test("the limiter: GCRA arithmetic for rate, burst, remaining and reset")
    func limiterArithmetic() {
        let limiter = ClientRateLimiter()
        let limit = RateLimit(requests: 10, seconds: 10, burst: 3)
        let t0 = Self.start
        let first = limiter.admit("c", limit: limit, now: t0)
        #expect(first == .init(allowed: true, remaining: 2, reset: 1, retryAfter: 0))
        _ = limiter.admit("c", limit: limit, now: t0)
        let third = limiter.admit("c", limit: limit, now: t0)
        #expect(third == .init(allowed: true, remaining: 0, reset: 3, retryAfter: 0))
        let fourth = limiter.admit("c", limit: limit, now: t0)
        #expect(!fourth.allowed)
        #expect(abs(fourth.retryAfter - 1) < 1e-9)
        // Another client has its own bucket.
        #expect(limiter.admit("d", limit: limit, now: t0).allowed)
        // After 1 s one request fits again, not two.
        let t1 = t0.addingTimeInterval(1)
        #expect(limiter.admit("c", limit: limit, now: t1).allowed)
        #expect(!limiter.admit("c", limit: limit, now: t1).allowed)
    }

    /// docs/server.md: "The limit is a token bucket kept by each server: with several servers
    /// behind a balancer a client may reach the limit at each." Two servers on one store: the
    /// token and its limit are shared, the buckets are not.
    @Test("two servers on one store: the client's limit holds at each, with a bucket of each")
    func twoServersEachKeepABucket() async throws {
        let overpass = try await Fakes.overpass()
        let clock = TestClock(Self.start)
        let database = InMemoryServerDatabase()
        let configuration = RunningServer.configuration(overpass: overpass)
        let one = try await RunningServer.start(
            configuration: configuration,
            store: InMemoryServerStore(database: database)
        ) {
            $0.clock = { clock.now }
        }
        let two = try await RunningServer.start(
            configuration: configuration,
            store: InMemoryServerStore(database: database)
        ) {
            $0.clock = { clock.now }
        }
        let token = try await one.token(for: "app", rateLimit: RateLimit(rate: "2/h", burst: nil))
        var statuses: [[Int]] = [[], []]
        for (index, server) in [one, two].enumerated() {
            for _ in 0..<3 {
                statuses[index].append(try await server.client.with(token: token).get("/v1/favorites").status)
            }
        }
        let again = try await one.client.with(token: token).get("/v1/favorites")
        await one.stop()
        await two.stop()
        await overpass.stop()

        #expect(statuses == [[200, 200, 429], [200, 200, 429]])
        #expect(again.status == 429, "the first server's bucket is still spent")
        #expect(again.header("RateLimit-Policy") == #""client";q=2;w=3600"#)
    }
}

import Foundation
import Synchronization
import Testing

@testable import VenuesHTTP

@Suite("Retry delays: jittered backoff and Retry-After")
struct RetryDelayTests {
    let policy = RetryPolicy(maxAttempts: 5, baseDelay: 0.25, maxDelay: 5)

    @Test("full jitter draws from 0 up to min(maxDelay, base · 2^(attempt − 1))")
    func backoffRanges() {
        var ranges: [ClosedRange<Double>] = []
        let delays = (1...7).map { attempt in
            policy.backoff(afterAttempt: attempt) { range in
                ranges.append(range)
                return range.upperBound
            }
        }
        #expect(delays == [0.25, 0.5, 1, 2, 4, 5, 5])
        #expect(ranges.allSatisfy { $0.lowerBound == 0 })
    }

    @Test("the drawn value is the wait, kept inside the range")
    func jitterUsed() {
        #expect(policy.backoff(afterAttempt: 3) { $0.upperBound * 0.3 } == 0.3)
        #expect(policy.backoff(afterAttempt: 3) { _ in 0 } == 0)
        #expect(policy.backoff(afterAttempt: 3) { _ in 99 } == 1)
        #expect(policy.backoff(afterAttempt: 3) { _ in -1 } == 0)
    }

    @Test("Retry-After is waited exactly, even above the backoff ceiling, up to maxDelay")
    func retryAfterWins() {
        let draws = { (_: ClosedRange<Double>) -> Double in 0.1 }
        #expect(policy.delay(afterAttempt: 1, retryAfter: 3, random: draws) == 3)
        #expect(policy.delay(afterAttempt: 1, retryAfter: 0, random: draws) == 0)
        #expect(policy.delay(afterAttempt: 1, retryAfter: 5, random: draws) == 5)
        #expect(policy.delay(afterAttempt: 1, retryAfter: 5.5, random: draws) == nil)
        #expect(policy.delay(afterAttempt: 1, retryAfter: nil, random: draws) == 0.1)
    }

    @Test("which transport errors are retried")
    func retriedErrors() {
        #expect(policy.retries(.unreachable("refused")))
        #expect(policy.retries(.transport("reset")))
        #expect(!policy.retries(.timedOut))
        #expect(!policy.retries(.cancelled))
        #expect(!policy.retries(.tooManyRedirects))
        #expect(!policy.retries(.responseTooLarge(limit: 1)))
        var quiet = policy
        quiet.retriesConnectionErrors = false
        #expect(!quiet.retries(.unreachable("refused")))
    }
}

@Suite("Retry loop with injected time and randomness")
struct RetryLoopTests {
    /// Runs `request` through a loop whose attempts answer from `script` in order, each taking
    /// `attemptDuration` seconds of fake time.
    func run(
        _ request: HTTPRequest,
        time: FakeTime,
        attemptDuration: Double = 0.1,
        script: [Result<HTTPResponse, HTTPClientError>]
    ) async -> Result<HTTPResponse, HTTPClientError> {
        let answers = Mutex(script)
        let loop = RetryLoop(environment: time.environment())
        do {
            let response = try await loop.run(request) { _, timeout in
                time.recordAttempt(timeout: timeout)
                time.advance(attemptDuration)
                return answers.withLock { $0.isEmpty ? .failure(.transport("script ran out")) : $0.removeFirst() }
            }
            return .success(response)
        } catch {
            return .failure(error)
        }
    }

    let url = URL(string: "http://127.0.0.1:9/x")!

    @Test("503, 503, 200: waits are the jittered backoff of attempts 1 and 2")
    func backoffDelays() async throws {
        let time = FakeTime()
        let result = await run(
            HTTPRequest(url: url, timeout: 10),
            time: time,
            script: [.success(.init(status: 503)), .success(.init(status: 503)), .success(.init(status: 200))]
        )
        #expect(try result.get().status == 200)
        #expect(time.sleeps == [0.125, 0.25])
        // Each attempt gets what is left of the 10 s deadline.
        let timeouts = time.attemptTimeouts
        #expect(timeouts.count == 3)
        #expect(abs(timeouts[0] - 10) < 1e-9)
        #expect(abs(timeouts[1] - (10 - 0.1 - 0.125)) < 1e-9)
        #expect(abs(timeouts[2] - (10 - 0.2 - 0.125 - 0.25)) < 1e-9)
    }

    @Test("Retry-After in seconds and as an HTTP date is waited exactly")
    func retryAfterDelays() async throws {
        let time = FakeTime()
        // The second answer arrives at origin + 0.1 + 2 + 0.1 s and names origin + 5 s.
        let date = time.wallClockOrigin.addingTimeInterval(5)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let result = await run(
            HTTPRequest(url: url, timeout: 10, retry: RetryPolicy(maxAttempts: 3)),
            time: time,
            script: [
                .success(.init(status: 429, headers: ["Retry-After": "2"])),
                .success(.init(status: 429, headers: ["Retry-After": formatter.string(from: date)])),
                .success(.init(status: 200)),
            ]
        )
        #expect(try result.get().status == 200)
        #expect(time.sleeps.count == 2)
        #expect(time.sleeps.first == 2)
        let second = try #require(time.sleeps.last)
        #expect(abs(second - 2.8) < 1e-6)
    }

    @Test("a wait that would end at or past the deadline returns the last response instead")
    func deadlineRespected() async throws {
        let time = FakeTime()
        let busy = HTTPResponse(status: 503, headers: ["Retry-After": "2"])
        let result = await run(
            HTTPRequest(url: url, timeout: 3, retry: RetryPolicy(maxAttempts: 10)),
            time: time,
            attemptDuration: 0.5,
            script: Array(repeating: .success(busy), count: 10)
        )
        #expect(try result.get() == busy)
        // 0.5 (attempt) + 2 (wait) + 0.5 (attempt) = 3: another 2 s wait would cross it.
        #expect(time.sleeps == [2])
        #expect(time.attemptTimeouts.count == 2)
        #expect(time.elapsed <= 3)
    }

    @Test("connection errors are retried with backoff, then the last error is thrown")
    func connectionErrors() async {
        let time = FakeTime()
        let result = await run(
            HTTPRequest(url: url, timeout: 10, retry: RetryPolicy(maxAttempts: 3, baseDelay: 1)),
            time: time,
            script: [.failure(.unreachable("a")), .failure(.unreachable("b")), .failure(.unreachable("c"))]
        )
        #expect(throws: HTTPClientError.unreachable("c")) { try result.get() }
        #expect(time.sleeps == [0.5, 1])
    }

    @Test("timeouts, size and redirect errors are not retried")
    func finalErrors() async {
        for error in [HTTPClientError.timedOut, .responseTooLarge(limit: 5), .tooManyRedirects] {
            let time = FakeTime()
            let result = await run(
                HTTPRequest(url: url),
                time: time,
                script: [.failure(error), .success(.init(status: 200))]
            )
            #expect(throws: error) { try result.get() }
            #expect(time.sleeps.isEmpty)
        }
    }

    @Test("maxAttempts 1 never retries")
    func neverRetries() async throws {
        let time = FakeTime()
        let result = await run(
            HTTPRequest(url: url, retry: .never),
            time: time,
            script: [.success(.init(status: 503)), .success(.init(status: 200))]
        )
        #expect(try result.get().status == 503)
        #expect(time.attemptTimeouts.count == 1)
    }

    @Test("the client's internal init routes attempts and waits through the injected environment")
    func clientUsesEnvironment() async throws {
        let time = FakeTime()
        let answers = Mutex([HTTPResponse(status: 502), HTTPResponse(status: 200)])
        let client = CurlHTTPClient(userAgent: "test/1", environment: time.environment(fraction: 1)) { _, timeout in
            time.recordAttempt(timeout: timeout)
            return .success(answers.withLock { $0.removeFirst() })
        }
        let response = try await client.send(HTTPRequest(url: url, retry: RetryPolicy(maxAttempts: 2, baseDelay: 0.4)))
        #expect(response.status == 200)
        #expect(time.sleeps == [0.4])
        #expect(client.userAgent == "test/1")
    }
}

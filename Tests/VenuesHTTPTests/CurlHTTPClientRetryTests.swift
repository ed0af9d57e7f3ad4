import Foundation
import Synchronization
import Testing
import VenuesTestSupport

@testable import VenuesHTTP

@Suite("CurlHTTPClient retries against a loopback server", .timeLimit(.minutes(3)))
struct CurlHTTPClientRetryTests {
    let client = CurlHTTPClient()

    @Test("429 with Retry-After: 1 then 200: two requests at least a second apart")
    func retryAfterHonoured() async throws {
        let counter = RequestCounter()
        let server = try await LoopbackServer.start { _ in
            counter.next() == 1 ? .text("slow down", status: 429, headers: [("Retry-After", "1")]) : .text("ok")
        }
        defer { Task { await server.stop() } }
        // The possible waits are far apart: the backoff (at most 0.25 s), the server's
        // Retry-After (1 s), or maxDelay (600 s). The gap proves the first is not what happened;
        // the request's 60 s deadline, not a clock here, makes waiting maxDelay a failure (no 200).
        // The exact wait is asserted with a fake clock in RetryDelayTests.
        let policy = RetryPolicy(maxAttempts: 3, maxDelay: 600)
        let response = try await client.send(HTTPRequest(url: server.url("/limited"), timeout: 60, retry: policy))
        #expect(response.status == 200)
        let requests = await server.requests
        #expect(requests.count == 2)
        let gap = try #require(requests.last).receivedAt - requests[0].receivedAt
        #expect(gap >= .milliseconds(950))
    }

    @Test("503 twice then 200: success after three requests")
    func unavailableThenSuccess() async throws {
        let counter = RequestCounter()
        let server = try await LoopbackServer.start { _ in
            counter.next() <= 2 ? .text("busy", status: 503) : .json(#"{"ok":true}"#)
        }
        defer { Task { await server.stop() } }
        // A generous deadline: the two backoffs take under a second, a busy machine may take more.
        let response = try await client.send(HTTPRequest(url: server.url("/flaky"), timeout: 60))
        #expect(response.status == 200)
        #expect(response.bodyText == #"{"ok":true}"#)
        #expect(await server.requests.count == 3)
    }

    @Test("no attempts left: the last retryable response is returned")
    func attemptsExhausted() async throws {
        let server = try await LoopbackServer.start { _ in .text("bad gateway", status: 502) }
        defer { Task { await server.stop() } }
        let policy = RetryPolicy(maxAttempts: 2, baseDelay: 0.01)
        let response = try await client.send(HTTPRequest(url: server.url("/down"), timeout: 60, retry: policy))
        #expect(response.status == 502)
        #expect(await server.requests.count == 2)
    }

    @Test("a Retry-After that ends past the deadline is not waited for")
    func neverPastDeadline() async throws {
        let server = try await LoopbackServer.start { _ in
            .text("busy", status: 503, headers: [("Retry-After", "100")])
        }
        defer { Task { await server.stop() } }
        let started = ContinuousClock.now
        // 100 s is within maxDelay, so only the 60 s deadline forbids the wait.
        let policy = RetryPolicy(maxAttempts: 3, maxDelay: 120)
        let response = try await client.send(HTTPRequest(url: server.url("/busy"), timeout: 60, retry: policy))
        #expect(response.status == 503)
        #expect(response.retryAfter() == 100)
        #expect(await server.requests.count == 1)
        // The answer comes at once (milliseconds; a starved test process has taken 12 s for a
        // loopback request). Waiting for the deadline would take 60 s, for the Retry-After 100 s.
        #expect(ContinuousClock.now - started < .seconds(30))
    }

    @Test("retries stop once the next wait would cross the deadline")
    func retriesWithinDeadline() async throws {
        let server = try await LoopbackServer.start { _ in
            .text("busy", status: 503, headers: [("Retry-After", "2")])
        }
        defer { Task { await server.stop() } }
        // Real transfers, real clock and real sleeps; only the moment each attempt finishes is
        // recorded, so that the loop's choice after it can be checked against the rule without
        // assuming how fast this (shared, busy) machine answers.
        let live = RetryEnvironment.live
        let startedAt = Mutex<[Double]>([])
        let finishedAt = Mutex<[Double]>([])
        let client = CurlHTTPClient(userAgent: "venues-tests", environment: live) { request, remaining in
            startedAt.withLock { $0.append(live.now()) }
            let result = await CurlTransfer.perform(request, timeout: remaining, userAgent: "venues-tests")
            finishedAt.withLock { $0.append(live.now()) }
            return result
        }
        let timeout = 3.8
        let retryAfter = 2.0
        let boundaryBand = 0.05
        let started = live.now()
        let deadline = started + timeout
        let policy = RetryPolicy(maxAttempts: 10)
        let outcome: Result<HTTPResponse, HTTPClientError>
        do {
            outcome = .success(
                try await client.send(HTTPRequest(url: server.url("/busy"), timeout: timeout, retry: policy))
            )
        } catch {
            outcome = .failure(error)
        }
        let attemptsStarted = startedAt.withLock { $0 }
        let finished = finishedAt.withLock { $0 }
        let requests = await server.requests

        switch outcome {
        case .success(let response):
            #expect(response.status == 503)
        case .failure(let error):
            // Only a retry that the slow machine left too little time for may end this way.
            #expect(error == .timedOut)
            #expect(try #require(finished.last) >= deadline - boundaryBand)
        }
        // Every attempt that got an answer reached the server (one cut off by the deadline may not).
        if case .success = outcome {
            #expect(requests.count == finished.count)
        } else {
            #expect(requests.count <= finished.count)
        }
        // Two waits of two seconds cannot fit before a 3.8 s deadline.
        #expect((1...2).contains(finished.count))
        // Each attempt but the last was followed by a retry, which the rule allows only when the
        // wait ends before the deadline; after the last, the wait would have crossed it (attempts
        // were left). A 50 ms band around the boundary is not judged: the loop reads the clock a
        // moment after the recording.
        for finish in finished.dropLast() {
            #expect(finish + retryAfter < deadline + boundaryBand)
        }
        if case .success = outcome, let last = finished.last {
            #expect(last + retryAfter >= deadline - boundaryBand)
        }
        // The server's Retry-After was waited for between attempts...
        for (earlier, later) in zip(requests, requests.dropFirst()) {
            #expect(later.receivedAt - earlier.receivedAt >= .milliseconds(1950))
        }
        // ...and no attempt started after the deadline.
        #expect(attemptsStarted.allSatisfy { $0 < deadline }, "\(attemptsStarted.map { $0 - started })")
    }

    @Test("a Retry-After longer than maxDelay is returned to the caller, not waited for")
    func longRetryAfterReturned() async throws {
        let server = try await LoopbackServer.start { _ in
            .text("come back later", status: 429, headers: [("Retry-After", "30")])
        }
        defer { Task { await server.stop() } }
        let response = try await client.send(HTTPRequest(url: server.url("/limited"), timeout: 60))
        #expect(response.status == 429)
        #expect(response.retryAfter() == 30)
        #expect(await server.requests.count == 1)
    }

    @Test("a policy without 429 (Overpass) does not retry it")
    func statusNotInPolicy() async throws {
        let server = try await LoopbackServer.start { _ in .text("slow down", status: 429) }
        defer { Task { await server.stop() } }
        let policy = RetryPolicy(maxAttempts: 3, retryableStatuses: [502, 503, 504])
        let response = try await client.send(HTTPRequest(url: server.url("/limited"), retry: policy))
        #expect(response.status == 429)
        #expect(await server.requests.count == 1)
    }

    @Test("POST bodies are sent again on retry")
    func postRetried() async throws {
        let counter = RequestCounter()
        let server = try await LoopbackServer.start { _ in
            counter.next() == 1 ? .text("busy", status: 504) : .text("ok")
        }
        defer { Task { await server.stop() } }
        let body = Data("data=node(1);out;".utf8)
        let policy = RetryPolicy(maxAttempts: 2, baseDelay: 0.01)
        let request = HTTPRequest(
            method: .post,
            url: server.url("/api/interpreter"),
            body: body,
            timeout: 60,
            retry: policy
        )
        let response = try await client.send(request)
        #expect(response.status == 200)
        let requests = await server.requests
        #expect(requests.map(\.body) == [body, body])
        #expect(requests.map(\.method) == ["POST", "POST"])
    }
}

import Foundation
import Testing
import VenuesTestSupport

@testable import VenuesHTTP

@Suite("CurlHTTPClient retries against a loopback server", .timeLimit(.minutes(1)))
struct CurlHTTPClientRetryTests {
    let client = CurlHTTPClient()

    @Test("429 with Retry-After: 1 then 200: two requests at least a second apart")
    func retryAfterHonoured() async throws {
        let counter = RequestCounter()
        let server = try await LoopbackServer.start { _ in
            counter.next() == 1 ? .text("slow down", status: 429, headers: [("Retry-After", "1")]) : .text("ok")
        }
        defer { Task { await server.stop() } }
        let response = try await client.send(HTTPRequest(url: server.url("/limited")))
        #expect(response.status == 200)
        let requests = await server.requests
        #expect(requests.count == 2)
        let gap = try #require(requests.last).receivedAt - requests[0].receivedAt
        #expect(gap >= .milliseconds(950))
        #expect(gap < .seconds(3))
    }

    @Test("503 twice then 200: success after three requests")
    func unavailableThenSuccess() async throws {
        let counter = RequestCounter()
        let server = try await LoopbackServer.start { _ in
            counter.next() <= 2 ? .text("busy", status: 503) : .json(#"{"ok":true}"#)
        }
        defer { Task { await server.stop() } }
        let response = try await client.send(HTTPRequest(url: server.url("/flaky")))
        #expect(response.status == 200)
        #expect(response.bodyText == #"{"ok":true}"#)
        #expect(await server.requests.count == 3)
    }

    @Test("no attempts left: the last retryable response is returned")
    func attemptsExhausted() async throws {
        let server = try await LoopbackServer.start { _ in .text("bad gateway", status: 502) }
        defer { Task { await server.stop() } }
        let policy = RetryPolicy(maxAttempts: 2, baseDelay: 0.01)
        let response = try await client.send(HTTPRequest(url: server.url("/down"), retry: policy))
        #expect(response.status == 502)
        #expect(await server.requests.count == 2)
    }

    @Test("a Retry-After that ends past the deadline is not waited for")
    func neverPastDeadline() async throws {
        let server = try await LoopbackServer.start { _ in
            .text("busy", status: 503, headers: [("Retry-After", "2")])
        }
        defer { Task { await server.stop() } }
        let started = ContinuousClock.now
        let response = try await client.send(HTTPRequest(url: server.url("/busy"), timeout: 1.5))
        #expect(response.status == 503)
        // Waiting for the Retry-After would take 2 s; the request count is the main proof.
        #expect(ContinuousClock.now - started < .seconds(2))
        #expect(await server.requests.count == 1)
    }

    @Test("retries stop once the next wait would cross the deadline")
    func retriesWithinDeadline() async throws {
        let server = try await LoopbackServer.start { _ in
            .text("busy", status: 503, headers: [("Retry-After", "1")])
        }
        defer { Task { await server.stop() } }
        let started = ContinuousClock.now
        let policy = RetryPolicy(maxAttempts: 10)
        let response = try await client.send(HTTPRequest(url: server.url("/busy"), timeout: 1.9, retry: policy))
        let elapsed = ContinuousClock.now - started
        #expect(response.status == 503)
        #expect(await server.requests.count == 2)
        #expect(elapsed >= .milliseconds(950))
        #expect(elapsed < .milliseconds(1900))
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
        let request = HTTPRequest(method: .post, url: server.url("/api/interpreter"), body: body, retry: policy)
        let response = try await client.send(request)
        #expect(response.status == 200)
        let requests = await server.requests
        #expect(requests.map(\.body) == [body, body])
        #expect(requests.map(\.method) == ["POST", "POST"])
    }
}

import Foundation
import Synchronization
import Testing
import VenuesCore
import VenuesTestSupport

@testable import VenuesHTTP

/// A request's ``AttemptGate`` is asked before every attempt that is sent, retries included,
/// and a gate that throws keeps the attempt from being sent.
@Suite("Attempt gates (budgets) against a loopback server", .timeLimit(.minutes(3)))
struct AttemptGateTests {
    let client = CurlHTTPClient()

    @Test("the gate is asked once per attempt: 503 twice then 200 is three gates and three requests")
    func oncePerAttempt() async throws {
        let counter = RequestCounter()
        let server = try await LoopbackServer.start { _ in
            counter.next() <= 2 ? .text("busy", status: 503) : .text("ok")
        }
        defer { Task { await server.stop() } }
        let gates = Mutex(0)
        var request = HTTPRequest(url: server.url("/flaky"), timeout: 60)
        request.beforeEachAttempt = AttemptGate { () throws(HTTPClientError) in gates.withLock { $0 += 1 } }
        let response = try await client.send(request)
        #expect(response.status == 200)
        #expect(gates.withLock { $0 } == 3)
        #expect(await server.requests.count == 3)
    }

    @Test("a gate that refuses a retry: it is not sent, and the error is budgetExhausted")
    func refusalSendsNothing() async throws {
        let server = try await LoopbackServer.start { _ in .text("busy", status: 503) }
        defer { Task { await server.stop() } }
        let gates = Mutex(0)
        var request = HTTPRequest(url: server.url("/paid"), timeout: 60)
        // The first attempt may go (and gets a 503); its retry is refused.
        request.beforeEachAttempt = AttemptGate { () throws(HTTPClientError) in
            let number = gates.withLock { count in
                count += 1
                return count
            }
            if number > 1 { throw .budgetExhausted("google's daily budget of 1 requests is spent") }
        }
        await #expect(throws: HTTPClientError.budgetExhausted("google's daily budget of 1 requests is spent")) {
            try await client.send(request)
        }
        #expect(gates.withLock { $0 } == 2)
        #expect(await server.requests.count == 1)
        #expect(ProviderError(HTTPClientError.budgetExhausted("spent")) == .budgetExhausted("spent"))
    }

    @Test("gates do not make two requests different (the response cache keys requests by what is sent)")
    func gatesAreNotPartOfARequestsIdentity() {
        let url = URL(string: "https://places.example/v1/search")!
        var gated = HTTPRequest(url: url)
        gated.beforeEachAttempt = AttemptGate { () throws(HTTPClientError) in }
        #expect(gated == HTTPRequest(url: url))
        #expect(gated.hashValue == HTTPRequest(url: url).hashValue)
    }
}

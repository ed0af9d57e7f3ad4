import Foundation
import Testing
import VenuesTestSupport

@testable import VenuesHTTP

@Suite("CurlHTTPClient concurrency and cancellation", .timeLimit(.minutes(3)))
struct CurlHTTPClientConcurrencyTests {
    let client = CurlHTTPClient()

    @Test("the server observes 8 requests in flight at once")
    func eightInFlight() async throws {
        let arrived = RequestCounter()
        let server = try await LoopbackServer.start { _ in
            _ = arrived.next()
            // Hold every request until all 8 are here (bounded), so they overlap for certain
            // if and only if the client really runs them side by side.
            let giveUp = ContinuousClock.now + .seconds(20)
            while arrived.current < 8, ContinuousClock.now < giveUp {
                try? await Task.sleep(for: .milliseconds(10))
            }
            return .text(arrived.current >= 8 ? "together" : "alone")
        }
        defer { Task { await server.stop() } }
        let client = self.client
        let bodies = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<8 {
                let url = server.url("/parallel/\(index)")
                group.addTask {
                    try await client.send(HTTPRequest(url: url, timeout: 30, retry: .never)).bodyText
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(bodies == Array(repeating: "together", count: 8))
        #expect(await server.maxInFlight == 8)
    }

    @Test("cancelling the task aborts the transfer mid-body and the server sees the connection go")
    func cancellation() async throws {
        // 600 chunks, 50 ms apart: the whole body takes 30 s, far more than an abort needs, so a
        // client that waits for the body is caught even on a busy machine. What proves the
        // abort is what the server saw (the connection gone before the body was out), never
        // how long anything took.
        let chunks = 600
        let body = Data(repeating: 0x62, count: chunks * 100)
        let server = try await LoopbackServer.start { _ in
            .trickle(body, chunkSize: 100, interval: .milliseconds(50))
        }
        defer { Task { await server.stop() } }
        let client = self.client
        let url = server.url("/slow-body")
        let task = Task { try await client.send(HTTPRequest(url: url, timeout: 30)) }

        // Wait (bounded generously: the machine may be busy) until the body is flowing.
        let flowing = ContinuousClock.now + .seconds(30)
        while await server.trickledChunks < 3, ContinuousClock.now < flowing {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(await server.trickledChunks >= 3)
        #expect(await server.closedConnections == 0)

        task.cancel()
        let result = await task.result
        // The client returned before the body was out: it aborted, it did not wait.
        #expect(await server.trickledChunks < chunks)
        #expect(throws: HTTPClientError.cancelled) { try result.get() }

        // The server notices the closed connection at its next write; had the client kept the
        // connection open, the whole body would go out first (bounded by the body's length, with
        // a safety bound below the suite's time limit).
        let safety = ContinuousClock.now + .seconds(45)
        while await server.closedConnections < 1, await server.trickledChunks < chunks, ContinuousClock.now < safety {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(await server.closedConnections == 1)
        #expect(await server.trickledChunks < chunks)
        #expect(await server.requests.count == 1)
    }

    @Test("a task cancelled before sending makes no request")
    func cancelledBeforeStart() async throws {
        let server = try await LoopbackServer.start { _ in .text("ok") }
        defer { Task { await server.stop() } }
        let client = self.client
        let url = server.url("/never")
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.send(HTTPRequest(url: url))
        }
        await #expect(throws: HTTPClientError.cancelled) { try await task.value }
        #expect(await server.requests.isEmpty)
    }
}

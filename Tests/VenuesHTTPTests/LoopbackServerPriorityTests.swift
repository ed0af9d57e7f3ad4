import Foundation
import Synchronization
import Testing
import VenuesTestSupport

@testable import VenuesHTTP

/// The loopback servers answer while the tests' own tasks hold every thread of the default
/// cooperative pool: the property the whole loopback group relies on when a burst of
/// synchronous work (a parse, an import) runs beside it.
@Suite("Loopback servers beside a busy cooperative pool", .timeLimit(.minutes(3)))
struct LoopbackServerPriorityTests {
    @Test("a request is answered while default-priority tasks spin on every thread of the pool")
    func answersBesideABusyPool() async throws {
        let server = try await LoopbackServer.start { _ in .text("answered") }
        defer { Task { await server.stop() } }
        // Everything that must go on while the default pool is held runs at high priority too:
        // the test's own task may be one of the default pool's.
        let result = await Task(priority: .high) { () -> Result<HTTPResponse, HTTPClientError> in
            let progress = SpinProgress()
            let threads = max(2, ProcessInfo.processInfo.activeProcessorCount)
            // Each spinner holds its thread without suspending until the answer has come, or
            // gives up after a bound far past the client's timeout (a failure ends, not hangs).
            let spinners = (0..<threads).map { _ in
                Task(priority: .medium) {
                    progress.spinnersRunning.add(1, ordering: .sequentiallyConsistent)
                    let giveUp = ContinuousClock.now + .seconds(60)
                    while !progress.answered.load(ordering: .sequentiallyConsistent), ContinuousClock.now < giveUp {}
                }
            }
            // Yields, not sleeps: a sleeping task's wake-up waits for the default pool.
            while progress.spinnersRunning.load(ordering: .sequentiallyConsistent) < threads {
                await Task.yield()
            }
            let request = HTTPRequest(url: server.url("/busy"), timeout: 20, retry: .never)
            let result: Result<HTTPResponse, HTTPClientError>
            do throws(HTTPClientError) {
                result = .success(try await CurlHTTPClient().send(request))
            } catch {
                result = .failure(error)
            }
            progress.answered.store(true, ordering: .sequentiallyConsistent)
            for spinner in spinners { await spinner.value }
            return result
        }.value
        let response = try result.get()
        #expect(response.status == 200)
        #expect(response.bodyText == "answered")
        #expect(await server.requests.map(\.path) == ["/busy"])
    }
}

/// What the spinners and the request share.
private final class SpinProgress: Sendable {
    let answered = Atomic<Bool>(false)
    let spinnersRunning = Atomic<Int>(0)
}

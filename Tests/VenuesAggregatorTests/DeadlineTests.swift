import Testing
import VenuesCore

@testable import VenuesAggregator

@Suite(.timeLimit(.minutes(3)))
struct DeadlineTests {
    @Test func returnsTheValueBeforeTheDeadline() async {
        let result = await withDeadline(seconds: 10) { () async throws(ProviderError) -> Int in 42 }
        #expect(result == .success(42))
    }

    @Test func passesErrorsThrough() async {
        let result = await withDeadline(seconds: 10) { () async throws(ProviderError) -> Int in throw .timedOut }
        #expect(result == .failure(.timedOut))
        let other = await withDeadline(seconds: 10) { () async throws(ProviderError) -> Int in
            throw .badRequest("x")
        }
        #expect(other == .failure(.badRequest("x")))
    }

    @Test func cancelsTheOperationAtTheDeadline() async {
        let result = await withDeadline(seconds: 0.1) { () async throws(ProviderError) -> Int in
            do {
                try await Task.sleep(for: .seconds(30))
            } catch {
                throw .cancelled
            }
            return 1
        }
        #expect(result == .failure(.timedOut))
    }

    @Test func cancellingTheCallerEndsTheWait() async {
        let task = Task {
            await withDeadline(seconds: 30) { () async throws(ProviderError) -> Int in
                try? await Task.sleep(for: .seconds(30))
                return 1
            }
        }
        task.cancel()
        #expect(await task.value == .failure(.cancelled))
    }
}

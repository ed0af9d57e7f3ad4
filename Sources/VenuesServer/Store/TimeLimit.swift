import Synchronization
import VenuesServerStore

/// Runs an operation under a time limit without waiting for it past the limit.
enum TimeLimit {
    /// The operation's result, or ``ServerStoreError/unavailable(_:)`` when it takes longer
    /// than `limit` (the operation is then cancelled; the caller does not wait for it to stop).
    static func run<T: Sendable>(
        _ limit: Duration,
        _ operation: @escaping @Sendable () async throws(ServerStoreError) -> T
    ) async -> Result<T, ServerStoreError> {
        let race = Race<T>()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                race.start(continuation: continuation, limit: limit, operation: operation)
            }
        } onCancel: {
            race.finish(.failure(.unavailable("the request was cancelled")))
        }
    }

    private final class Race<T: Sendable>: Sendable {
        private struct State {
            var continuation: CheckedContinuation<Result<T, ServerStoreError>, Never>?
            var finished: Result<T, ServerStoreError>?
            var tasks: [Task<Void, Never>] = []
        }

        private let state = Mutex(State())

        func start(
            continuation: CheckedContinuation<Result<T, ServerStoreError>, Never>,
            limit: Duration,
            operation: @escaping @Sendable () async throws(ServerStoreError) -> T
        ) {
            let early = state.withLock { state -> Result<T, ServerStoreError>? in
                if let finished = state.finished { return finished }
                state.continuation = continuation
                return nil
            }
            if let early {
                continuation.resume(returning: early)
                return
            }
            let work = Task {
                do throws(ServerStoreError) {
                    self.finish(.success(try await operation()))
                } catch {
                    self.finish(.failure(error))
                }
            }
            let timer = Task {
                try? await Task.sleep(for: limit)
                if !Task.isCancelled {
                    self.finish(.failure(.unavailable("no answer within \(limit.components.seconds) s")))
                }
            }
            let over = state.withLock { state in
                state.tasks = [work, timer]
                return state.finished != nil
            }
            if over {
                work.cancel()
                timer.cancel()
            }
        }

        func finish(_ result: Result<T, ServerStoreError>) {
            let (continuation, tasks) = state.withLock {
                state -> (CheckedContinuation<Result<T, ServerStoreError>, Never>?, [Task<Void, Never>]) in
                guard state.finished == nil else { return (nil, []) }
                state.finished = result
                defer { state.continuation = nil }
                return (state.continuation, state.tasks)
            }
            continuation?.resume(returning: result)
            for task in tasks { task.cancel() }
        }
    }
}

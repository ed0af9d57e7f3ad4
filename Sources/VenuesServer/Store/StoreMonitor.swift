import Foundation
import Logging
import Synchronization
import VenuesServerStore

/// The store as the server uses it: the store's health followed from the calls' outcomes, so
/// that `/readyz` and the degraded answers know it and the log says once when the store goes
/// away and once when it comes back.
///
/// Calls rely on the stores' own bounds (PostgreSQL: its operation timeout, 5 s; SQLite: its
/// busy timeout, 10 s) rather than racing each one against a timer of their own: a cached
/// request makes one or two store calls, and two tasks per call were a measurable part of its
/// time. Only the start-up migration gets a limit here (``timeLimit`` × 6).
final class StoreMonitor: Sendable {
    /// The store.
    let store: any ServerStore
    /// How long one call may take; the migration at start-up gets six times this.
    let timeLimit: Duration
    private let logger: Logger
    private let problem = Mutex<String?>(nil)
    private let migrated = Mutex<Bool>(false)

    init(store: any ServerStore, timeLimit: Duration, logger: Logger) {
        self.store = store
        self.timeLimit = timeLimit
        self.logger = logger
    }

    /// Why the store was unavailable at the last call, or `nil` when that call succeeded.
    var lastProblem: String? { problem.withLock { $0 } }

    /// Whether the schema is in place; until it is, every call fails as unavailable.
    var isMigrated: Bool {
        get { migrated.withLock { $0 } }
        set { migrated.withLock { $0 = newValue } }
    }

    /// Runs one store call, noting whether the store answered.
    func call<T: Sendable>(
        _ operation: (any ServerStore) async throws(ServerStoreError) -> T
    ) async throws(ServerStoreError) -> T {
        guard isMigrated else {
            throw .unavailable("the schema is not migrated yet (the store was unreachable at start-up)")
        }
        do throws(ServerStoreError) {
            let value = try await operation(store)
            recovered()
            return value
        } catch .unavailable(let reason) {
            failed(reason)
            throw .unavailable(reason)
        } catch {
            // The store answered (a duplicate name, a refused schema): it is reachable.
            recovered()
            throw error
        }
    }

    /// Asks the store whether it answers now (for `/readyz`).
    func checkReachable() async throws(ServerStoreError) {
        try await call { store throws(ServerStoreError) in try await store.checkReachable() }
    }

    private func failed(_ reason: String) {
        let wasHealthy = problem.withLock { problem in
            defer { problem = reason }
            return problem == nil
        }
        if wasHealthy {
            logger.error("the store is unavailable: \(reason); answering degraded (no cache, favourites not flagged)")
        }
    }

    private func recovered() {
        let wasDown = problem.withLock { problem in
            defer { problem = nil }
            return problem != nil
        }
        if wasDown { logger.notice("the store is reachable again") }
    }
}

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

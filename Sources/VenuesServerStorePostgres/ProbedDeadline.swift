import Synchronization

/// Runs an operation with a deadline that holds even when the operation cannot be interrupted
/// (a query already sent waits for its answer): at the deadline the caller gets
/// ``Exceeded`` at once, and the operation is cancelled and left to end on its own.
///
/// It is `withTimeLimit` (VenuesCore) with a probe: a check run while the operation still waits,
/// whose error ends the wait early (a server found gone). Provider calls and the server's
/// migration use `withTimeLimit` itself.
enum ProbedDeadline {
    /// The deadline passed before the operation ended.
    struct Exceeded: Error {}

    /// A check made once the operation has taken `after`: an error it returns ends the wait
    /// early (as the deadline would, with that error).
    struct Probe: Sendable {
        var after: Duration
        var check: @Sendable () async -> (any Error)?
    }

    static func run<Value: Sendable>(
        within timeout: Duration,
        probe: Probe? = nil,
        _ operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let race = Race<Value>()
        let work = Task {
            do {
                race.deliver(.success(try await operation()))
            } catch {
                race.deliver(.failure(error))
            }
        }
        let timer = Task {
            try await Task.sleep(for: timeout)
            race.deliver(.failure(Exceeded()))
        }
        let prober = probe.map { probe in
            Task {
                try await Task.sleep(for: probe.after)
                if let error = await probe.check() { race.deliver(.failure(error)) }
            }
        }
        defer {
            timer.cancel()
            prober?.cancel()
            work.cancel()
        }
        return try await withTaskCancellationHandler {
            try await race.outcome()
        } onCancel: {
            race.deliver(.failure(CancellationError()))
        }
    }

    /// The first of the results delivered (the operation's, the timer's, the cancellation's).
    private final class Race<Value: Sendable>: Sendable {
        private struct State {
            var result: Result<Value, any Error>?
            var waiter: CheckedContinuation<Value, any Error>?
        }
        private let state = Mutex(State())

        func deliver(_ result: Result<Value, any Error>) {
            let waiter = state.withLock { state -> CheckedContinuation<Value, any Error>? in
                guard state.result == nil else { return nil }
                state.result = result
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(with: result)
        }

        func outcome() async throws -> Value {
            try await withCheckedThrowingContinuation { continuation in
                let result = state.withLock { state -> Result<Value, any Error>? in
                    if state.result == nil { state.waiter = continuation }
                    return state.result
                }
                if let result { continuation.resume(with: result) }
            }
        }
    }
}

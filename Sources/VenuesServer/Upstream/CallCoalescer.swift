import Synchronization

/// Identical concurrent calls share one run: the first caller for a key starts the work, every
/// caller that arrives while it runs waits for the same value, and the next call after it
/// finishes starts afresh.
///
/// The work runs in a task of its own, so that a caller who gives up (its deadline passed, its
/// client went away) neither cancels it for the others nor waits for it: a cancelled caller
/// gets `nil` at once.
final class CallCoalescer<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// Whether a caller started the work or joined a run already under way.
    enum Role: Sendable, Equatable {
        case started
        case joined
    }

    private struct Run {
        var waiters: [UInt64: CheckedContinuation<Value?, Never>] = [:]
    }

    private struct State {
        var runs: [Key: Run] = [:]
        var nextWaiter: UInt64 = 0
    }

    private let state = Mutex(State())

    init() {}

    /// How many runs are under way (for tests and metrics).
    var runsInFlight: Int { state.withLock { $0.runs.count } }

    /// Whether anyone still waits for the run of `key`: work that waited its turn may skip
    /// the call when every caller has given up.
    func isAwaited(_ key: Key) -> Bool {
        state.withLock { $0.runs[key]?.waiters.isEmpty == false }
    }

    /// The value of the run for `key`, starting `work` when none is under way; `nil` when the
    /// calling task is cancelled before the value is there. `role` is told which it was.
    func value(
        for key: Key,
        role: (@Sendable (Role) -> Void)? = nil,
        work: @escaping @Sendable () async -> Value
    ) async -> Value? {
        let waiter = state.withLock { state -> UInt64 in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
                let joined = state.withLock { state -> Bool? in
                    // Checked under the lock: a cancellation handler that ran before found
                    // no waiter to remove, so this waiter must not be added.
                    if Task.isCancelled { return nil }
                    if state.runs[key] != nil {
                        state.runs[key]?.waiters[waiter] = continuation
                        return true
                    }
                    state.runs[key] = Run(waiters: [waiter: continuation])
                    return false
                }
                switch joined {
                case nil:
                    continuation.resume(returning: nil)
                case true?:
                    role?(.joined)
                case false?:
                    role?(.started)
                    Task { await self.finish(key, with: await work()) }
                }
            }
        } onCancel: {
            let continuation = state.withLock { state in
                state.runs[key]?.waiters.removeValue(forKey: waiter)
            }
            continuation?.resume(returning: nil)
        }
    }

    private func finish(_ key: Key, with value: Value) {
        let waiters = state.withLock { state in
            state.runs.removeValue(forKey: key)?.waiters.values.map { $0 } ?? []
        }
        for waiter in waiters { waiter.resume(returning: value) }
    }
}

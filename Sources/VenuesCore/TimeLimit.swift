import Synchronization

/// Runs `operation` in a task of its own and answers with its result; or with `expired` once
/// `limit` has passed on `clock` (a test's manual clock proves a deadline without waiting for
/// it), or `cancelled` when the calling task is cancelled, or the failure `probe` finds while
/// the operation still runs, whichever comes first.
///
/// A task group would wait for a child that ignores cancellation; this does not. The
/// operation's task is cancelled when the answer is not its own, and left to finish. Provider
/// calls (`withDeadline`), the server's schema migration and the PostgreSQL store's queries
/// (with a probe that finds the server gone) run through it.
package func withTimeLimit<Value: Sendable, Failure: Error>(
    _ limit: Duration,
    clock: any Clock<Duration> = ContinuousClock(),
    expired: Failure,
    cancelled: Failure,
    probe: TimeLimitProbe<Failure>? = nil,
    _ operation: @escaping @Sendable () async throws(Failure) -> Value
) async -> Result<Value, Failure> {
    let race = TimeLimitRace<Value, Failure>()
    return await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
            race.start(
                continuation: continuation,
                limit: limit,
                clock: clock,
                expired: expired,
                probe: probe,
                operation: operation
            )
        }
    } onCancel: {
        race.finish(.failure(cancelled))
    }
}

/// A check made once an operation under ``withTimeLimit(_:clock:expired:cancelled:probe:_:)``
/// has taken `after`: a failure it returns ends the wait early, as the time limit would.
package struct TimeLimitProbe<Failure: Error>: Sendable {
    /// How long the operation runs before the check is made.
    package var after: Duration
    /// The check: `nil` when all is well.
    package var check: @Sendable () async -> Failure?

    /// A probe.
    package init(after: Duration, check: @escaping @Sendable () async -> Failure?) {
        self.after = after
        self.check = check
    }
}

/// The first of operation, timer, probe and cancellation to finish resumes the continuation;
/// the others are cancelled.
private final class TimeLimitRace<Value: Sendable, Failure: Error>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Result<Value, Failure>, Never>?
        var finished: Result<Value, Failure>?
        var tasks: [Task<Void, Never>] = []
    }

    private let state = Mutex(State())

    func start(
        continuation: CheckedContinuation<Result<Value, Failure>, Never>,
        limit: Duration,
        clock: any Clock<Duration>,
        expired: Failure,
        probe: TimeLimitProbe<Failure>?,
        operation: @escaping @Sendable () async throws(Failure) -> Value
    ) {
        let alreadyFinished = state.withLock { state -> Result<Value, Failure>? in
            if let finished = state.finished { return finished }
            state.continuation = continuation
            return nil
        }
        if let alreadyFinished {
            continuation.resume(returning: alreadyFinished)
            return
        }
        let work = Task {
            do throws(Failure) {
                self.finish(.success(try await operation()))
            } catch {
                self.finish(.failure(error))
            }
        }
        let timer = Task {
            try? await clock.sleep(for: limit)
            if !Task.isCancelled { self.finish(.failure(expired)) }
        }
        let prober = probe.map { probe in
            Task {
                try? await clock.sleep(for: probe.after)
                guard !Task.isCancelled, let failure = await probe.check() else { return }
                self.finish(.failure(failure))
            }
        }
        let tasks = [work, timer] + (prober.map { [$0] } ?? [])
        let finishedMeanwhile = state.withLock { state in
            state.tasks = tasks
            return state.finished != nil
        }
        if finishedMeanwhile {
            for task in tasks { task.cancel() }
        }
    }

    func finish(_ result: Result<Value, Failure>) {
        let (continuation, tasks) = state.withLock { state in
            guard state.finished == nil else {
                return (CheckedContinuation<Result<Value, Failure>, Never>?.none, [Task<Void, Never>]())
            }
            state.finished = result
            defer { state.continuation = nil }
            return (state.continuation, state.tasks)
        }
        continuation?.resume(returning: result)
        for task in tasks { task.cancel() }
    }
}

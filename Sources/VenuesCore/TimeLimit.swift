import Synchronization

/// Runs `operation` in a task of its own and answers with its result; or with `expired` once
/// `limit` has passed on `clock` (a test's manual clock proves a deadline without waiting for
/// it), or `cancelled` when the calling task is cancelled, whichever comes first.
///
/// A task group would wait for a child that ignores cancellation; this does not. The
/// operation's task is cancelled when the answer is not its own, and left to finish. Provider
/// calls (`withDeadline`) and the server's schema migration run through it.
package func withTimeLimit<Value: Sendable, Failure: Error>(
    _ limit: Duration,
    clock: any Clock<Duration> = ContinuousClock(),
    expired: Failure,
    cancelled: Failure,
    _ operation: @escaping @Sendable () async throws(Failure) -> Value
) async -> Result<Value, Failure> {
    let race = TimeLimitRace<Value, Failure>()
    return await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
            race.start(continuation: continuation, limit: limit, clock: clock, expired: expired, operation: operation)
        }
    } onCancel: {
        race.finish(.failure(cancelled))
    }
}

/// The first of operation, timer and cancellation to finish resumes the continuation; the
/// others are cancelled.
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
        let finishedMeanwhile = state.withLock { state in
            state.tasks = [work, timer]
            return state.finished != nil
        }
        if finishedMeanwhile {
            work.cancel()
            timer.cancel()
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

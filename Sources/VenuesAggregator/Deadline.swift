import Synchronization
import VenuesCore

/// Runs `operation`, but answers `.timedOut` once `seconds` have passed, whether or not the
/// operation honours cancellation.
///
/// A task group would wait for a child that ignores cancellation; this does not. The
/// operation runs in its own task, which is cancelled at the deadline and left to finish.
func withDeadline<Value: Sendable>(
    seconds: Double,
    _ operation: @escaping @Sendable () async throws(ProviderError) -> Value
) async -> Result<Value, ProviderError> {
    let race = DeadlineRace<Value>()
    return await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
            race.start(continuation: continuation, seconds: seconds, operation: operation)
        }
    } onCancel: {
        race.finish(.failure(.cancelled))
    }
}

/// The first of operation, timer and cancellation to finish resumes the continuation; the
/// others are cancelled.
private final class DeadlineRace<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Result<Value, ProviderError>, Never>?
        var finished: Result<Value, ProviderError>?
        var tasks: [Task<Void, Never>] = []
    }

    private let state = Mutex(State())

    func start(
        continuation: CheckedContinuation<Result<Value, ProviderError>, Never>,
        seconds: Double,
        operation: @escaping @Sendable () async throws(ProviderError) -> Value
    ) {
        let alreadyFinished = state.withLock { state -> Result<Value, ProviderError>? in
            if let finished = state.finished { return finished }
            state.continuation = continuation
            return nil
        }
        if let alreadyFinished {
            continuation.resume(returning: alreadyFinished)
            return
        }
        let work = Task {
            do throws(ProviderError) {
                self.finish(.success(try await operation()))
            } catch {
                self.finish(.failure(error))
            }
        }
        let timer = Task {
            try? await Task.sleep(for: .seconds(max(0, seconds)))
            if !Task.isCancelled { self.finish(.failure(.timedOut)) }
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

    func finish(_ result: Result<Value, ProviderError>) {
        let (continuation, tasks) = state.withLock { state in
            guard state.finished == nil else {
                return (CheckedContinuation<Result<Value, ProviderError>, Never>?.none, [Task<Void, Never>]())
            }
            state.finished = result
            defer { state.continuation = nil }
            return (state.continuation, state.tasks)
        }
        continuation?.resume(returning: result)
        for task in tasks { task.cancel() }
    }
}

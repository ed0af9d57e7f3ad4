import Synchronization

/// A clock that moves only when a test moves it (``advance(to:)``): a deadline is then proven by
/// what happens before and after the clock reaches it, never by how long a run took.
final class ManualClock: Clock, Sendable {
    struct Instant: InstantProtocol {
        /// Since the clock was made.
        var offset: Duration

        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Int: Sleeper] = [:]
        /// How many times `sleep(until:tolerance:)` was called; each call's id.
        var calls = 0
        /// How many of those calls have settled (see ``sleepsSettled(_:)``).
        var settled = 0
        /// Sleepers cancelled before they were registered.
        var cancelled: Set<Int> = []
        /// Those waiting for a number of sleeps to settle.
        var watchers: [(settled: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    var now: Instant { state.withLock { $0.now } }
    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state -> Int in
            state.calls += 1
            return state.calls
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // Settled: waiting for the clock, woken at once (its deadline passed), or cancelled.
                let (resumeNow, wasCancelled, watchers) = state.withLock {
                    state -> (Bool, Bool, [CheckedContinuation<Void, Never>]) in
                    var outcome = (false, false)
                    if state.cancelled.remove(id) != nil {
                        outcome = (false, true)
                    } else if deadline <= state.now {
                        outcome = (true, false)
                    } else {
                        state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    }
                    state.settled += 1
                    let met = state.watchers.filter { $0.settled <= state.settled }.map(\.continuation)
                    state.watchers.removeAll { $0.settled <= state.settled }
                    return (outcome.0, outcome.1, met)
                }
                for watcher in watchers { watcher.resume() }
                if wasCancelled { continuation.resume(throwing: CancellationError()) }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let sleeper = state.sleepers.removeValue(forKey: id) else {
                    state.cancelled.insert(id)
                    return nil
                }
                return sleeper
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Returns once `count` sleeps have settled: each waits for the clock (its deadline set from
    /// where the clock stood), or has ended.
    func sleepsSettled(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let already = state.withLock { state -> Bool in
                if state.settled >= count { return true }
                state.watchers.append((count, continuation))
                return false
            }
            if already { continuation.resume() }
        }
    }

    /// Moves the clock to `offset` from the start, waking those whose deadline it reaches;
    /// returns how many it woke.
    @discardableResult
    func advance(to offset: Duration) -> Int {
        let woken = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            state.now = Instant(offset: offset)
            let due = state.sleepers.filter { $0.value.deadline <= state.now }
            for id in due.keys { state.sleepers.removeValue(forKey: id) }
            return due.values.map(\.continuation)
        }
        for continuation in woken { continuation.resume() }
        return woken.count
    }
}

import Testing
import VenuesCore

/// `withTimeLimit`'s probe: a check made while the operation still runs ends the wait with its
/// failure (the PostgreSQL store finds a server gone so); a check that finds nothing leaves the
/// operation to answer. Proved by the order of events, not by the clock.
struct TimeLimitProbeTests {
    enum Failure: Error, Equatable {
        case expired, cancelled, gone
    }

    /// Opens once; every waiter (before or after) goes on.
    actor Gate {
        private var open = false
        private var waiting: [CheckedContinuation<Void, Never>] = []

        func wait() async {
            if open { return }
            await withCheckedContinuation { waiting.append($0) }
        }

        func openIt() {
            open = true
            for waiter in waiting { waiter.resume() }
            waiting = []
        }
    }

    @Test("a probe's failure ends the wait for an operation that has not answered")
    func probeFailureEndsTheWait() async {
        let gate = Gate()
        let result = await withTimeLimit(
            .seconds(3600),
            expired: Failure.expired,
            cancelled: Failure.cancelled,
            probe: TimeLimitProbe(after: .zero) { Failure.gone }
        ) { () async throws(Failure) -> Int in
            await gate.wait()
            return 1
        }
        await gate.openIt()
        #expect(result == .failure(.gone))
    }

    @Test("a probe that finds nothing leaves the operation to answer")
    func quietProbeLeavesTheAnswer() async {
        let gate = Gate()
        let result = await withTimeLimit(
            .seconds(3600),
            expired: Failure.expired,
            cancelled: Failure.cancelled,
            probe: TimeLimitProbe(after: .zero) {
                // The operation answers only once the probe has looked.
                await gate.openIt()
                return nil
            }
        ) { () async throws(Failure) -> Int in
            await gate.wait()
            return 7
        }
        #expect(result == .success(7))
    }
}

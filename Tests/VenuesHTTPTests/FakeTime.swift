import Foundation
import Synchronization

@testable import VenuesHTTP

/// A clock that only moves when the loop sleeps or an attempt "takes" time.
final class FakeTime: Sendable {
    private struct State {
        var now: Double = 100
        var sleeps: [Double] = []
        var attemptTimeouts: [Double] = []
    }

    private let state = Mutex(State())
    let wallClockOrigin = Date(timeIntervalSince1970: 1_795_000_000)

    var sleeps: [Double] { state.withLock { $0.sleeps } }
    var attemptTimeouts: [Double] { state.withLock { $0.attemptTimeouts } }
    var elapsed: Double { state.withLock { $0.now - 100 } }

    func advance(_ seconds: Double) {
        state.withLock { $0.now += seconds }
    }

    func recordAttempt(timeout: Double) {
        state.withLock { $0.attemptTimeouts.append(timeout) }
    }

    /// Random draws return `fraction` of the upper bound.
    func environment(fraction: Double = 0.5) -> RetryEnvironment {
        RetryEnvironment(
            now: { self.state.withLock { $0.now } },
            date: { self.wallClockOrigin.addingTimeInterval(self.elapsed) },
            sleep: { seconds in
                try Task.checkCancellation()
                self.state.withLock {
                    $0.sleeps.append(seconds)
                    $0.now += seconds
                }
            },
            random: { range in range.upperBound * fraction }
        )
    }
}

import Synchronization

/// An answer that a test server holds back until the test releases it, and whether it was
/// given: to prove that a client gave up (a timeout, a deadline) *before* the server answered,
/// by the order of events rather than by the clock.
public final class HeldAnswer: Sendable {
    private struct State {
        var released = false
        var answered = false
    }

    private let state = Mutex(State())

    public init() {}

    /// Whether the server has given the answer (released, or held for the whole bound).
    public var wasAnswered: Bool { state.withLock { $0.answered } }

    /// Lets a holding server answer at once.
    public func release() {
        state.withLock { $0.released = true }
    }

    /// Waits until the test releases the answer or `bound` passes, then counts the answer as
    /// given. A handler cancelled meanwhile (its client went away) returns without answering.
    public func hold(atMost bound: Duration) async {
        let giveUp = ContinuousClock.now + bound
        while !state.withLock({ $0.released }), ContinuousClock.now < giveUp {
            do {
                try await Task.sleep(for: .milliseconds(10))
            } catch {
                return
            }
        }
        state.withLock { $0.answered = true }
    }
}

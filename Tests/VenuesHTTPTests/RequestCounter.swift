import Synchronization

/// A counter that a loopback handler bumps per request, to script answers by arrival order.
final class RequestCounter: Sendable {
    private let value = Atomic<Int>(0)

    /// Counts one more request and returns its number (1 for the first).
    func next() -> Int {
        value.add(1, ordering: .relaxed).newValue
    }

    var current: Int { value.load(ordering: .relaxed) }
}

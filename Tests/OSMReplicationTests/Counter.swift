import Synchronization

/// Numbers a loopback handler's requests in arrival order, to script answers by it.
final class Counter: Sendable {
    private let value = Atomic<Int>(0)

    /// Counts one more request and returns its number (1 for the first).
    func next() -> Int {
        value.add(1, ordering: .relaxed).newValue
    }
}

import Synchronization

/// A value shared by concurrent test tasks.
final class LockedBox<Value: Sendable>: Sendable {
    private let value: Mutex<Value>

    init(_ value: Value) { self.value = Mutex(value) }

    /// Reads or changes the value under the lock.
    func withLock<T: Sendable>(_ body: (inout Value) -> T) -> T { value.withLock { body(&$0) } }

    var current: Value { value.withLock { $0 } }
}

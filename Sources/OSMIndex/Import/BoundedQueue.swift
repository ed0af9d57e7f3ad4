import Foundation

/// A first-in first-out queue between two threads that holds at most `capacity` items: `put`
/// waits while it is full and `take` while it is empty, so a fast producer never runs ahead of
/// a slow consumer by more than that. Either side may ``close()`` it.
final class BoundedQueue<Element: Sendable>: @unchecked Sendable {
    // Every stored property is read and written with `condition` locked.
    private let condition = NSCondition()
    private var items: [Element] = []
    private var head = 0
    private let capacity: Int
    private var closed = false
    private var cancelled = false

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Adds an item, waiting for room; `false` (and the item dropped) when the queue is closed.
    func put(_ item: Element) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !closed && items.count - head >= capacity { condition.wait() }
        guard !closed else { return false }
        items.append(item)
        condition.broadcast()
        return true
    }

    /// The oldest item, waiting for one; `nil` once the queue is closed and empty.
    func take() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while !closed && head == items.count { condition.wait() }
        guard head < items.count else { return nil }
        let item = items[head]
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= capacity {
            // A producer that keeps the queue from emptying (a fast reader) must not make the
            // taken items pile up in front of `head`: drop them, at most `capacity` at a time.
            items.removeFirst(head)
            head = 0
        }
        condition.broadcast()
        return item
    }

    /// Ends the queue: waiting `put`s return `false`; `take` drains what is left, then `nil`.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Whether ``cancel()`` ended the queue (rather than ``close()`` alone).
    var isCancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled
    }

    /// Ends the queue and drops what is left in it.
    func cancel() {
        condition.lock()
        closed = true
        cancelled = true
        items.removeAll()
        head = 0
        condition.broadcast()
        condition.unlock()
    }
}

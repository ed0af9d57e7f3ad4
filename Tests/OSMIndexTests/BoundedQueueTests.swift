import Synchronization
import Testing

@testable import OSMIndex

/// The queue between the import's reading thread and its writer.
@Suite struct BoundedQueueTests {
    /// Counts the items alive.
    final class Item: Sendable {
        static let alive = Atomic<Int>(0)

        init() { Self.alive.add(1, ordering: .relaxed) }
        deinit { Self.alive.subtract(1, ordering: .relaxed) }
    }

    @Test("items taken are let go even when the producer never lets the queue empty")
    func takenItemsAreReleased() {
        let queue = BoundedQueue<Item>(capacity: 8)
        let before = Item.alive.load(ordering: .relaxed)
        for _ in 0..<8 { #expect(queue.put(Item())) }
        for _ in 0..<10_000 {
            // One in, one out: the queue stays full and never empties.
            #expect(queue.take() != nil)
            #expect(queue.put(Item()))
            #expect(Item.alive.load(ordering: .relaxed) - before <= 2 * 8)
        }
        queue.close()
        while queue.take() != nil {}
        #expect(Item.alive.load(ordering: .relaxed) == before)
    }
}

import Foundation
import VenuesCore

/// The venues of recently searched circles of one index file (their `venue.element`s, from the
/// R-tree, ascending), the most recently used kept within a budget of venues in all. Shared by the readers
/// of that file that ``OSMIndexReaderPool`` keeps: as-you-type asks about the same circle at
/// every keystroke, with another term each time, so the R-tree is read once per circle, not
/// once per keystroke.
package final class RecentCircles: @unchecked Sendable {
    /// A circle, exactly as asked.
    struct Key: Hashable {
        var latitude: Double
        var longitude: Double
        var radius: Double
    }

    private let budget: Int
    private let lock = NSLock()
    private var entries: [(key: Key, elements: [Int64])] = []
    private var total = 0

    /// Keeps at most `budget` venues (8 bytes each).
    package init(budget: Int) {
        self.budget = budget
    }

    /// The venues of the circle `key`, from an earlier search or listed now by `list`.
    func elements(of key: Key, list: () throws -> [Int64]) rethrows -> [Int64] {
        let kept: [Int64]? = lock.withLock {
            guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
            let entry = entries.remove(at: index)
            entries.append(entry)
            return entry.elements
        }
        if let kept { return kept }
        let elements = try list()
        guard elements.count <= budget / 8 else { return elements }
        lock.withLock {
            guard !entries.contains(where: { $0.key == key }) else { return }
            entries.append((key, elements))
            total += elements.count
            while total > budget, let oldest = entries.first {
                total -= oldest.elements.count
                entries.removeFirst()
            }
        }
        return elements
    }
}

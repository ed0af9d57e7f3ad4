import Foundation
import VenuesCore

/// A list of venues a search may keep: it says how many it holds.
protocol VenueList: Sendable {
    /// The venues held.
    var count: Int { get }
}

extension SortedElements: VenueList {}
extension Array: VenueList where Element == Int64 {}

/// Lists of venues that recent searches of one index file made, the most recently used kept
/// within a budget of venues in all. Shared by the readers of that file that
/// ``OSMIndexReaderPool`` keeps: as-you-type asks the same things again and again.
final class RecentVenueLists<Key: Hashable & Sendable, List: VenueList>: @unchecked Sendable {
    private let budget: Int
    private let largest: Int
    private let lock = NSLock()
    private var entries: [(key: Key, list: List)] = []
    private var total = 0

    /// Keeps at most `budget` venues (8 bytes each), none of a list of more than `largest`.
    init(budget: Int, largest: Int) {
        self.budget = budget
        self.largest = largest
    }

    /// The list for `key`, from an earlier search or made now by `make`.
    func list(for key: Key, make: () throws -> List) rethrows -> List {
        let kept: List? = lock.withLock {
            guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
            let entry = entries.remove(at: index)
            entries.append(entry)
            return entry.list
        }
        if let kept { return kept }
        let list = try make()
        guard list.count <= largest else { return list }
        lock.withLock {
            guard !entries.contains(where: { $0.key == key }) else { return }
            entries.append((key, list))
            total += list.count
            while total > budget, let oldest = entries.first {
                total -= oldest.list.count
                entries.removeFirst()
            }
        }
        return list
    }
}

/// The venues of the index words that recent searches matched, by their `word.id`s: the
/// prefixes typed again and again have the words with the most venues.
typealias RecentElements = RecentVenueLists<WordsKey, SortedElements>

/// Words of one generation of an index (an update changes their venues).
struct WordsKey: Hashable, Sendable {
    var generation: Int64
    var ids: [Int]
}

/// The venues of recently searched circles (their `venue.element`s, from the R-tree,
/// ascending): as-you-type asks about the same circle at every keystroke, with another term each
/// time, so the R-tree is read once per circle, not once per keystroke.
typealias RecentCircles = RecentVenueLists<CircleKey, [Int64]>

/// A circle, exactly as asked.
struct CircleKey: Hashable, Sendable {
    /// The index's generation (``OSMIndexReader/generation``): an update changes its venues.
    var generation: Int64
    var latitude: Double
    var longitude: Double
    var radius: Double
}

import Foundation
import VenuesCore

/// A list of venues a search may keep: it says how many it holds.
protocol VenueList: Sendable {
    /// The venues held.
    var count: Int { get }
}

extension SortedElements: VenueList {}
extension Array: VenueList where Element == Int64 {}
extension CellVenues: VenueList {}

/// Lists of venues that recent searches of one index file made, the most recently used kept
/// within a budget of venues in all (an empty list costs one: the sea around a city has many
/// empty cells, and each is an entry). Shared by the readers of that file that
/// ``OSMIndexReaderPool`` keeps: as-you-type asks the same things again and again.
///
/// A table by key, each entry marked with when it was last used; past the budget, the least
/// recently used go until three quarters of it are left (one sort now and then, rather than a
/// list kept in order at every search).
final class RecentVenueLists<Key: Hashable & Sendable, List: VenueList>: @unchecked Sendable {
    private let budget: Int
    private let largest: Int
    private let lock = NSLock()
    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0
    private var total = 0

    /// A kept list: a class, so that marking it used does not write the table.
    private final class Entry {
        let list: List
        var used: UInt64

        init(list: List, used: UInt64) {
            self.list = list
            self.used = used
        }
    }

    /// Keeps at most `budget` venues, none of a list of more than `largest`.
    init(budget: Int, largest: Int) {
        self.budget = budget
        self.largest = largest
    }

    /// The list for `key`, from an earlier search or made now by `make` (outside the lock: two
    /// readers may make one list at once, and both are right).
    func list(for key: Key, make: () throws -> List) rethrows -> List {
        let kept: List? = lock.withLock {
            clock += 1
            guard let entry = entries[key] else { return nil }
            entry.used = clock
            return entry.list
        }
        if let kept { return kept }
        let list = try make()
        guard list.count <= largest else { return list }
        lock.withLock {
            guard entries[key] == nil else { return }
            clock += 1
            entries[key] = Entry(list: list, used: clock)
            total += Self.cost(of: list)
            guard total > budget else { return }
            for (key, entry) in entries.sorted(by: { $0.value.used < $1.value.used }) {
                guard total > budget * 3 / 4 else { break }
                entries[key] = nil
                total -= Self.cost(of: entry.list)
            }
        }
        return list
    }

    /// What a kept list counts against the budget: its venues, and at least one.
    private static func cost(of list: List) -> Int { max(list.count, 1) }

    /// How many lists are kept (for tests).
    var count: Int { lock.withLock { entries.count } }

    /// What the kept lists count against the budget (for tests): never more than the budget
    /// once a list has been put in.
    var cost: Int { lock.withLock { total } }
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

/// The venues of the grid cells that recent searches read (``PositionCell``): people typing a
/// few streets apart share cells where they never share a circle.
typealias RecentCells = RecentVenueLists<PositionCell, CellVenues>

/// A circle, exactly as asked.
struct CircleKey: Hashable, Sendable {
    /// The index's generation (``OSMIndexReader/generation``): an update changes its venues.
    var generation: Int64
    var latitude: Double
    var longitude: Double
    var radius: Double
}

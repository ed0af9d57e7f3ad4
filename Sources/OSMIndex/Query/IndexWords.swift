import Foundation
import OSMModel
import VenuesCore
import VenuesSQLite

/// The words of an index (`word_list`, `word`) and the venues a term's words may match.
///
/// The whole list is read (a few bytes a word: kilobytes for a city, megabytes for a country)
/// and each word is compared with each word of the term as ``SearchTerm`` compares words, typos
/// and all: the venues of every word that matches are the only venues that can match the term.
final class IndexWords {
    /// Every word's scalars, one after the other.
    private let scalars: [UInt32]
    /// Where each word starts in ``scalars``, and where the last one ends.
    private let starts: [Int]
    /// What recent term words matched (by the word and whether it was the term's last), and how
    /// many venues have those words, for a reader kept open: as-you-type asks for the same
    /// prefixes again and again.
    private var recent: [String: (ids: [Int], venues: Int)] = [:]
    /// Whether the index has `word_change` (schema 3: what updates changed in a word's venues).
    let hasChanges: Bool

    /// The words of the index.
    init(connection: SQLiteConnection) throws(SQLiteError) {
        hasChanges =
            try connection.integer(
                "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'word_change'"
            ) == 1
        let row = try connection.prepare("SELECT words FROM word_list WHERE id = 1")
        let list = try row.step() ? row.blob(0) : []
        // Decoded once: each search compares every word.
        var scalars: [UInt32] = []
        scalars.reserveCapacity(list.count)
        var starts = [0]
        list.withUnsafeBufferPointer { bytes in
            var start = 0
            for index in bytes.indices where bytes[index] == 0x0A {
                SearchWords.forEachWord(utf8: UnsafeBufferPointer(rebasing: bytes[start..<index])) { _, word in
                    scalars.append(contentsOf: word)
                }
                starts.append(scalars.count)
                start = index + 1
            }
        }
        self.scalars = scalars
        self.starts = starts
    }

    /// The number of words.
    var count: Int { starts.count - 1 }

    /// The words (their `word.id`) that the term's word at `index` matches, and how many venues
    /// have them (counted with repeats by `venues`), once per term word while it is recent.
    func matching(
        _ term: SearchTerm,
        word index: Int,
        venues: ([Int]) throws(SQLiteError) -> Int
    ) throws(SQLiteError) -> (ids: [Int], venues: Int) {
        let key = SearchWords.string(term.words[index]) + (index == term.words.count - 1 ? "\u{1F}" : "")
        if let known = recent[key] { return known }
        let ids = wordsMatching(term, word: index)
        let found = (ids: ids, venues: try venues(ids))
        if recent.count >= 4096 { recent.removeAll(keepingCapacity: true) }
        recent[key] = found
        return found
    }

    /// The words (their `word.id`) that the term's word at `index` matches: each word of the
    /// index compared.
    private func wordsMatching(_ term: SearchTerm, word index: Int) -> [Int] {
        // A word shorter than this matches in no way: at most two edits are forgiven.
        let shortest = term.words[index].count - 2
        var found: [Int] = []
        scalars.withUnsafeBufferPointer { all in
            for id in 0..<count {
                let start = starts[id]
                let end = starts[id + 1]
                guard end - start >= shortest else { continue }
                if term.match(word: index, with: UnsafeBufferPointer(rebasing: all[start..<end])) != nil {
                    found.append(id)
                }
            }
        }
        return found
    }
}

extension IndexWords {
    /// The statement ``venueCount(of:statement:)`` runs: a word's venues now (an update's count
    /// in `word_change` when there is one).
    var venueCountSQL: String {
        hasChanges
            ? "SELECT coalesce((SELECT venues FROM word_change WHERE id = ?1), (SELECT venues FROM word WHERE id = ?1))"
            : "SELECT venues FROM word WHERE id = ?"
    }

    /// The statement ``elements(of:statement:)`` runs: a word's venues as written, and what
    /// updates added and took out since.
    var elementsSQL: String {
        hasChanges
            ? "SELECT w.venues, w.elements, c.added, c.removed FROM word w LEFT JOIN word_change c ON c.id = w.id WHERE w.id = ?"
            : "SELECT venues, elements FROM word WHERE id = ?"
    }

    /// How many venues have each of these words, added up; `row` is ``venueCountSQL``
    /// compiled.
    static func venueCount(of ids: [Int], statement row: SQLiteStatement) throws(SQLiteError) -> Int {
        var total = 0
        for id in ids {
            try row.bind(id, at: 1)
            defer { row.reset() }
            if try row.step() { total += Int(row.int64(0)) }
        }
        return total
    }

    /// The venues (`venue.element`) that have any of these words, each once, ascending; `row` is
    /// ``elementsSQL`` compiled.
    func elements(of ids: [Int], statement row: SQLiteStatement) throws(SQLiteError) -> [Int64] {
        var elements: [Int64] = []
        for id in ids {
            try row.bind(id, at: 1)
            defer { row.reset() }
            guard try row.step() else { continue }
            let start = elements.count
            elements.reserveCapacity(elements.count + Int(row.int64(0)))
            row.withBlob(1) { IDListCoding.append(decoding: $0, to: &elements) }
            if hasChanges, row.type(2) == .blob {
                var removed: [Int64] = []
                row.withBlob(3) { IDListCoding.append(decoding: $0, to: &removed) }
                if !removed.isEmpty {
                    let gone = Set(removed)
                    var kept = start
                    for index in start..<elements.count where !gone.contains(elements[index]) {
                        elements[kept] = elements[index]
                        kept += 1
                    }
                    elements.removeSubrange(kept...)
                }
                row.withBlob(2) { IDListCoding.append(decoding: $0, to: &elements) }
            }
        }
        // One word's list is in import order: nodes, then ways, then relations, each ascending.
        elements.sort()
        var count = 0
        for index in elements.indices where count == 0 || elements[count - 1] != elements[index] {
            elements[count] = elements[index]
            count += 1
        }
        elements.removeSubrange(count...)
        return elements
    }
}

/// Venues (`venue.element`), sorted, each once, looked up by binary search: cheaper to make
/// from a word's list than a `Set` (the list is decoded in order), and as quick to ask for the
/// few hundred venues of a circle.
struct SortedElements: Sendable {
    private let elements: [Int64]

    /// `sorted` must be ascending without repeats (``IndexWords/elements(of:statement:)``).
    init(sorted: [Int64]) {
        elements = sorted
    }

    var count: Int { elements.count }

    /// Those of `sorted` (ascending) that are here, in order: one pass over both, each step a
    /// gallop ahead from the last match, so that a few thousand venues of a circle are checked
    /// against a common word's hundreds of thousands in memory order.
    func common(with sorted: [Int64]) -> [Int64] {
        var result: [Int64] = []
        forEachCommon(with: sorted) { result.append(sorted[$0]) }
        return result
    }

    /// Calls `body` with the index in `sorted` (ascending) of each of its elements that is here,
    /// in order (as ``common(with:)`` finds them).
    func forEachCommon(with sorted: [Int64], _ body: (Int) throws -> Void) rethrows {
        try elements.withUnsafeBufferPointer { elements in
            let count = elements.count
            var low = 0
            for (index, element) in sorted.enumerated() {
                if low < count, elements[low] < element {
                    // Gallop: elements[low] < element; find a bound at or past it.
                    var step = 1
                    var high = low + 1
                    while high < count, elements[high] < element {
                        low = high
                        step *= 2
                        high = low + step
                    }
                    // The first index in (low, min(high, count)] holding element or more.
                    var first = low + 1
                    var last = min(high, count)
                    while first < last {
                        let middle = (first + last) / 2
                        if elements[middle] < element { first = middle + 1 } else { last = middle }
                    }
                    low = first
                }
                if low == count { break }
                if elements[low] == element { try body(index) }
            }
        }
    }

    func contains(_ element: Int64) -> Bool { elements.sortedContains(element) }
}

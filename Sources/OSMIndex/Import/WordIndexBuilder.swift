import Foundation
import Synchronization
import VenuesCore

/// Rows for the word index: a batch's rows but those at `skipped` (sorted; rows the index
/// already had).
private struct WordIndexRows: Sendable {
    var batch: VenueRowBatch
    var skipped: [Int]
}

/// The words of an index (``OSMIndexSchema``'s `word` and `word_list`), as
/// ``WordIndexBuilder`` made them: sorted by their UTF-8 bytes, each with its venues.
struct WordIndexContents: Sendable {
    /// The words, sorted.
    var words: [String] = []
    /// For each word, how many venues have it.
    var counts: [Int] = []
    /// For each word, its venues as `word.elements` codes them.
    var elements: [[UInt8]] = []

    /// `word_list.words`: every word followed by a newline.
    var list: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(words.reduce(0) { $0 + $1.utf8.count + 1 })
        for word in words {
            bytes.append(contentsOf: word.utf8)
            bytes.append(0x0A)
        }
        return bytes
    }
}

/// Gathers the words of every row's search text (``SearchWords``) and the venues each word is
/// in, on a thread of its own while ``IndexWriter`` inserts the rows: the lists are kept in
/// memory as varints (a few bytes a word of a venue) and written once, at the end.
final class WordIndexBuilder: Sendable {
    private let queue = BoundedQueue<WordIndexRows>(capacity: 8)
    private let done = DispatchSemaphore(value: 0)
    private let outcome = Mutex<WordIndexContents?>(nil)

    /// Starts the builder's thread.
    init() {
        let thread = Thread { [self] in
            var postings = WordPostings()
            while let rows = queue.take() {
                var skipped = rows.skipped[...]
                for index in rows.batch.rows.indices {
                    if skipped.first == index {
                        skipped.removeFirst()
                        continue
                    }
                    let element = rows.batch.rows[index].element
                    rows.batch.withColumns(of: index) { search, _ in
                        postings.add(element: element, searchText: search)
                    }
                }
            }
            if !queue.isCancelled { outcome.withLock { $0 = postings.contents() } }
            done.signal()
        }
        thread.name = "venues word index"
        thread.start()
    }

    /// Adds the words of a batch's rows but those at the indexes `skipped` (sorted). Returns
    /// `false` when the builder has been cancelled.
    func add(_ batch: VenueRowBatch, skipping skipped: [Int]) -> Bool {
        queue.put(WordIndexRows(batch: batch, skipped: skipped))
    }

    /// Lets the builder sort its words once it has every row, without waiting for it.
    func close() {
        queue.close()
    }

    /// Closes (``close()``) and waits for the words, sorted; `nil` when cancelled.
    func finish() -> WordIndexContents? {
        close()
        done.wait()
        done.signal()
        return outcome.withLock { contents in
            defer { contents = nil }
            return contents
        }
    }

    /// Stops the builder and waits for its thread.
    func cancel() {
        queue.cancel()
        done.wait()
        done.signal()
    }
}

/// The words met so far and the venues of each (used on the builder's thread only).
private struct WordPostings {
    private var ids: [String: Int] = [:]
    private var words: [String] = []
    private var lists: [[UInt8]] = []
    private var counts: [Int] = []
    private var last: [Int64] = []

    /// Adds the words of one venue's search text (each word once).
    mutating func add(element: Int64, searchText: UnsafeRawBufferPointer) {
        var added: [Int] = []
        SearchWords.forEachWord(utf8: searchText.assumingMemoryBound(to: UInt8.self)) { _, word in
            let text = SearchWords.string(word)
            let id: Int
            if let known = ids[text] {
                id = known
            } else {
                id = words.count
                ids[text] = id
                words.append(text)
                lists.append([])
                counts.append(0)
                last.append(0)
            }
            guard !added.contains(id) else { return }
            added.append(id)
            IDListCoding.appendDelta(element &- last[id], to: &lists[id])
            last[id] = element
            counts[id] += 1
        }
    }

    /// The words sorted by their UTF-8 bytes, with their lists.
    mutating func contents() -> WordIndexContents {
        let order = words.indices.sorted { Self.utf8Less(words[$0], words[$1]) }
        var contents = WordIndexContents()
        contents.words.reserveCapacity(order.count)
        contents.counts.reserveCapacity(order.count)
        contents.elements.reserveCapacity(order.count)
        for index in order {
            contents.words.append(words[index])
            contents.counts.append(counts[index])
            contents.elements.append(lists[index])
            lists[index] = []
        }
        return contents
    }

    private static func utf8Less(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }
}

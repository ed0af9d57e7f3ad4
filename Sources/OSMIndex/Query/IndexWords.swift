import VenuesCore
import VenuesSQLite

/// The words of an index (`word_list`, `word`) and the venues a term's words may match.
///
/// The whole list is read (a few bytes a word: kilobytes for a city, megabytes for a country)
/// and each word is compared with each word of the term as ``SearchTerm`` compares words, typos
/// and all: the venues of every word that matches are the only venues that can match the term.
struct IndexWords {
    /// `word_list.words`.
    private let list: [UInt8]
    /// Where each word starts in ``list``, and where the last one ends.
    private let starts: [Int]

    /// The words of the index, or `nil` for an index without them (schema 1).
    init?(connection: SQLiteConnection) throws(SQLiteError) {
        let hasWords = try connection.integer(
            "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'word_list'"
        )
        guard hasWords == 1 else { return nil }
        let row = try connection.prepare("SELECT words FROM word_list WHERE id = 1")
        list = try row.step() ? row.blob(0) : []
        var starts = [0]
        for (index, byte) in list.enumerated() where byte == 0x0A { starts.append(index + 1) }
        self.starts = starts
    }

    /// The number of words.
    var count: Int { starts.count - 1 }

    /// The words (their `word.id`) that the term's word at `index` matches.
    func matching(_ term: SearchTerm, word index: Int) -> [Int] {
        let length = term.words[index].count
        // A word shorter than this (in bytes, so in scalars too) matches in no way.
        let shortest = length - SearchTerm.maximumEdits(forLength: length)
        var found: [Int] = []
        list.withUnsafeBufferPointer { bytes in
            for id in 0..<count {
                let start = starts[id]
                let end = starts[id + 1] - 1
                guard end - start >= shortest else { continue }
                var matched = false
                // One word a line.
                SearchWords.forEachWord(utf8: UnsafeBufferPointer(rebasing: bytes[start..<end])) { _, word in
                    if term.match(word: index, with: word) != nil { matched = true }
                }
                if matched { found.append(id) }
            }
        }
        return found
    }
}

extension IndexWords {
    /// How many venues have each of these words (`word.venues`), added up.
    static func venueCount(of ids: [Int], connection: SQLiteConnection) throws(SQLiteError) -> Int {
        let row = try connection.prepare("SELECT venues FROM word WHERE id = ?", persistent: true)
        var total = 0
        for id in ids {
            try row.bind(id, at: 1)
            defer { row.reset() }
            if try row.step() { total += Int(row.int64(0)) }
        }
        return total
    }

    /// The venues (`venue.element`) that have any of these words, each once, ascending.
    static func elements(of ids: [Int], connection: SQLiteConnection) throws(SQLiteError) -> [Int64] {
        let row = try connection.prepare("SELECT elements FROM word WHERE id = ?", persistent: true)
        var elements: [Int64] = []
        for id in ids {
            try row.bind(id, at: 1)
            defer { row.reset() }
            guard try row.step() else { continue }
            row.withBlob(0) { bytes in
                var value: Int64 = 0
                var index = 0
                while index < bytes.count {
                    var shift: UInt64 = 0
                    var raw: UInt64 = 0
                    while index < bytes.count {
                        let byte = bytes[index]
                        index += 1
                        raw |= UInt64(byte & 0x7F) << shift
                        if byte < 0x80 { break }
                        shift += 7
                        if shift > 63 { break }
                    }
                    let delta = Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
                    value &+= delta
                    elements.append(value)
                }
            }
        }
        elements.sort()
        var unique: [Int64] = []
        unique.reserveCapacity(elements.count)
        for element in elements where unique.last != element { unique.append(element) }
        return unique
    }
}

import VenuesCore
import VenuesSQLite

/// Keeps the word index (`word`, `word_change`, `word_list`) in step with the venue rows an
/// update changes: a venue's element is taken out of the lists of the words its old search text
/// had and put in those of its new one. Each word touched is written once, at the end:
///
/// - a short list (at most ``shortList`` venues) is rewritten in `word`;
/// - a long one (a common word's: hundreds of thousands of venues in a country, megabytes) is
///   left as it is, and what changed goes to its `word_change` row (the elements added, those
///   taken out, the count now), which searches apply; once that is an eighth of the list, it is
///   folded into the list. Rewriting every long list an update touches cost more than the rest
///   of the update.
///
/// A word new to the index is added at the end of `word_list` (word ids are places in that list
/// and never move), and a word no venue has any more keeps its place with an empty list.
final class WordIndexEditor {
    private let connection: SQLiteConnection
    /// Every word's id, read from `word_list` at the first change.
    private var ids: [String: Int]?
    private var listBytes: [UInt8] = []
    private var newWords: [String] = []
    /// Per word id, the elements to add and to take out.
    private var added: [Int: Set<Int64>] = [:]
    private var removed: [Int: Set<Int64>] = [:]

    init(connection: SQLiteConnection, rewriteLimit: Int = WordIndexEditor.shortList) {
        self.connection = connection
        self.rewriteLimit = rewriteLimit
    }

    /// Records that `element`'s search text went from `old` to `new` (`nil`: no row).
    func change(element: Int64, from old: String?, to new: String?) throws(SQLiteError) {
        let before = Self.words(of: old)
        let after = Self.words(of: new)
        guard before != after else { return }
        for word in before.subtracting(after) {
            let id = try id(of: word)
            removed[id, default: []].insert(element)
            added[id]?.remove(element)
        }
        for word in after.subtracting(before) {
            let id = try id(of: word)
            added[id, default: []].insert(element)
            removed[id]?.remove(element)
        }
    }

    /// The distinct words of a search text, as the import's word index takes them.
    private static func words(of text: String?) -> Set<String> {
        guard var text else { return [] }
        var words = Set<String>()
        text.withUTF8 { utf8 in
            SearchWords.forEachWord(utf8: utf8) { _, word in words.insert(SearchWords.string(word)) }
        }
        return words
    }

    private func id(of word: String) throws(SQLiteError) -> Int {
        if ids == nil { try load() }
        if let id = ids?[word] { return id }
        let id = (ids?.count ?? 0)
        ids?[word] = id
        newWords.append(word)
        return id
    }

    private func load() throws(SQLiteError) {
        let row = try connection.prepare("SELECT words FROM word_list WHERE id = 1")
        listBytes = try row.step() ? row.blob(0) : []
        var found: [String: Int] = [:]
        var start = 0
        for index in listBytes.indices where listBytes[index] == 0x0A {
            found[String(decoding: listBytes[start..<index], as: UTF8.self)] = found.count
            start = index + 1
        }
        ids = found
    }

    /// Lists of at most this many venues are rewritten; longer ones get a `word_change` row.
    static let shortList = 1024
    /// ``shortList``, or what a test asks for (0: every list goes through `word_change`).
    private let rewriteLimit: Int

    /// Writes the words touched.
    func write() throws(SQLiteError) {
        guard ids != nil else { return }
        let statements = try Statements(connection: connection)
        let firstNew = (ids?.count ?? 0) - newWords.count
        var words: [Int: String] = [:]
        for (offset, word) in newWords.enumerated() { words[firstNew + offset] = word }
        for id in Set(added.keys).union(removed.keys).sorted() {
            let adding = added[id] ?? []
            let removing = removed[id] ?? []
            guard !adding.isEmpty || !removing.isEmpty else { continue }
            if let word = words[id] {
                // New: its venues are those added.
                try statements.insert(id: id, word: word, elements: adding.subtracting(removing))
            } else {
                try change(id: id, adding: adding, removing: removing, statements)
            }
        }
        if !newWords.isEmpty {
            for word in newWords {
                listBytes.append(contentsOf: word.utf8)
                listBytes.append(0x0A)
            }
            let list = try connection.prepare("INSERT OR REPLACE INTO word_list(id, words) VALUES (1, ?)")
            try list.bind(blob: listBytes, at: 1)
            try list.run()
        }
    }

    /// Applies a word's additions and removals: to its pending changes, or to its list.
    private func change(id: Int, adding: Set<Int64>, removing: Set<Int64>, _ statements: Statements) throws(SQLiteError)
    {
        let base = try statements.baseCount(id: id)
        var pending = try statements.pending(id: id) ?? (venues: base, added: [], removed: [])
        for element in removing where pending.added.remove(element) == nil { pending.removed.insert(element) }
        for element in adding where pending.removed.remove(element) == nil { pending.added.insert(element) }
        pending.venues += adding.count - removing.count
        let changes = pending.added.count + pending.removed.count
        if base <= rewriteLimit || changes * 8 > base {
            var elements = Set(try statements.baseElements(id: id))
            elements.subtract(pending.removed)
            elements.formUnion(pending.added)
            try statements.rewrite(id: id, elements: elements)
            try statements.clearPending(id: id)
        } else if changes == 0 {
            try statements.clearPending(id: id)
        } else {
            try statements.keepPending(id: id, pending)
        }
    }

    /// The statements of ``write()``.
    private struct Statements {
        let count: SQLiteStatement
        let elements: SQLiteStatement
        let update: SQLiteStatement
        let insertWord: SQLiteStatement
        let readPending: SQLiteStatement
        let writePending: SQLiteStatement
        let deletePending: SQLiteStatement

        init(connection: SQLiteConnection) throws(SQLiteError) {
            count = try connection.prepare("SELECT venues FROM word WHERE id = ?")
            elements = try connection.prepare("SELECT elements FROM word WHERE id = ?")
            update = try connection.prepare("UPDATE word SET venues = ?, elements = ? WHERE id = ?")
            insertWord = try connection.prepare("INSERT INTO word(id, word, venues, elements) VALUES (?, ?, ?, ?)")
            readPending = try connection.prepare("SELECT venues, added, removed FROM word_change WHERE id = ?")
            writePending = try connection.prepare(
                "INSERT OR REPLACE INTO word_change(id, venues, added, removed) VALUES (?, ?, ?, ?)"
            )
            deletePending = try connection.prepare("DELETE FROM word_change WHERE id = ?")
        }

        func baseCount(id: Int) throws(SQLiteError) -> Int {
            try count.bind(id, at: 1)
            defer { count.reset() }
            return try count.step() ? Int(count.int64(0)) : 0
        }

        func baseElements(id: Int) throws(SQLiteError) -> [Int64] {
            try elements.bind(id, at: 1)
            defer { elements.reset() }
            guard try elements.step() else { return [] }
            return try Self.decoded(elements, column: 0)
        }

        func pending(id: Int) throws(SQLiteError) -> (venues: Int, added: Set<Int64>, removed: Set<Int64>)? {
            try readPending.bind(id, at: 1)
            defer { readPending.reset() }
            guard try readPending.step() else { return nil }
            return (
                Int(readPending.int64(0)),
                Set(try Self.decoded(readPending, column: 1)),
                Set(try Self.decoded(readPending, column: 2))
            )
        }

        func keepPending(id: Int, _ pending: (venues: Int, added: Set<Int64>, removed: Set<Int64>)) throws(SQLiteError)
        {
            try writePending.bind(id, at: 1)
            try writePending.bind(pending.venues, at: 2)
            try writePending.bind(blob: IDListCoding.encode(pending.added.sorted()), at: 3)
            try writePending.bind(blob: IDListCoding.encode(pending.removed.sorted()), at: 4)
            try writePending.run()
        }

        func clearPending(id: Int) throws(SQLiteError) {
            try deletePending.bind(id, at: 1)
            try deletePending.run()
        }

        func rewrite(id: Int, elements: Set<Int64>) throws(SQLiteError) {
            try update.bind(elements.count, at: 1)
            try update.bind(blob: IDListCoding.encode(elements.sorted()), at: 2)
            try update.bind(id, at: 3)
            try update.run()
        }

        func insert(id: Int, word: String, elements: Set<Int64>) throws(SQLiteError) {
            try insertWord.bind(id, at: 1)
            try insertWord.bind(word, at: 2)
            try insertWord.bind(elements.count, at: 3)
            try insertWord.bind(blob: IDListCoding.encode(elements.sorted()), at: 4)
            try insertWord.run()
        }

        private static func decoded(_ statement: SQLiteStatement, column: Int32) throws(SQLiteError) -> [Int64] {
            guard let ids = statement.withBlob(column, { IDListCoding.decode($0) }) else {
                throw SQLiteError(code: 11, message: "a damaged list of venues in the word index")
            }
            return ids
        }
    }
}

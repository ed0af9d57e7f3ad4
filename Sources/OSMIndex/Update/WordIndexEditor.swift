import VenuesCore
import VenuesSQLite

/// Keeps the word index (`word`, `word_list`) in step with the venue rows an update changes:
/// a venue's element is taken out of the lists of the words its old search text had and put in
/// those of its new one. Each word touched is rewritten once, at the end; a word new to the
/// index is added at the end of `word_list` (word ids are places in that list and never move),
/// and a word no venue has any more keeps its place with an empty list.
final class WordIndexEditor {
    private let connection: SQLiteConnection
    /// Every word's id, read from `word_list` at the first change.
    private var ids: [String: Int]?
    private var listBytes: [UInt8] = []
    private var newWords: [String] = []
    /// Per word id, the elements to add and to take out.
    private var added: [Int: Set<Int64>] = [:]
    private var removed: [Int: Set<Int64>] = [:]

    init(connection: SQLiteConnection) {
        self.connection = connection
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

    /// Writes the words touched.
    func write() throws(SQLiteError) {
        guard ids != nil else { return }
        let read = try connection.prepare("SELECT elements FROM word WHERE id = ?")
        let update = try connection.prepare("UPDATE word SET venues = ?, elements = ? WHERE id = ?")
        let insert = try connection.prepare("INSERT INTO word(id, word, venues, elements) VALUES (?, ?, ?, ?)")
        let firstNew = (ids?.count ?? 0) - newWords.count
        var words: [Int: String] = [:]
        for (offset, word) in newWords.enumerated() { words[firstNew + offset] = word }
        for id in Set(added.keys).union(removed.keys).sorted() {
            let adding = added[id] ?? []
            let removing = removed[id] ?? []
            guard !adding.isEmpty || !removing.isEmpty else { continue }
            var elements = Set<Int64>()
            if id < firstNew {
                try read.bind(id, at: 1)
                if try read.step() {
                    guard let stored = read.withBlob(0, { IDListCoding.decode($0) }) else {
                        throw SQLiteError(code: 11, message: "a damaged list of venues in the word index")
                    }
                    elements = Set(stored)
                }
                read.reset()
            }
            elements.subtract(removing)
            elements.formUnion(adding)
            let blob = IDListCoding.encode(elements.sorted())
            if let word = words[id] {
                try insert.bind(id, at: 1)
                try insert.bind(word, at: 2)
                try insert.bind(elements.count, at: 3)
                try insert.bind(blob: blob, at: 4)
                try insert.run()
            } else {
                try update.bind(elements.count, at: 1)
                try update.bind(blob: blob, at: 2)
                try update.bind(id, at: 3)
                try update.run()
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
}

import Foundation
import Synchronization
import VenuesSQLite

/// Rows for the text index: a batch's rows but those at `skipped` (sorted; rows the index
/// already had).
private struct TextIndexRows: Sendable {
    var batch: VenueRowBatch
    var skipped: [Int]
}

/// Fills the FTS5 text index in a file of its own, on a thread of its own, while
/// ``IndexWriter`` writes the rows into the index: the trigram index costs about as much as
/// the rows, and the machine has two cores. SQLite allows one writer per file, so the text
/// index cannot be filled in the index itself at the same time; ``IndexWriter`` copies its
/// tables in at the end (``copy(into:)``), which takes a few seconds against the tens of
/// seconds of filling it.
///
/// The settings are the fast ones measured on a 4.16M-venue import (sqlite3 3.40, FTS5
/// trigram, `detail=none`): no merging while filling (`automerge` 0) and a crisis merge only
/// after 64 segments of a level (default 16) with an 8 MiB pending-term buffer (default 1 MiB),
/// then one `optimize` into a single segment. Filled that way the index took 11 s instead of
/// 33 s.
final class TextIndexBuilder: Sendable {
    /// The file being filled: beside the index's temporary file, deleted by ``discard()``.
    let path: String
    private let queue = BoundedQueue<TextIndexRows>(capacity: 8)
    private let done = DispatchSemaphore(value: 0)
    private let outcome = Mutex<Result<Void, SQLiteError>?>(nil)

    /// Starts the builder's thread on a new file at `path`.
    init(path: String) {
        self.path = path
        unlink(path)
        let thread = Thread { [self] in
            let result = Result { () throws(SQLiteError) in
                try Self.fill(path: path, queue: queue)
            }
            if case .failure = result { queue.cancel() }
            outcome.withLock { $0 = result }
            done.signal()
        }
        thread.name = "venues text index"
        thread.start()
    }

    /// Adds the search texts of a batch's rows but those at the indexes `skipped` (sorted).
    /// Returns `false` when the builder has stopped (it failed).
    func add(_ batch: VenueRowBatch, skipping skipped: [Int]) -> Bool {
        queue.put(TextIndexRows(batch: batch, skipped: skipped))
    }

    /// Lets the builder optimise the index once it has every row, without waiting for it.
    func close() {
        queue.close()
    }

    /// Closes (``close()``) and waits until the index is filled and optimised, or returns the
    /// error that stopped it.
    func finish() -> Result<Void, SQLiteError> {
        close()
        return wait()
    }

    /// Stops the builder (its file is left for ``discard()``).
    func cancel() {
        queue.cancel()
        _ = wait()
    }

    /// Copies the text index's tables into the index at `indexPath`, whose `venue_text` must be
    /// new and empty, declared as ``OSMIndexSchema/textIndex`` declares it. Call after
    /// ``finish()`` succeeded and once the index's own writer has closed it; the index is then
    /// as if every row had been inserted through `venue_text` itself.
    func copy(into indexPath: String) throws(SQLiteError) {
        let connection = try SQLiteConnection(path: indexPath, access: .readWrite)
        try connection.execute(
            """
            PRAGMA journal_mode = OFF;
            PRAGMA synchronous = OFF;
            ATTACH DATABASE \(Self.quoted(path)) AS text_index;
            """
        )
        // The shadow tables of `detail=none, columnsize=0, content=…`: the segments and their
        // page index, and the settings (the format version among them).
        try connection.execute(
            """
            BEGIN;
            DELETE FROM main.venue_text_data;
            INSERT INTO main.venue_text_data SELECT * FROM text_index.venue_text_data;
            DELETE FROM main.venue_text_idx;
            INSERT INTO main.venue_text_idx SELECT * FROM text_index.venue_text_idx;
            DELETE FROM main.venue_text_config;
            INSERT INTO main.venue_text_config SELECT * FROM text_index.venue_text_config;
            COMMIT;
            DETACH DATABASE text_index;
            """
        )
    }

    /// Deletes the builder's file.
    func discard() {
        unlink(path)
        unlink(path + "-journal")
    }

    private func wait() -> Result<Void, SQLiteError> {
        done.wait()
        done.signal()
        return outcome.withLock { $0 } ?? .failure(SQLiteError(code: 1, message: "the text index stopped"))
    }

    private static func fill(path: String, queue: BoundedQueue<TextIndexRows>) throws(SQLiteError) {
        let connection = try SQLiteConnection(path: path, access: .readWriteCreate)
        try connection.execute(
            """
            PRAGMA page_size = 4096;
            PRAGMA journal_mode = OFF;
            PRAGMA synchronous = OFF;
            PRAGMA locking_mode = EXCLUSIVE;
            PRAGMA cache_size = -16384;
            \(OSMIndexSchema.textIndex)
            INSERT INTO venue_text(venue_text, rank) VALUES ('automerge', 0);
            INSERT INTO venue_text(venue_text, rank) VALUES ('crisismerge', 64);
            INSERT INTO venue_text(venue_text, rank) VALUES ('hashsize', 8388608);
            BEGIN;
            """
        )
        let insert = try connection.prepare("INSERT INTO venue_text(rowid, search) VALUES (?, ?)", persistent: true)
        while let rows = queue.take() {
            var skipped = rows.skipped[...]
            for index in rows.batch.rows.indices {
                if skipped.first == index {
                    skipped.removeFirst()
                    continue
                }
                try insert.bind(rows.batch.rows[index].element, at: 1)
                try rows.batch.withColumns(of: index) { search, _ throws(SQLiteError) in
                    try insert.bind(text: search, at: 2)
                }
                try insert.run()
            }
        }
        guard !queue.isCancelled else { throw SQLiteError(code: 9, message: "the import stopped") }
        // One segment; then the settings a reader and a later writer should see: the defaults,
        // with automerge on.
        try connection.execute(
            """
            INSERT INTO venue_text(venue_text) VALUES ('optimize');
            DELETE FROM venue_text_config WHERE k IN ('crisismerge', 'hashsize');
            INSERT INTO venue_text(venue_text, rank) VALUES ('automerge', 4);
            COMMIT;
            """
        )
    }

    private static func quoted(_ path: String) -> String {
        "'" + path.replacingOccurrences(of: "'", with: "''") + "'"
    }
}

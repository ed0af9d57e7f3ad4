import Foundation
import OSMModel
import VenuesSQLite

/// What ``RowEncodingThread`` sends the writer.
enum WriterMessage: Sendable {
    /// Rows to insert.
    case rows(VenueRowBatch)
    /// Rows of the `update_*` tables to insert.
    case tracking(TrackingRows)
    /// Every row has been sent: build the position and word indexes, write `meta`, commit.
    case finish([MetaEntry])
}

/// A `meta` row.
struct MetaEntry: Sendable {
    var key: String
    var value: Value

    enum Value: Sendable {
        case integer(Int64)
        case real(Double)
        case text(String)
    }

    init(_ key: String, _ value: Value) {
        self.key = key
        self.value = value
    }
}

/// Writes the index file on its own thread while the import reads the OSM file on another: the
/// two halves of an import take about as long as each other, and the machine has two cores. The
/// rows are made ready to insert on a third (``RowEncodingThread``).
///
/// The file is written as fast as SQLite allows: no journal, no syncs (a failed import leaves a
/// temporary file that is deleted, never a damaged index), one transaction, a 32 MiB page
/// cache. Rows go into `venue` as they come and their search text to a ``WordIndexBuilder``,
/// which gathers the words on a thread of its own; at the end the R-tree is packed
/// (``RTreeBulkLoader``) while the words are sorted, and the words are written.
enum IndexWriter {
    /// What the writer did.
    struct Report: Sendable {
        var rows = 0
        /// Rows dropped because an element with the same type and id came before.
        var duplicates = 0
        var positionIndexSeconds = 0.0
        var wordIndexSeconds = 0.0
    }

    /// Creates the index at `path` and writes what `queue` brings until ``ImportMessage/finish(_:)``;
    /// errors name `destination`, the index this file will replace. On failure the queue is
    /// cancelled, so the reading side stops at its next `put`.
    static func run(
        path: String,
        destination: String,
        queue: BoundedQueue<ImportMessage>
    ) -> Result<Report, OSMIndexError> {
        let rows = BoundedQueue<WriterMessage>(capacity: 4)
        let coding = RowEncodingThread(input: queue, output: rows)
        defer {
            rows.cancel()
            coding.wait()
        }
        do {
            return .success(try write(path: path, destination: destination, queue: rows))
        } catch {
            queue.cancel()
            return .failure(error)
        }
    }

    private static func write(
        path: String,
        destination: String,
        queue: BoundedQueue<WriterMessage>
    ) throws(OSMIndexError) -> Report {
        func failure(_ error: SQLiteError) -> OSMIndexError {
            .write(path: destination, reason: error.isDiskFull ? "the disk is full" : error.message)
        }
        let words = WordIndexBuilder()
        defer { words.cancel() }
        do {
            return try writeRows(path: path, queue: queue, words: words)
        } catch let error as SQLiteError {
            throw failure(error)
        } catch let error as OSMIndexError {
            throw error
        } catch {
            throw .write(path: destination, reason: "\(error)")
        }
    }

    /// Writes the rows, the R-tree, the words and `meta` in one transaction, and closes the file.
    private static func writeRows(
        path: String,
        queue: BoundedQueue<WriterMessage>,
        words: WordIndexBuilder
    ) throws -> Report {
        var report = Report()
        let connection = try SQLiteConnection(path: path, access: .readWriteCreate)
        try connection.execute(
            """
            PRAGMA page_size = 4096;
            PRAGMA journal_mode = OFF;
            PRAGMA synchronous = OFF;
            PRAGMA locking_mode = EXCLUSIVE;
            PRAGMA cache_size = -32768;
            """
        )
        try connection.execute(OSMIndexSchema.create)
        try connection.execute("BEGIN")
        ImportTestStop.reading.reached()
        let insertVenue = try connection.prepare(
            """
            INSERT OR IGNORE INTO venue(element, latitude, longitude, min_latitude, min_longitude, max_latitude,
                max_longitude, categories, search, tags) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            persistent: true
        )
        let insertKey = try connection.prepare("INSERT INTO tag_key(id, key) VALUES (?, ?)", persistent: true)
        let insertWeek = try connection.prepare(HoursWeekRows.insert, persistent: true)
        var positions: [RTreePoint] = []
        let tracking = try TrackingTableWriter(connection: connection)

        while let message = queue.take() {
            switch message {
            case .rows(let batch):
                for entry in batch.newKeys {
                    try insertKey.bind(entry.id, at: 1)
                    try insertKey.bind(entry.key, at: 2)
                    try insertKey.run()
                }
                try HoursWeekRows.write(batch.hoursWeeks, with: insertWeek)
                var duplicates: [Int] = []
                for (index, row) in batch.rows.enumerated() {
                    try batch.withColumns(of: index) { search, tags throws(SQLiteError) in
                        try bind(row, search: search, tags: tags, to: insertVenue)
                    }
                    try insertVenue.run()
                    guard connection.changes == 1 else {
                        duplicates.append(index)
                        continue
                    }
                    positions.append(
                        RTreePoint(
                            id: row.element,
                            latitude: FixedPoint.rounded(row.latitude) ?? 0,
                            longitude: FixedPoint.rounded(row.longitude) ?? 0
                        )
                    )
                }
                report.rows += batch.rows.count - duplicates.count
                report.duplicates += duplicates.count
                guard words.add(batch, skipping: duplicates) else { throw OSMIndexError.cancelled }
            case .tracking(let rows):
                try tracking.write(rows)
            case .finish(let meta):
                // The words are sorted on their own thread meanwhile.
                words.close()
                let clock = ContinuousClock()
                let start = clock.now
                try RTreeBulkLoader.load(&positions, into: "venue_position", connection: connection)
                positions = []
                report.positionIndexSeconds = (clock.now - start).seconds
                let wordsStart = clock.now
                guard let contents = words.finish() else { throw OSMIndexError.cancelled }
                ImportTestStop.words.reached()
                try write(contents, connection: connection)
                report.wordIndexSeconds = (clock.now - wordsStart).seconds
                let insertMeta = try connection.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)")
                // The rows written: elements listed twice were counted twice while reading.
                for entry in meta + [MetaEntry("venues", .integer(Int64(report.rows)))] {
                    try insertMeta.bind(entry.key, at: 1)
                    switch entry.value {
                    case .integer(let value): try insertMeta.bind(value, at: 2)
                    case .real(let value): try insertMeta.bind(value, at: 2)
                    case .text(let value): try insertMeta.bind(value, at: 2)
                    }
                    try insertMeta.run()
                }
                try connection.execute("COMMIT")
                try connection.execute("PRAGMA optimize")
                // Updates write the file in place while searches read it (docs/osm-index.md).
                try connection.execute("PRAGMA locking_mode = NORMAL; PRAGMA journal_mode = WAL")
                return report
            }
        }
        throw OSMIndexError.cancelled
    }

    /// Fills `word` and `word_list`.
    private static func write(_ contents: WordIndexContents, connection: SQLiteConnection) throws(SQLiteError) {
        let insert = try connection.prepare("INSERT INTO word(id, word, venues, elements) VALUES (?, ?, ?, ?)")
        for index in contents.words.indices {
            try insert.bind(index, at: 1)
            try insert.bind(contents.words[index], at: 2)
            try insert.bind(contents.counts[index], at: 3)
            try insert.bind(blob: contents.elements[index], at: 4)
            try insert.run()
        }
        let list = try connection.prepare("INSERT INTO word_list(id, words) VALUES (1, ?)")
        try list.bind(blob: contents.list, at: 1)
        try list.run()
    }

    /// Binds a `venue` row to an `INSERT` of the ten columns (element … tags) in table order.
    static func bind(
        _ row: VenueRowBatch.Row,
        search: UnsafeRawBufferPointer,
        tags: UnsafeRawBufferPointer,
        to statement: SQLiteStatement
    ) throws(SQLiteError) {
        try statement.bind(row.element, at: 1)
        try bindDegrees(row.latitude, to: statement, at: 2)
        try bindDegrees(row.longitude, to: statement, at: 3)
        if let extent = row.extent {
            try statement.bind(Int64(extent.minLatitude), at: 4)
            try statement.bind(Int64(extent.minLongitude), at: 5)
            try statement.bind(Int64(extent.maxLatitude), at: 6)
            try statement.bind(Int64(extent.maxLongitude), at: 7)
        } else {
            for index in Int32(4)...7 { try statement.bindNull(at: index) }
        }
        try statement.bind(row.categories, at: 8)
        try statement.bind(text: search, at: 9)
        try statement.bind(blob: tags, at: 10)
    }

    /// Degrees stored exactly: an INTEGER of 1e-7 degrees when that gives them back, else REAL.
    private static func bindDegrees(
        _ degrees: Double,
        to statement: SQLiteStatement,
        at index: Int32
    ) throws(SQLiteError) {
        if let fixed = FixedPoint.exact(degrees) {
            try statement.bind(Int64(fixed), at: index)
        } else {
            try statement.bind(degrees, at: index)
        }
    }
}

import OSMModel
import VenuesSQLite

/// Writes and deletes `venue` rows during an update, with their R-tree entries and their words
/// (``WordIndexEditor``), coding rows exactly as an import does (``VenueRowEncoder``, with the
/// index's own tag key numbers).
final class VenueRowEditor {
    private let connection: SQLiteConnection
    private var encoder: VenueRowEncoder
    private let words: WordIndexEditor
    private let readRow: SQLiteStatement
    private let insertRow: SQLiteStatement
    private let deleteRow: SQLiteStatement
    private let insertPosition: SQLiteStatement
    private let deletePosition: SQLiteStatement
    private let insertKey: SQLiteStatement
    /// `nil` for an index made before `hours_week`: its new values are judged from their text.
    private let insertWeek: SQLiteStatement?
    /// Key names by `tag_key.id`, for reading stored tags.
    private var keyNames: [Int: String]

    /// Venues added and deleted so far, by type (node, way, relation).
    private(set) var added = [0, 0, 0]
    private(set) var deleted = [0, 0, 0]
    /// Venues whose row was rewritten (retagged, moved).
    private(set) var changed = 0

    init(connection: SQLiteConnection, wordListRewriteLimit: Int = WordIndexEditor.shortList) throws(SQLiteError) {
        self.connection = connection
        var names: [Int: String] = [:]
        var ordered: [String] = []
        let keys = try connection.prepare("SELECT id, key FROM tag_key ORDER BY id")
        while try keys.step() {
            let id = Int(keys.int64(0))
            let key = keys.text(1) ?? ""
            guard id == ordered.count + 1 else {
                throw SQLiteError(code: 11, message: "the tag keys are not numbered 1, 2, 3…")
            }
            names[id] = key
            ordered.append(key)
        }
        keyNames = names
        encoder = VenueRowEncoder(keys: TagKeyTable(numbered: ordered))
        words = WordIndexEditor(connection: connection, rewriteLimit: wordListRewriteLimit)
        readRow = try connection.prepare(
            """
            SELECT search, tags, latitude, longitude, min_latitude, min_longitude, max_latitude, max_longitude,
                categories FROM venue WHERE element = ?
            """
        )
        insertRow = try connection.prepare(
            """
            INSERT OR REPLACE INTO venue(element, latitude, longitude, min_latitude, min_longitude, max_latitude,
                max_longitude, categories, search, tags) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """
        )
        deleteRow = try connection.prepare("DELETE FROM venue WHERE element = ?")
        insertPosition = try connection.prepare(
            "INSERT INTO venue_position(element, min_latitude, max_latitude, min_longitude, max_longitude) VALUES (?, ?, ?, ?, ?)"
        )
        deletePosition = try connection.prepare("DELETE FROM venue_position WHERE element = ?")
        insertKey = try connection.prepare("INSERT INTO tag_key(id, key) VALUES (?, ?)")
        insertWeek = try? connection.prepare(HoursWeekRows.insert)
    }

    /// A venue's row as stored.
    struct Stored {
        var search: String
        var tags: OSMTags
        var tagBytes: [UInt8]
        /// Latitude and longitude, and the extent (four, or none), as stored.
        var placement: [Double?]
        /// The category bits and the hours bit, as stored (exact: the hours bit is far above
        /// what a Double holds beside the categories' bits).
        var categories: Int64
    }

    /// The row read last, kept until the next write or delete: a way moved by its nodes has its
    /// stored tags read (``ChangeApplier``) just before it is written again.
    private var lastRead: (element: Int64, row: Stored?)?

    /// The stored row of a venue, or `nil` when the index has no such row.
    func stored(_ element: Int64) throws(SQLiteError) -> Stored? {
        if let lastRead, lastRead.element == element { return lastRead.row }
        let row = try read(element)
        lastRead = (element, row)
        return row
    }

    private func read(_ element: Int64) throws(SQLiteError) -> Stored? {
        try readRow.bind(element, at: 1)
        defer { readRow.reset() }
        guard try readRow.step() else { return nil }
        let search = readRow.text(0) ?? ""
        let tagBytes = readRow.blob(1)
        let tags = tagBytes.withUnsafeBytes { bytes in TagCoding.decode(bytes) { keyNames[$0] } }
        guard let tags else { throw SQLiteError(code: 11, message: "a damaged tags blob in venue \(element)") }
        let placement: [Double?] = (Int32(2)...7).map { column in
            switch readRow.type(column) {
            case .null: nil
            case .integer: Double(readRow.int64(column)) + (column < 4 ? 1e12 : 0)
            default: readRow.double(column)
            }
        }
        return Stored(
            search: search,
            tags: tags,
            tagBytes: tagBytes,
            placement: placement,
            categories: readRow.int64(8)
        )
    }

    /// Writes the venue `row` with `tags`, replacing the row of the same element.
    func write(_ row: VenueRow, tags: OSMTags) throws(SQLiteError) {
        let old = try stored(row.element)
        lastRead = nil
        var batch = VenueRowBatch()
        encoder.append(row, tags: tags, to: &batch)
        for entry in batch.newKeys {
            try insertKey.bind(entry.id, at: 1)
            try insertKey.bind(entry.key, at: 2)
            try insertKey.run()
            keyNames[entry.id] = entry.key
        }
        if let insertWeek { try HoursWeekRows.write(batch.hoursWeeks, with: insertWeek) }
        let coded = batch.rows[0]
        let search = batch.withColumns(of: 0) { search, _ in String(decoding: search, as: UTF8.self) }
        if let old, old.search == search, Array(batch.bytes[coded.tags]) == old.tagBytes,
            old.placement == Self.placement(of: coded), old.categories == coded.categories
        {
            return  // The row as it is (a way re-placed where it was).
        }
        try batch.withColumns(of: 0) { search, tags throws(SQLiteError) in
            try IndexWriter.bind(coded, search: search, tags: tags, to: insertRow)
        }
        try insertRow.run()
        try words.change(element: row.element, from: old?.search, to: search)
        if let old {
            changed += 1
            // Retagged or renamed where it was: its R-tree entry stays.
            if Array(old.placement.prefix(2)) == Array(Self.placement(of: coded).prefix(2)) { return }
        } else {
            added[Int(row.element & 3)] += 1
        }
        try removePosition(row.element)
        let latitude = Int64(FixedPoint.rounded(row.latitude) ?? 0)
        let longitude = Int64(FixedPoint.rounded(row.longitude) ?? 0)
        try insertPosition.bind(row.element, at: 1)
        try insertPosition.bind(latitude, at: 2)
        try insertPosition.bind(latitude, at: 3)
        try insertPosition.bind(longitude, at: 4)
        try insertPosition.bind(longitude, at: 5)
        try insertPosition.run()
    }

    /// What ``Stored/placement`` holds for a coded row: as the writer stores it (INTEGER 1e-7
    /// degrees when exact, marked apart from REAL degrees).
    private static func placement(of row: VenueRowBatch.Row) -> [Double?] {
        func degrees(_ value: Double) -> Double {
            FixedPoint.exact(value).map { Double($0) + 1e12 } ?? value
        }
        var values: [Double?] = [degrees(row.latitude), degrees(row.longitude)]
        if let extent = row.extent {
            values += [extent.minLatitude, extent.minLongitude, extent.maxLatitude, extent.maxLongitude].map {
                Double($0)
            }
        } else {
            values += [nil, nil, nil, nil]
        }
        return values
    }

    /// Deletes the venue row of `element`, if there is one.
    func delete(_ element: Int64) throws(SQLiteError) {
        guard let old = try stored(element) else { return }
        lastRead = nil
        try deleteRow.bind(element, at: 1)
        try deleteRow.run()
        try removePosition(element)
        try words.change(element: element, from: old.search, to: nil)
        deleted[Int(element & 3)] += 1
    }

    private func removePosition(_ element: Int64) throws(SQLiteError) {
        try deletePosition.bind(element, at: 1)
        try deletePosition.run()
    }

    /// Writes the words touched (call once, at the end).
    func finish() throws(SQLiteError) {
        try words.write()
    }
}

package import Foundation
import OSMModel
import VenuesCore
import VenuesSQLite

/// An index file opened for searching (read-only: a search never writes, not even a journal).
///
/// - Nearby: the R-tree gives the venues in rectangles around the circle, which are measured
///   (the same haversine distance as everywhere else) and filtered by category. When only the
///   nearest `limit` are wanted, the rectangle starts small and grows until it holds that many
///   venues within its own radius: the nearest are then certainly among them.
/// - Text: the index's words (``IndexWords``) that each word of the term matches, typos and
///   all, and so the venues that may match the whole term: those of the term's rarest word.
///   When they are few, they are checked and measured one by one; when there are more, the
///   search goes by position and reads only their rows; when there are more still (a common
///   word), or the term has one or two letters, the search goes by position, as for nearby,
///   checking each venue's folded text.
///
/// Either way every candidate is checked exactly as a search of the OSM file checks it
/// (categories by the same tag rules, the term with ``SearchTerm`` on the same
/// ``OSMSearchText``), so both give the same venues at the same distances. In relevance order
/// the best `ranked` by match, then distance, are kept.
package final class OSMIndexReader {
    /// The index file.
    package let url: URL
    /// Its `meta` (read again when an update has changed the file).
    package private(set) var info: OSMIndexInfo
    let connection: SQLiteConnection
    /// Whether the file may be written while it is read (schema 3, WAL mode: updates write it
    /// in place): each search then reads one snapshot, in a read transaction, and what the
    /// reader keeps is dropped when ``generation`` moves on. Files of earlier schemas are only
    /// ever replaced, and opened immutable.
    package let isLive: Bool
    /// meta `generation`: 0 at import, one more per update.
    private(set) var generation: Int64 = 0
    var keyNames: [Int: String] = [:]
    var keyQuery: SQLiteStatement?
    /// The ids of the mapper's ``IndexVenueMapper/summaryKeys`` in `tag_key` (of this
    /// generation: an update may add keys), found at the first summary.
    var summaryKeyIDs: [Int]?
    /// The ids of the mapper's ``IndexVenueMapper/hoursSummary`` keys, as ``summaryKeyIDs``.
    var hoursSummaryKeyIDs: [Int]?
    /// The hours of a prefiltered walk's candidates, while one runs whose prefilter reads only
    /// hours: ``check(_:row:within:of:_:)`` then reads each candidate's hours with its row.
    var candidateHours: CandidateHours?
    /// The statements of the searches, compiled once per reader (``prepared(_:)``).
    var statements: [String: SQLiteStatement] = [:]
    /// Whether the stored category bits and folded texts were made by this build's rules.
    let sameRules: Bool
    let categoryBit: [Category: Int]
    /// How rows become venues.
    let mapper: IndexVenueMapper

    /// The most word matches read one by one, when a test sets it (to see every way of
    /// searching happen on small files); else ``directTextCandidateLimit(_:)`` decides.
    let directTextCandidateOverride: Int?
    /// The most word matches sought through the R-tree, when a test sets it (more: every venue
    /// of the circle is checked); else ``textCandidateLimit`` and the circle's size decide.
    let soughtTextCandidateOverride: Int?
    /// The index's words, read at the first text search.
    var words: IndexWords?
    /// The venues of the words matched by recent searches, shared by the readers of this file
    /// that a pool keeps (``OSMIndexReaderPool``); `nil` for a reader of its own.
    var recentElements: RecentElements?
    /// The venues of recently searched circles, shared as ``recentElements`` is.
    var recentCircles: RecentCircles?
    /// The venues of the grid cells recent searches read, shared as ``recentElements`` is.
    var recentCells: RecentCells?

    /// The venues of the term's words are sought through the R-tree when there are at most this
    /// many, or no more than this many times the venues the circle is expected to hold; more
    /// are not worth collecting, and every venue of the circle is checked instead. Reading a
    /// venue's row costs about what decoding and looking up a few hundred of them does, and the
    /// average density understates a city's.
    static let textCandidateLimit = 1 << 20
    static let textCandidatesPerCircleVenue = 256.0

    /// Opens the index at `url`.
    ///
    /// Throws ``OSMIndexError/notFound(path:)`` when there is no file, ``OSMIndexError/notAnIndex(path:reason:)``
    /// for a file that is not one (not SQLite, another program's database), ``OSMIndexError/damaged(path:reason:)``
    /// for an index SQLite finds malformed or cut short, and
    /// ``OSMIndexError/newerSchema(path:version:)`` for an index of a newer venues.
    /// `directTextCandidates` and `soughtTextCandidates` are for tests: the most venues of a
    /// term's words whose rows are read one by one, and the most sought through the R-tree,
    /// instead of numbers made from the circle's size (so that every way of searching happens on
    /// a small file).
    package init(
        url: URL,
        directTextCandidates: Int? = nil,
        soughtTextCandidates: Int? = nil,
        mapper: IndexVenueMapper = .openStreetMap,
        immutable: Bool? = nil
    ) throws(OSMIndexError) {
        self.url = url
        self.mapper = mapper
        self.directTextCandidateOverride = directTextCandidates
        self.soughtTextCandidateOverride = soughtTextCandidates
        let path = url.path
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw .notFound(path: path) }
            throw .notAnIndex(path: path, reason: String(cString: strerror(errno)))
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw .notAnIndex(path: path, reason: "not a regular file")
        }
        let meta: [String: OSMIndexInfo.MetaValue]
        let version: Int64
        var live = !(immutable ?? !Self.isWriteAheadLog(path: path))
        do {
            let applicationID: Int64?
            (connection, applicationID, live) = try Self.openConnection(path: path, live: live)
            guard applicationID == OSMIndexSchema.applicationID else {
                throw OSMIndexError.notAnIndex(path: path, reason: "an SQLite database of another program")
            }
            version = try connection.integer("PRAGMA user_version") ?? 0
            guard version <= OSMIndexSchema.version else {
                throw OSMIndexError.newerSchema(path: path, version: version)
            }
            guard version >= OSMIndexSchema.version else {
                guard version >= 1 else {
                    throw OSMIndexError.notAnIndex(path: path, reason: "unknown schema version \(version)")
                }
                throw OSMIndexError.olderSchema(path: path, version: version)
            }
            meta = try Self.readMeta(connection)
        } catch let error as OSMIndexError {
            throw error
        } catch let error as SQLiteError {
            throw OSMIndexError.reading(error, path: path, reason: "cannot open it")
        } catch {
            throw .notAnIndex(path: path, reason: "\(error)")
        }
        isLive = live
        info = OSMIndexInfo(
            name: Self.name(of: url),
            url: url,
            fileBytes: Int(status.st_size),
            schemaVersion: version,
            meta: meta
        )
        generation = info.generation
        sameRules = info.venueRules == VenueRules.fingerprint
        var bits: [Category: Int] = [:]
        for (bit, name) in info.categoryBits.enumerated() {
            if let category = Category(rawValue: name) { bits[category] = bit }
        }
        categoryBit = bits
    }

    /// Opens the file read-only — immutable unless `live` — and reads its application id.
    /// A live (WAL) file in a folder this process cannot write (a read-only copy on a server)
    /// has no `-shm` to share (SQLite says CANTOPEN or READONLY): nobody can update it there
    /// either, and it is opened immutable (the last value `false`).
    static func openConnection(
        path: String,
        live: Bool
    ) throws(SQLiteError) -> (SQLiteConnection, Int64?, Bool) {
        let connection = try SQLiteConnection(path: path, access: .readOnly, immutable: !live)
        do {
            // A WAL reader waits its turn rather than failing "database is locked": the first
            // readers of a file build its shared index (-shm) under an exclusive lock, and an
            // update's checkpoint holds locks for a moment.
            if live { try connection.execute("PRAGMA busy_timeout = 10000") }
            return (connection, try connection.integer("PRAGMA application_id"), live)
        } catch {
            let primary = error.code & 0xFF
            guard live, primary == 14 || primary == 8 else { throw error }
        }
        let immutable = try SQLiteConnection(path: path, access: .readOnly, immutable: true)
        return (immutable, try immutable.integer("PRAGMA application_id"), false)
    }

    /// Every `meta` entry.
    static func readMeta(_ connection: SQLiteConnection) throws(SQLiteError) -> [String: OSMIndexInfo.MetaValue] {
        var values: [String: OSMIndexInfo.MetaValue] = [:]
        let rows = try connection.prepare("SELECT key, value FROM meta")
        while try rows.step() {
            guard let key = rows.text(0) else { continue }
            switch rows.type(1) {
            case .integer: values[key] = .integer(rows.int64(1))
            case .float: values[key] = .real(rows.double(1))
            case .text, .blob: values[key] = rows.text(1).map { .text($0) }
            case .null: break
            }
        }
        return values
    }

    /// Whether the SQLite file at `path` is in WAL mode (its header's read and write versions
    /// are 2), read from the header without opening it as a database.
    static func isWriteAheadLog(path: String) -> Bool {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var versions: (UInt8, UInt8) = (0, 0)
        let count = withUnsafeMutableBytes(of: &versions) { pread(descriptor, $0.baseAddress, 2, 18) }
        return count == 2 && versions.0 == 2 && versions.1 == 2
    }

    /// Runs `body` on one snapshot of the file: for a live file, in a read transaction, after
    /// dropping what was kept from an older generation. Its errors become ``OSMIndexError``s
    /// naming the file.
    func onSnapshot<T>(_ body: () throws -> T) throws(OSMIndexError) -> T {
        do {
            return try onSnapshotUnmapped(body)
        } catch let error as OSMIndexError {
            throw error
        } catch let error as SQLiteError {
            throw OSMIndexError.reading(error, path: url.path)
        } catch {
            throw .notAnIndex(path: url.path, reason: "\(error)")
        }
    }

    func onSnapshotUnmapped<T>(_ body: () throws -> T) throws -> T {
        guard isLive else { return try body() }
        try connection.execute("BEGIN")
        defer {
            // A statement stepped but not reset would keep the snapshot (and hold back checkpoints).
            for statement in statements.values { statement.reset() }
            try? connection.execute("COMMIT")
        }
        let statement = try prepared("SELECT value FROM meta WHERE key = 'generation'")
        let current = try statement.step() ? statement.int64(0) : 0
        statement.reset()
        if current != generation {
            info = OSMIndexInfo(
                name: info.name,
                url: url,
                fileBytes: info.fileBytes,
                schemaVersion: info.schemaVersion,
                meta: try Self.readMeta(connection)
            )
            generation = current
            words = nil
            summaryKeyIDs = nil
            hoursSummaryKeyIDs = nil
        }
        return try body()
    }

    /// An index's name: its file name without `.sqlite`.
    package static func name(of url: URL) -> String {
        let file = url.lastPathComponent
        let suffix = "." + OSMIndexFiles.fileExtension
        return file.hasSuffix(suffix) ? String(file.dropLast(suffix.count)) : file
    }

    /// Entries in the position R-tree.
    func positionCount() throws(OSMIndexError) -> Int {
        do {
            return Int(try connection.integer("SELECT count(*) FROM venue_position_rowid") ?? 0)
        } catch {
            throw OSMIndexError.reading(error, path: url.path, reason: "cannot count its venues")
        }
    }
}

@available(*, unavailable)
extension OSMIndexReader: Sendable {}

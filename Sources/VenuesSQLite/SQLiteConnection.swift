internal import CSQLite

/// One connection to an SQLite database file, through the system library (`libsqlite3`).
///
/// A small typed layer over the C API: open, execute, prepare (``SQLiteStatement``), and
/// transactions, with every failure an ``SQLiteError`` carrying SQLite's own message. It adds
/// no cache, no pool and no threads: the caller decides where queries run.
///
/// ```swift
/// let database = try SQLiteConnection(path: "/tmp/example.sqlite", access: .readWriteCreate)
/// try database.execute("CREATE TABLE IF NOT EXISTS note(id INTEGER PRIMARY KEY, text TEXT)")
/// let insert = try database.prepare("INSERT INTO note(text) VALUES (?)")
/// try insert.bind("hello", at: 1)
/// try insert.run()
/// ```
///
/// A connection is used by one thread at a time (it is opened with `SQLITE_OPEN_NOMUTEX`, and is
/// not `Sendable`); open one connection per thread that needs the database. Statements keep
/// their connection alive; it is closed when the last of them and the connection are gone.
public final class SQLiteConnection {
    /// How the file is opened.
    public enum Access: Sendable, Hashable {
        /// Reads only; the file must exist. Nothing is ever written, not even a journal.
        case readOnly
        /// Reads and writes an existing file.
        case readWrite
        /// Reads and writes, creating the file when it does not exist.
        case readWriteCreate
    }

    /// The file's path as given.
    public let path: String
    let handle: OpaquePointer

    /// Opens the database at `path`.
    ///
    /// With `immutable`, SQLite is told that nobody changes the file while it is open (URI
    /// parameter `immutable=1`): it takes no locks and never looks for a journal. Use it only for
    /// files that are replaced by renaming a new file over them, never written in place.
    ///
    /// - Throws: ``SQLiteError`` when the file cannot be opened (missing with ``Access/readOnly``,
    ///   a directory, no permission).
    public init(path: String, access: Access, immutable: Bool = false) throws(SQLiteError) {
        self.path = path
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        switch access {
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        case .readWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        }
        var name = path
        if immutable {
            flags |= SQLITE_OPEN_URI
            name = "file:" + Self.uriEscaped(path) + "?immutable=1"
        }
        _ = Self.configured
        var connection: OpaquePointer?
        let code = sqlite3_open_v2(name, &connection, flags, nil)
        guard code == SQLITE_OK, let connection else {
            let error = SQLiteError.make(code, connection: connection)
            sqlite3_close_v2(connection)
            throw error
        }
        handle = connection
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// The process-wide settings, made once before the first connection opens (and so before
    /// SQLite initialises itself): no memory statistics, whose mutex every allocation of every
    /// connection takes (two import threads spent a tenth of their time waiting for it).
    private static let configured: Void = {
        _ = csqlite_disable_memory_statistics()
    }()

    /// Runs one or more SQL statements that return no rows (schema, pragmas, `BEGIN`…).
    public func execute(_ sql: String) throws(SQLiteError) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw SQLiteError.make(code, connection: handle) }
    }

    /// Compiles one statement. `persistent` hints that it will be run many times.
    public func prepare(_ sql: String, persistent: Bool = false) throws(SQLiteError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        let code = sqlite3_prepare_v3(handle, sql, -1, flags, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            throw code == SQLITE_OK
                ? SQLiteError(code: SQLITE_MISUSE, message: "no SQL statement in '\(sql)'")
                : SQLiteError.make(code, connection: handle)
        }
        return SQLiteStatement(handle: statement, connection: self)
    }

    /// The first column of the first row of a query, as an integer; `nil` when there is no row
    /// or the value is NULL.
    public func integer(_ sql: String) throws(SQLiteError) -> Int64? {
        let statement = try prepare(sql)
        guard try statement.step(), !statement.isNull(0) else { return nil }
        return statement.int64(0)
    }

    /// The first column of the first row of a query, as text; `nil` when there is no row or the
    /// value is NULL.
    public func text(_ sql: String) throws(SQLiteError) -> String? {
        let statement = try prepare(sql)
        guard try statement.step() else { return nil }
        return statement.text(0)
    }

    /// Runs `body` inside `BEGIN IMMEDIATE` … `COMMIT`, rolling back when it throws.
    public func transaction<Result>(_ body: () throws -> Result) throws -> Result {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Rows changed by the last `INSERT`, `UPDATE` or `DELETE`.
    public var changes: Int { Int(sqlite3_changes64(handle)) }

    /// Rows changed by every `INSERT`, `UPDATE` or `DELETE` this connection ran since it was
    /// opened.
    public var totalChanges: Int64 { sqlite3_total_changes64(handle) }

    /// The rowid of the last row inserted.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Whether the connection is inside a transaction.
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Makes a running statement stop with an ``SQLiteError/isInterrupted`` error. Call it from
    /// the thread using the connection (between steps) or from a cancellation handler while the
    /// connection is known to be open.
    public func interrupt() { sqlite3_interrupt(handle) }

    /// The SQLite library version in use, e.g. `3.40.1`.
    public static var libraryVersion: String { String(cString: sqlite3_libversion()) }

    /// Whether the library was built with a compile-time option, e.g. `ENABLE_FTS5`.
    public static func hasCompileOption(_ name: String) -> Bool { sqlite3_compileoption_used(name) == 1 }

    /// A path for a `file:` URI: `%`, `?` and `#` percent-encoded (RFC 3986 as SQLite reads it).
    static func uriEscaped(_ path: String) -> String {
        var result = ""
        for scalar in path.unicodeScalars {
            switch scalar {
            case "%": result += "%25"
            case "?": result += "%3F"
            case "#": result += "%23"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

@available(*, unavailable)
extension SQLiteConnection: Sendable {}

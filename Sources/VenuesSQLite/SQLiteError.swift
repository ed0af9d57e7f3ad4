internal import CSQLite

/// A failed SQLite call: the result code and SQLite's own message.
public struct SQLiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The extended result code (`SQLITE_IOERR_WRITE`, `SQLITE_CONSTRAINT_UNIQUE`…); its low
    /// byte is the primary code (``primaryCode``).
    public var code: Int32
    /// SQLite's message (`sqlite3_errmsg`), or the code's text when there is none.
    public var message: String

    public init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }

    /// The primary result code (`SQLITE_FULL`, `SQLITE_NOTADB`…).
    public var primaryCode: Int32 { code & 0xFF }

    /// The disk (or the temporary directory) is full.
    public var isDiskFull: Bool { primaryCode == SQLITE_FULL }
    /// The file is not a database (or is encrypted).
    public var isNotADatabase: Bool { primaryCode == SQLITE_NOTADB }
    /// The database file is damaged.
    public var isCorrupt: Bool { primaryCode == SQLITE_CORRUPT }
    /// Another connection holds a lock.
    public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }
    /// The file could not be opened.
    public var isCannotOpen: Bool { primaryCode == SQLITE_CANTOPEN }
    /// ``SQLiteConnection/interrupt()`` stopped the statement.
    public var isInterrupted: Bool { primaryCode == SQLITE_INTERRUPT }
    /// A constraint (unique, not null…) failed.
    public var isConstraint: Bool { primaryCode == SQLITE_CONSTRAINT }

    /// `message (code N)`.
    public var description: String { "\(message) (SQLite code \(code))" }

    /// The error for a result code, with the connection's message when it has one.
    static func make(_ code: Int32, connection: OpaquePointer?) -> SQLiteError {
        let text: String
        if let connection, sqlite3_errcode(connection) == code, let message = sqlite3_errmsg(connection) {
            text = String(cString: message)
        } else {
            text = String(cString: sqlite3_errstr(code))
        }
        return SQLiteError(code: code, message: text)
    }
}

internal import CSQLite
import Foundation

/// A failed SQLite call: the result code and SQLite's own message.
public struct SQLiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The extended result code (`SQLITE_IOERR_WRITE`, `SQLITE_CONSTRAINT_UNIQUE`…); its low
    /// byte is the primary code (``primaryCode``).
    public var code: Int32
    /// SQLite's message (`sqlite3_errmsg`), or the code's text when there is none; for a failed
    /// read or write, followed by the system's reason (`disk I/O error (File too large)`).
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
    /// A read found fewer bytes than it asked for: the file was cut short
    /// (`SQLITE_IOERR_SHORT_READ`).
    public var isShortRead: Bool { code == SQLITE_IOERR | (2 << 8) }
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
        var text: String
        if let connection, sqlite3_errcode(connection) == code, let message = sqlite3_errmsg(connection) {
            text = String(cString: message)
        } else {
            text = String(cString: sqlite3_errstr(code))
        }
        let primary = code & 0xFF
        if let connection, primary == SQLITE_IOERR || primary == SQLITE_FULL || primary == SQLITE_CANTOPEN {
            // The database file's own last error is more reliable than the connection's copy
            // of errno, which later system calls may have replaced.
            var number: Int32 = 0
            if sqlite3_file_control(connection, "main", SQLITE_FCNTL_LAST_ERRNO, &number) != SQLITE_OK || number == 0 {
                number = sqlite3_system_errno(connection)
            }
            if number != 0, let reason = strerror(number) { text += " (\(String(cString: reason)))" }
        }
        return SQLiteError(code: code, message: text)
    }
}

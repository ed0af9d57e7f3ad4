import Dispatch
import VenuesSQLite

/// Another connection that holds the database's write lock (`BEGIN IMMEDIATE`) until released,
/// as a second process writing would; its connection lives on a queue of its own.
final class SQLiteWriteLock: @unchecked Sendable {
    // @unchecked: `connection` is only touched on `queue`.
    private let queue = DispatchQueue(label: "venues.tests.sqlite-write-lock")
    private var connection: SQLiteConnection?

    /// Takes the lock on the file at `path` (blocking; call it off the cooperative pool).
    init(path: String) throws {
        try queue.sync {
            let connection = try SQLiteConnection(path: path, access: .readWrite)
            try connection.execute("PRAGMA busy_timeout = 30000")
            try connection.execute("BEGIN IMMEDIATE")
            self.connection = connection
        }
    }

    /// Commits (releasing the lock) and closes the connection.
    func release() {
        queue.sync {
            try? connection?.execute("COMMIT")
            connection = nil
        }
    }
}

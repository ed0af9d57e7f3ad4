import Dispatch
import VenuesSQLite
import VenuesServerStore

/// One SQLite connection confined to a serial Dispatch queue: every job runs there, one at a
/// time, so the blocking SQLite calls never occupy a thread of Swift's cooperative pool.
///
/// The connection is opened by the first job (and again by the next one when opening failed);
/// ``close()`` lets the jobs already queued finish, then closes it, and later jobs throw
/// ``ServerStoreError/unavailable(_:)``.
final class SQLiteLane: @unchecked Sendable {
    // @unchecked: `connection`, `statements`, `remembered` and `isClosed` are only touched on
    // `queue`.
    private let queue: DispatchQueue
    private let open: @Sendable () throws(ServerStoreError) -> SQLiteConnection
    private var connection: SQLiteConnection?
    private var statements: [String: SQLiteStatement] = [:]
    /// Values read through this connection, with the database's version when they were read
    /// (``SQLiteLaneContext/unlessChanged(_:_:)``); forgotten with the connection.
    fileprivate var remembered: [String: (version: SQLiteLaneContext.Version, value: Any)] = [:]
    private var isClosed = false

    /// The most values ``remembered`` holds; all are forgotten when it is full.
    static let rememberedCapacity = 4096

    /// A lane whose connection `open` makes.
    init(label: String, open: @escaping @Sendable () throws(ServerStoreError) -> SQLiteConnection) {
        self.queue = DispatchQueue(label: label)
        self.open = open
    }

    /// Runs `body` on the lane's thread with its connection and returns what it returns.
    ///
    /// Errors `body` throws are mapped by ``SQLiteErrorMapping``.
    func run<Result: Sendable>(
        _ body: @escaping @Sendable (SQLiteLaneContext) throws -> Result
    ) async throws(ServerStoreError) -> Result {
        let outcome: Swift.Result<Result, ServerStoreError> = await withCheckedContinuation { continuation in
            queue.async {
                continuation.resume(returning: self.perform(body))
            }
        }
        return try outcome.get()
    }

    /// Finishes the queued jobs, then closes the connection.
    func close() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async {
                self.isClosed = true
                self.statements = [:]
                self.remembered = [:]
                self.connection = nil
                continuation.resume()
            }
        }
    }

    private func perform<Result>(
        _ body: (SQLiteLaneContext) throws -> Result
    ) -> Swift.Result<Result, ServerStoreError> {
        if isClosed { return .failure(.unavailable("the store is closed")) }
        let database: SQLiteConnection
        if let connection {
            database = connection
        } else {
            do {
                database = try open()
            } catch {
                return .failure(error)
            }
            connection = database
            remembered = [:]
        }
        let context = SQLiteLaneContext(connection: database, lane: self)
        do {
            return .success(try body(context))
        } catch {
            remembered = [:]
            if database.isInTransaction { try? database.execute("ROLLBACK") }
            return .failure(SQLiteErrorMapping.storeError(error, path: database.path))
        }
    }

    /// The compiled statement for `sql`, kept for the next job; called on `queue` only.
    fileprivate func statement(_ sql: String, on connection: SQLiteConnection) throws(SQLiteError) -> SQLiteStatement {
        if let statement = statements[sql] { return statement }
        let statement = try connection.prepare(sql, persistent: true)
        statements[sql] = statement
        return statement
    }
}

/// What a job on an ``SQLiteLane`` works with: the connection and its compiled statements.
struct SQLiteLaneContext {
    /// The lane's connection.
    let connection: SQLiteConnection
    fileprivate let lane: SQLiteLane

    /// Runs `body` with the compiled statement for `sql` (compiled once per lane), then resets
    /// the statement and clears its bindings, so no read stays open after the job.
    func withStatement<Result>(_ sql: String, _ body: (SQLiteStatement) throws -> Result) throws -> Result {
        let statement = try lane.statement(sql, on: connection)
        defer {
            statement.reset()
            statement.clearBindings()
        }
        return try body(statement)
    }

    /// The database's version as this connection sees it: `PRAGMA data_version` (it changes
    /// when another connection, in this process or another, commits a change) and the changes
    /// this connection made itself.
    struct Version: Equatable {
        var dataVersion: Int64
        var ownChanges: Int64
    }

    /// The database's version now.
    func version() throws -> Version {
        let dataVersion = try withStatement("PRAGMA data_version") { pragma in
            guard try pragma.step() else { throw ServerStoreError.failed("PRAGMA data_version gave no row") }
            return pragma.int64(0)
        }
        return Version(dataVersion: dataVersion, ownChanges: connection.totalChanges)
    }

    /// What `read` gives, read again only when the database has changed (``version()``)
    /// since it was last read under `key` on this connection: a read of unchanged data costs
    /// one pragma. Nothing is kept across a failed job or a new connection.
    func unlessChanged<Value>(_ key: String, _ read: () throws -> Value) throws -> Value {
        let now = try version()
        if let entry = lane.remembered[key], entry.version == now, let value = entry.value as? Value {
            return value
        }
        let value = try read()
        if lane.remembered.count >= SQLiteLane.rememberedCapacity { lane.remembered.removeAll() }
        lane.remembered[key] = (now, value)
        return value
    }
}

@available(*, unavailable)
extension SQLiteLaneContext: Sendable {}

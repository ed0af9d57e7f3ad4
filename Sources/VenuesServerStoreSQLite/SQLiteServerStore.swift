public import Foundation
import Synchronization
public import VenuesCore
public import VenuesFavorites
import VenuesSQLite
public import VenuesServerStore

/// The embedded ``VenuesServerStore/ServerStore``: one SQLite file, in the data directory
/// (the caller passes the path).
///
/// - The file is in WAL mode: readers never wait for the writer, and several processes may
///   share it (each waits up to ``Configuration/busyTimeout`` for another's write lock).
/// - Tokens and favourites are committed with `synchronous=FULL`: a write that returned has
///   reached the disk, so it survives `kill -9` and a power cut. Cache entries are committed
///   with `synchronous=NORMAL` (they survive a crash of the process, not always a power cut).
/// - SQLite calls block, so none runs on Swift's cooperative pool: writes go through one
///   connection on a serial Dispatch queue of its own, reads through ``Configuration/readers``
///   more connections, each on its own queue.
/// - A new file is created with mode 0600 (SQLite gives its `-wal` and `-shm` files the same),
///   in a directory created when missing.
/// - ``migrate()`` runs the migrations inside `BEGIN IMMEDIATE`, recorded in
///   `schema_migrations`: of several instances starting together, one migrates.
///
/// A file that cannot be opened makes each call throw ``VenuesServerStore/ServerStoreError/unavailable(_:)``;
/// the next call tries again.
public final class SQLiteServerStore: ServerStore {
    /// How the store uses the file.
    public struct Configuration: Sendable {
        /// The database file.
        public var path: String
        /// Connections that answer reads besides the writer (at least 1). Default 2.
        public var readers: Int
        /// How long a call waits for another connection's lock before it throws
        /// ``VenuesServerStore/ServerStoreError/unavailable(_:)``. Default 10 s.
        public var busyTimeout: Duration

        /// A configuration for the file at `path`.
        public init(path: String, readers: Int = 2, busyTimeout: Duration = .seconds(10)) {
            self.path = path
            self.readers = readers
            self.busyTimeout = busyTimeout
        }
    }

    /// The schema version this build writes (the highest in `schema_migrations`).
    public static var schemaVersion: Int { SQLiteServerSchema.currentVersion }

    /// The database file.
    public let path: String
    private let writer: SQLiteLane
    private let readers: [SQLiteLane]
    private let nextReader = Atomic<Int>(0)
    private let decodedFavorites = FavoriteDecodingMemo()

    /// A store on the file at `path` with the default configuration. Nothing is opened yet: the
    /// first call opens the file (creating it and its directory), ``migrate()`` makes the tables.
    public convenience init(path: String) {
        self.init(configuration: Configuration(path: path))
    }

    /// A store as `configuration` says. Nothing is opened yet.
    public init(configuration: Configuration) {
        path = configuration.path
        let path = configuration.path
        let milliseconds = Self.milliseconds(configuration.busyTimeout)
        writer = SQLiteLane(label: "venues.server-store.sqlite.writer") { () throws(ServerStoreError) in
            try Self.openConnection(path: path, busyTimeoutMilliseconds: milliseconds, writer: true)
        }
        readers = (0..<max(1, configuration.readers)).map { number in
            SQLiteLane(label: "venues.server-store.sqlite.reader-\(number)") { () throws(ServerStoreError) in
                try Self.openConnection(path: path, busyTimeoutMilliseconds: milliseconds, writer: false)
            }
        }
    }

    // MARK: Schema

    public func migrate() async throws(ServerStoreError) {
        let now = ServerStoreTime.microseconds(Date())
        try await writer.run { context in
            try SQLiteServerSchema.migrate(context.connection, now: now)
        }
    }

    public func checkReachable() async throws(ServerStoreError) {
        try await reader().run { context in
            _ = try context.connection.integer("SELECT 1")
        }
    }

    // MARK: Clients

    public func createClient(
        name: String,
        tokenHash: TokenHash,
        createdAt: Date,
        rateLimit: RateLimit?
    ) async throws(ServerStoreError) {
        let created = ServerStoreTime.microseconds(createdAt)
        let inserted = try await writer.run { context in
            try context.withStatement(
                """
                INSERT INTO clients(name, token_hash, created_at, rate_requests, rate_seconds, rate_burst)
                VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(name) DO NOTHING
                """
            ) { insert in
                try insert.bind(name, at: 1)
                try insert.bind(tokenHash.hex, at: 2)
                try insert.bind(created, at: 3)
                if let rateLimit {
                    try insert.bind(rateLimit.requests, at: 4)
                    try insert.bind(rateLimit.seconds, at: 5)
                    try insert.bind(rateLimit.burst, at: 6)
                } else {
                    for column in Int32(4)...6 { try insert.bindNull(at: column) }
                }
                try insert.run()
                return context.connection.changes > 0
            }
        }
        if !inserted { throw .duplicateClient(name) }
    }

    public func clients() async throws(ServerStoreError) -> [ServerClient] {
        try await reader().run { context in
            try context.withStatement(
                "SELECT name, created_at, rate_requests, rate_seconds, rate_burst FROM clients ORDER BY created_at, id"
            ) { query in
                var clients: [ServerClient] = []
                while try query.step() { clients.append(Self.client(query)) }
                return clients
            }
        }
    }

    public func revokeClient(name: String) async throws(ServerStoreError) -> Bool {
        try await writer.run { context in
            try context.connection.transaction {
                try context.withStatement("DELETE FROM favorites WHERE client = ?") { delete in
                    try delete.bind(name, at: 1)
                    try delete.run()
                }
                return try context.withStatement("DELETE FROM clients WHERE name = ?") { delete in
                    try delete.bind(name, at: 1)
                    try delete.run()
                    return context.connection.changes > 0
                }
            }
        }
    }

    public func client(tokenHash: TokenHash) async throws(ServerStoreError) -> ServerClient? {
        try await reader().run { context in
            try context.withStatement(
                "SELECT name, created_at, rate_requests, rate_seconds, rate_burst FROM clients WHERE token_hash = ?"
            ) { query in
                try query.bind(tokenHash.hex, at: 1)
                guard try query.step() else { return nil }
                return Self.client(query)
            }
        }
    }

    /// A client from a row of name, created_at, rate_requests, rate_seconds, rate_burst.
    private static func client(_ row: SQLiteStatement) -> ServerClient {
        let rateLimit =
            row.isNull(2)
            ? nil
            : RateLimit(requests: Int(row.int64(2)), seconds: Int(row.int64(3)), burst: Int(row.int64(4)))
        return ServerClient(
            name: row.text(0) ?? "",
            createdAt: ServerStoreTime.date(microseconds: row.int64(1)),
            rateLimit: rateLimit
        )
    }

    // MARK: Favourites

    public func favorites(client: String) async throws(ServerStoreError) -> [Favorite] {
        // Read again only when the database changed since this reader last read them (every
        // listing reads them to flag the caller's favourites); decoded again only when changed.
        let records = try await reader().run { context in
            try context.unlessChanged("favorites|\(client)") {
                try Self.favoriteRecords(client: client, context: context)
            }
        }
        return try decodedFavorites.favorites(client: client, records: records)
    }

    private static func favoriteRecords(client: String, context: SQLiteLaneContext) throws -> [FavoriteRecord] {
        try context.withStatement(
            """
            SELECT venue_id, name, latitude, longitude, address, categories, sources, note, added_at
            FROM favorites WHERE client = ? ORDER BY added_at, id
            """
        ) { query in
            try query.bind(client, at: 1)
            var records: [FavoriteRecord] = []
            while try query.step() {
                records.append(
                    FavoriteRecord(
                        id: query.text(0) ?? "",
                        name: query.text(1) ?? "",
                        latitude: query.double(2),
                        longitude: query.double(3),
                        address: query.text(4),
                        categories: try SQLiteTextList.decode(query.text(5)),
                        sources: try SQLiteTextList.decode(query.text(6)),
                        note: query.text(7),
                        addedAt: query.int64(8)
                    )
                )
            }
            return records
        }
    }

    public func putFavorite(_ favorite: Favorite, client: String) async throws(ServerStoreError) {
        let record = FavoriteRecord(favorite)
        try await writer.run { context in
            try context.withStatement(
                """
                INSERT INTO favorites(client, venue_id, name, latitude, longitude, address, categories, sources,
                    note, added_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(client, venue_id) DO UPDATE SET
                    name = excluded.name, latitude = excluded.latitude, longitude = excluded.longitude,
                    address = excluded.address, categories = excluded.categories, sources = excluded.sources,
                    note = excluded.note, added_at = excluded.added_at
                """
            ) { upsert in
                try upsert.bind(client, at: 1)
                try upsert.bind(record.id, at: 2)
                try upsert.bind(record.name, at: 3)
                try upsert.bind(record.latitude, at: 4)
                try upsert.bind(record.longitude, at: 5)
                try upsert.bind(record.address, at: 6)
                try upsert.bind(SQLiteTextList.encode(record.categories), at: 7)
                try upsert.bind(SQLiteTextList.encode(record.sources), at: 8)
                try upsert.bind(record.note, at: 9)
                try upsert.bind(record.addedAt, at: 10)
                try upsert.run()
            }
        }
    }

    public func removeFavorite(id: VenueID, client: String) async throws(ServerStoreError) -> Bool {
        let venueID = id.description
        return try await writer.run { context in
            try context.withStatement("DELETE FROM favorites WHERE client = ? AND venue_id = ?") { delete in
                try delete.bind(client, at: 1)
                try delete.bind(venueID, at: 2)
                try delete.run()
                return context.connection.changes > 0
            }
        }
    }

    // MARK: Cache

    public func cachedValue(key: String, now: Date) async throws(ServerStoreError) -> [UInt8]? {
        let moment = ServerStoreTime.microseconds(now)
        return try await reader().run { context in
            try context.withStatement("SELECT value FROM cache WHERE key = ? AND expires_at > ?") { query in
                try query.bind(key, at: 1)
                try query.bind(moment, at: 2)
                guard try query.step() else { return nil }
                return query.blob(0)
            }
        }
    }

    public func storeValue(_ value: [UInt8], key: String, expiresAt: Date) async throws(ServerStoreError) {
        let expiry = ServerStoreTime.microseconds(expiresAt)
        let now = ServerStoreTime.microseconds(Date())
        try await writer.run { context in
            // A cache entry may be lost with a power cut; it is not worth an fsync per write.
            try context.connection.execute("PRAGMA synchronous = NORMAL")
            defer { try? context.connection.execute("PRAGMA synchronous = FULL") }
            try context.connection.transaction {
                try context.withStatement(
                    """
                    INSERT INTO cache(key, value, expires_at) VALUES (?, ?, ?)
                    ON CONFLICT(key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at
                    """
                ) { upsert in
                    try upsert.bind(key, at: 1)
                    try upsert.bind(blob: value, at: 2)
                    try upsert.bind(expiry, at: 3)
                    try upsert.run()
                }
                // A few expired entries go with each write, so the table never needs a sweep.
                try context.withStatement(
                    "DELETE FROM cache WHERE key IN (SELECT key FROM cache WHERE expires_at <= ? LIMIT 16)"
                ) { prune in
                    try prune.bind(now, at: 1)
                    try prune.run()
                }
            }
        }
    }

    // MARK: Budgets and usage

    public func spendBudget(
        provider: ProviderID,
        charges: [BudgetCharge]
    ) async throws(ServerStoreError) -> BudgetPeriodKey? {
        try await writer.run { context in
            try context.connection.transaction {
                for charge in charges {
                    let spent = try context.withStatement(
                        "SELECT spent FROM budget_spent WHERE provider = ? AND period = ?"
                    ) { query in
                        try query.bind(provider.rawValue, at: 1)
                        try query.bind(charge.period, at: 2)
                        return try query.step() ? Int(query.int64(0)) : 0
                    }
                    if spent >= charge.limit { return charge.period }
                }
                for charge in charges {
                    try context.withStatement(
                        """
                        INSERT INTO budget_spent(provider, period, spent) VALUES (?, ?, 1)
                        ON CONFLICT(provider, period) DO UPDATE SET spent = spent + 1
                        """
                    ) { upsert in
                        try upsert.bind(provider.rawValue, at: 1)
                        try upsert.bind(charge.period, at: 2)
                        try upsert.run()
                    }
                }
                return nil
            }
        }
    }

    public func budgetSpent(
        provider: ProviderID,
        periods: [BudgetPeriodKey]
    ) async throws(ServerStoreError) -> [BudgetPeriodKey: Int] {
        try await reader().run { context in
            var spent: [BudgetPeriodKey: Int] = [:]
            for period in periods {
                spent[period] = try context.withStatement(
                    "SELECT spent FROM budget_spent WHERE provider = ? AND period = ?"
                ) { query in
                    try query.bind(provider.rawValue, at: 1)
                    try query.bind(period, at: 2)
                    return try query.step() ? Int(query.int64(0)) : 0
                }
            }
            return spent
        }
    }

    public func addUsage(_ records: [UsageRecord]) async throws(ServerStoreError) {
        guard !records.isEmpty else { return }
        try await writer.run { context in
            // Counts lost with a power cut are not worth an fsync per flush.
            try context.connection.execute("PRAGMA synchronous = NORMAL")
            defer { try? context.connection.execute("PRAGMA synchronous = FULL") }
            try context.connection.transaction {
                for record in records {
                    try context.withStatement(
                        """
                        INSERT INTO client_usage(day, client, provider, requests, upstream) VALUES (?, ?, ?, ?, ?)
                        ON CONFLICT(day, client, provider) DO UPDATE SET
                            requests = requests + excluded.requests, upstream = upstream + excluded.upstream
                        """
                    ) { upsert in
                        try upsert.bind(record.day, at: 1)
                        try upsert.bind(record.client, at: 2)
                        try upsert.bind(record.provider?.rawValue ?? "", at: 3)
                        try upsert.bind(record.requests, at: 4)
                        try upsert.bind(record.upstreamRequests, at: 5)
                        try upsert.run()
                    }
                }
            }
        }
    }

    public func usage(since day: String) async throws(ServerStoreError) -> [UsageRecord] {
        try await reader().run { context in
            try context.withStatement(
                """
                SELECT day, client, provider, requests, upstream FROM client_usage WHERE day >= ?
                ORDER BY day, client, provider
                """
            ) { query in
                try query.bind(day, at: 1)
                var records: [UsageRecord] = []
                while try query.step() {
                    let provider = query.text(2) ?? ""
                    records.append(
                        UsageRecord(
                            day: query.text(0) ?? "",
                            client: query.text(1) ?? "",
                            provider: provider.isEmpty ? nil : ProviderID(rawValue: provider),
                            requests: Int(query.int64(3)),
                            upstreamRequests: Int(query.int64(4))
                        )
                    )
                }
                return records
            }
        }
    }

    // MARK: Closing

    public func close() async {
        await writer.close()
        for reader in readers { await reader.close() }
    }

    // MARK: Connections

    /// The value of `PRAGMA name` on the writer's connection (for tests: `synchronous` is a
    /// setting of the connection, not of the file).
    func writerPragma(_ name: String) async throws(ServerStoreError) -> String? {
        try await writer.run { context in try context.connection.text("PRAGMA \(name)") }
    }

    /// The next reader, in turn.
    private func reader() -> SQLiteLane {
        let number = nextReader.add(1, ordering: .relaxed).oldValue
        return readers[Int(UInt(bitPattern: number) % UInt(readers.count))]
    }

    /// Opens the file (creating it, mode 0600, and its directory when missing) and sets up the
    /// connection: busy timeout, WAL and `synchronous=FULL` for the writer, `query_only` for readers.
    /// `PRAGMA journal_mode = WAL`, tried again while the file is busy, up to the busy timeout.
    /// On a new file several instances switch at once; the switch takes an exclusive lock, and of
    /// two connections both holding a shared lock SQLite fails one at once ("database is locked")
    /// instead of calling the busy handler, since waiting could not help it.
    private static func switchToWAL(
        _ connection: SQLiteConnection,
        busyTimeoutMilliseconds: Int
    ) throws(SQLiteError) -> String? {
        let deadline = ContinuousClock.now + .milliseconds(busyTimeoutMilliseconds)
        while true {
            do throws(SQLiteError) {
                return try connection.text("PRAGMA journal_mode = WAL")?.lowercased()
            } catch {
                guard error.isBusy, ContinuousClock.now < deadline else { throw error }
                // A random pause, so that two connections retrying do not meet again in step.
                usleep(UInt32.random(in: 1_000...5_000))
            }
        }
    }

    static func openConnection(
        path: String,
        busyTimeoutMilliseconds: Int,
        writer: Bool
    ) throws(ServerStoreError) -> SQLiteConnection {
        try SQLiteFileCreation.createIfMissing(path: path)
        do {
            let connection = try SQLiteConnection(path: path, access: .readWrite)
            try connection.execute("PRAGMA busy_timeout = \(busyTimeoutMilliseconds)")
            if writer {
                // Before WAL mode changes the file: someone else's database stays as it is.
                try SQLiteServerSchema.checkOwnership(connection)
                if try Self.switchToWAL(connection, busyTimeoutMilliseconds: busyTimeoutMilliseconds) != "wal" {
                    throw ServerStoreError.failed("\(path) cannot be put in WAL mode")
                }
                try connection.execute("PRAGMA synchronous = FULL")
            } else {
                try connection.execute("PRAGMA query_only = 1")
            }
            return connection
        } catch {
            throw SQLiteErrorMapping.storeError(error, path: path)
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        let total = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        return Int(clamping: max(0, total))
    }
}

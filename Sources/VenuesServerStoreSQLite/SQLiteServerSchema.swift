import VenuesSQLite
import VenuesServerStore

/// The tables of an SQLite server store and the migrations that make them.
///
/// ```sql
/// schema_migrations(version INTEGER PRIMARY KEY, description TEXT, applied_at INTEGER)
/// clients(id INTEGER PRIMARY KEY, name TEXT UNIQUE, token_hash TEXT UNIQUE, created_at INTEGER)
/// favorites(id INTEGER PRIMARY KEY, client TEXT, venue_id TEXT, name TEXT, latitude REAL,
///           longitude REAL, address TEXT, categories TEXT, sources TEXT, note TEXT,
///           added_at INTEGER, UNIQUE(client, venue_id))
/// cache(key TEXT PRIMARY KEY, value BLOB, expires_at INTEGER)
/// -- version 2: rate limits, budgets, usage
/// clients + rate_requests INTEGER, rate_seconds INTEGER, rate_burst INTEGER (NULL: the default)
/// budget_spent(provider TEXT, period TEXT, spent INTEGER, PRIMARY KEY(provider, period))
/// client_usage(day TEXT, client TEXT, provider TEXT ('' for all), requests INTEGER, upstream INTEGER,
///       PRIMARY KEY(day, client, provider))
/// ```
///
/// Times are microseconds since 1970 (``VenuesServerStore/ServerStoreTime``); `categories` and
/// `sources` are JSON arrays of strings. `PRAGMA application_id` marks the file as a store.
enum SQLiteServerSchema {
    /// `PRAGMA application_id`: "VSRV".
    static let applicationID: Int64 = 0x5653_5256

    /// One step of the schema.
    struct Migration {
        var version: Int
        var description: String
        var sql: String
    }

    /// Every migration, in order; the last one's version is the schema this build writes.
    static let migrations: [Migration] = [
        Migration(
            version: 1,
            description: "clients, favourites and the response cache",
            sql: """
                CREATE TABLE clients(
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL UNIQUE,
                    token_hash TEXT NOT NULL UNIQUE,
                    created_at INTEGER NOT NULL
                );
                CREATE TABLE favorites(
                    id INTEGER PRIMARY KEY,
                    client TEXT NOT NULL,
                    venue_id TEXT NOT NULL,
                    name TEXT NOT NULL,
                    latitude REAL NOT NULL,
                    longitude REAL NOT NULL,
                    address TEXT,
                    categories TEXT NOT NULL,
                    sources TEXT NOT NULL,
                    note TEXT,
                    added_at INTEGER NOT NULL,
                    UNIQUE(client, venue_id)
                );
                CREATE INDEX favorites_by_client ON favorites(client, added_at, id);
                CREATE TABLE cache(
                    key TEXT PRIMARY KEY,
                    value BLOB NOT NULL,
                    expires_at INTEGER NOT NULL
                );
                CREATE INDEX cache_by_expiry ON cache(expires_at);
                """
        ),
        Migration(
            version: 2,
            description: "rate limits per client, budgets per provider, usage per day",
            sql: """
                ALTER TABLE clients ADD COLUMN rate_requests INTEGER;
                ALTER TABLE clients ADD COLUMN rate_seconds INTEGER;
                ALTER TABLE clients ADD COLUMN rate_burst INTEGER;
                CREATE TABLE budget_spent(
                    provider TEXT NOT NULL,
                    period TEXT NOT NULL,
                    spent INTEGER NOT NULL,
                    PRIMARY KEY(provider, period)
                ) WITHOUT ROWID;
                CREATE TABLE client_usage(
                    day TEXT NOT NULL,
                    client TEXT NOT NULL,
                    provider TEXT NOT NULL,
                    requests INTEGER NOT NULL,
                    upstream INTEGER NOT NULL,
                    PRIMARY KEY(day, client, provider)
                ) WITHOUT ROWID;
                """
        ),
    ]

    /// The schema version this build writes and understands.
    static var currentVersion: Int { migrations.last?.version ?? 0 }

    /// Whether the file is a store already (`true`) or empty (`false`).
    ///
    /// - Throws: ``VenuesServerStore/ServerStoreError/failed(_:)`` when it is another kind of
    ///   database (another `application_id`, or tables of its own), which must be left alone.
    @discardableResult
    static func checkOwnership(_ connection: SQLiteConnection) throws -> Bool {
        // One statement reads one snapshot. Read apart, another instance migrating the new file
        // could commit between the two reads: no mark yet, then tables — and a store would refuse
        // its own file.
        let mark = try connection.prepare(
            """
            SELECT (SELECT application_id FROM pragma_application_id()),
                   (SELECT count(*) FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%')
            """
        )
        guard try mark.step() else { throw ServerStoreError.failed("\(connection.path) cannot be read") }
        let application = mark.int64(0)
        let tables = mark.int64(1)
        mark.reset()  // ends the read before the caller writes
        if application == applicationID { return true }
        if application != 0 || tables > 0 {
            throw ServerStoreError.failed("\(connection.path) is not a venues server store")
        }
        return false
    }

    /// Brings the schema of `connection` to ``currentVersion`` inside one `BEGIN IMMEDIATE`
    /// transaction, so that of several connections (or processes) starting together one
    /// migrates and the others find the work done.
    ///
    /// - Throws: ``VenuesServerStore/ServerStoreError/schemaTooNew(found:supported:)`` when a
    ///   newer venues has migrated the file; `failed` when the file belongs to something else.
    static func migrate(_ connection: SQLiteConnection, now: Int64) throws {
        try connection.transaction {
            if try !checkOwnership(connection) {
                try connection.execute("PRAGMA application_id = \(applicationID)")
            }
            try connection.execute(
                """
                CREATE TABLE IF NOT EXISTS schema_migrations(
                    version INTEGER PRIMARY KEY,
                    description TEXT NOT NULL,
                    applied_at INTEGER NOT NULL
                )
                """
            )
            let found = Int(try connection.integer("SELECT max(version) FROM schema_migrations") ?? 0)
            if found > currentVersion {
                throw ServerStoreError.schemaTooNew(found: found, supported: currentVersion)
            }
            let record = try connection.prepare(
                "INSERT INTO schema_migrations(version, description, applied_at) VALUES (?, ?, ?)"
            )
            for migration in migrations where migration.version > found {
                try connection.execute(migration.sql)
                try record.bind(migration.version, at: 1)
                try record.bind(migration.description, at: 2)
                try record.bind(now, at: 3)
                try record.run()
            }
        }
    }
}

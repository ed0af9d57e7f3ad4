/// The tables of a PostgreSQL server store and the migrations that make them.
///
/// ```sql
/// schema_migrations(version integer PRIMARY KEY, description text, applied_at timestamptz)
/// clients(id bigint identity PRIMARY KEY, name text UNIQUE, token_hash text UNIQUE,
///         created_at timestamptz)
/// favorites(id bigint identity PRIMARY KEY, client text, venue_id text, name text,
///           latitude double precision, longitude double precision, address text,
///           categories text[], sources text[], note text, added_at timestamptz,
///           UNIQUE (client, venue_id))
/// cache(key text PRIMARY KEY, value bytea, expires_at timestamptz)   -- UNLOGGED
/// -- version 2: rate limits, budgets, usage
/// clients + rate_requests integer, rate_seconds integer, rate_burst integer (NULL: the default)
/// budget_spent(provider text, period text, spent bigint, PRIMARY KEY (provider, period))
/// client_usage(day text, client text, provider text ('' for all), requests bigint,
///              upstream bigint, PRIMARY KEY (day, client, provider))
/// ```
///
/// The cache table is `UNLOGGED`: no write-ahead log for data that can be fetched again, so
/// it is faster, emptied after a crash of the server and not copied to replicas.
enum PostgresServerSchema {
    /// One step of the schema: statements run in order, inside the migration transaction.
    struct Migration: Sendable {
        var version: Int
        var description: String
        var statements: [String]
    }

    /// Every migration, in order; the last one's version is the schema this build writes.
    static let migrations: [Migration] = [
        Migration(
            version: 1,
            description: "clients, favourites and the response cache",
            statements: [
                """
                CREATE TABLE clients (
                    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                    name text NOT NULL UNIQUE,
                    token_hash text NOT NULL UNIQUE,
                    created_at timestamptz NOT NULL
                )
                """,
                """
                CREATE TABLE favorites (
                    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                    client text NOT NULL,
                    venue_id text NOT NULL,
                    name text NOT NULL,
                    latitude double precision NOT NULL,
                    longitude double precision NOT NULL,
                    address text,
                    categories text[] NOT NULL,
                    sources text[] NOT NULL,
                    note text,
                    added_at timestamptz NOT NULL,
                    UNIQUE (client, venue_id)
                )
                """,
                "CREATE INDEX favorites_by_client ON favorites (client, added_at, id)",
                """
                CREATE UNLOGGED TABLE cache (
                    key text PRIMARY KEY,
                    value bytea NOT NULL,
                    expires_at timestamptz NOT NULL
                )
                """,
                "CREATE INDEX cache_by_expiry ON cache (expires_at)",
            ]
        ),
        Migration(
            version: 2,
            description: "rate limits per client, budgets per provider, usage per day",
            statements: [
                """
                ALTER TABLE clients ADD COLUMN rate_requests integer, ADD COLUMN rate_seconds integer,
                    ADD COLUMN rate_burst integer
                """,
                """
                CREATE TABLE budget_spent (
                    provider text NOT NULL,
                    period text NOT NULL,
                    spent bigint NOT NULL,
                    PRIMARY KEY (provider, period)
                )
                """,
                """
                CREATE TABLE client_usage (
                    day text NOT NULL,
                    client text NOT NULL,
                    provider text NOT NULL,
                    requests bigint NOT NULL,
                    upstream bigint NOT NULL,
                    PRIMARY KEY (day, client, provider)
                )
                """,
            ]
        ),
    ]

    /// The schema version this build writes and understands.
    static var currentVersion: Int { migrations.last?.version ?? 0 }

    /// The key of the advisory lock the migrations of `schema` run under: FNV-1a of a name,
    /// the same in every process.
    static func lockKey(schema: String?) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "venues.server-store.migrations:\(schema ?? "")".utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return Int64(bitPattern: hash)
    }
}

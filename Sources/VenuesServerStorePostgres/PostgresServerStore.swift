public import Foundation
public import Logging
import PostgresNIO
import Synchronization
public import VenuesCore
public import VenuesFavorites
public import VenuesServerStore

/// The shared ``VenuesServerStore/ServerStore``: PostgreSQL, through postgres-nio's
/// `PostgresClient` and its connection pool, so that several `venues serve` instances share
/// tokens, favourites and the response cache.
///
/// - The pool runs in a task the store starts in its initialiser and cancels in ``close()``.
/// - When the server cannot be reached, each call throws
///   ``VenuesServerStore/ServerStoreError/unavailable(_:)`` within
///   ``Configuration/operationTimeout`` — sooner when a connection attempt of its own, made once
///   a call has waited a second, is refused — and at once for 3 s after such an attempt found it
///   down (the reason names `host:port`, never the password). The pool keeps trying to connect,
///   backing off up to a minute between attempts, and once the server is back the same store
///   works again.
/// - ``migrate()`` runs under `pg_advisory_xact_lock` in one transaction, recorded in
///   `schema_migrations`: of several instances starting together, one migrates.
/// - Every write is one statement or one transaction, committed before the call returns
///   (PostgreSQL's `synchronous_commit` decides how durable that is; on by default). A call
///   that gives up at its deadline may still complete on the server, as after a lost reply.
public final class PostgresServerStore: ServerStore {
    /// The schema version this build writes (the highest in `schema_migrations`).
    public static var schemaVersion: Int { PostgresServerSchema.currentVersion }

    /// Where the database is and how the store uses it.
    public let configuration: Configuration
    private let client: PostgresClient
    private let runner: Task<Void, Never>
    private let isClosed = Atomic<Bool>(false)
    private let errors: PostgresErrorMapping
    private let diagnosis: PostgresConnectionDiagnosis
    private let logger: Logger
    private let decodedFavorites = FavoriteDecodingMemo()
    private let recentFavorites: RecentFavorites
    private let listener: Task<Void, Never>
    /// What the listener has done (``listensForChanges``, ``changesHeard``).
    private let listening = ListeningState()
    /// The channel on which instances tell each other that a client's favourites changed (the
    /// payload is the client's name); one per schema.
    private let favoritesChannel: String

    /// A store on the database of a `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE` URL, with
    /// the default settings of ``Configuration``. Connections are opened when first needed.
    ///
    /// - Throws: ``VenuesServerStore/ServerStoreError/failed(_:)`` when the URL is not one.
    public convenience init(url: String, logger: Logger? = nil) throws(ServerStoreError) {
        try self.init(configuration: Configuration(url: url), logger: logger)
    }

    /// A store as `configuration` says; `logger` receives the pool's own messages (none by
    /// default). Connections are opened when first needed.
    ///
    /// - Throws: ``VenuesServerStore/ServerStoreError/failed(_:)`` for a schema name or port
    ///   that cannot be right.
    public init(configuration: Configuration, logger: Logger? = nil) throws(ServerStoreError) {
        try configuration.validate()
        self.configuration = configuration
        recentFavorites = RecentFavorites(freshFor: configuration.favoritesFreshFor)
        self.logger =
            logger ?? Logger(label: "venues.server-store.postgres", factory: { _ in SwiftLogNoOpLogHandler() })
        errors = PostgresErrorMapping(endpoint: configuration.endpoint, secrets: [configuration.password ?? ""])
        diagnosis = PostgresConnectionDiagnosis(configuration: configuration, errors: errors, logger: self.logger)
        let client = PostgresClient(
            configuration: Self.clientConfiguration(configuration),
            backgroundLogger: self.logger
        )
        self.client = client
        runner = Task { await client.run() }
        let channel = "venues_favorites" + (configuration.schema.map { "_" + $0 } ?? "")
        favoritesChannel = channel
        let recent = recentFavorites
        let listening = listening
        listener =
            configuration.favoritesFreshFor > .zero
            ? Task {
                await Self.listenForChanges(client: client, channel: channel, recent: recent, state: listening)
            }
            : Task {}
    }

    /// Whether this instance listens now for the other instances' changes of favourites.
    package var listensForChanges: Bool { listening.isListening }
    /// How many times it began listening (again after each break).
    package var listeningStarts: Int { listening.starts }
    /// How many of the other instances' changes it has heard of and acted on: their clients'
    /// kept favourites forgotten, so that the next read is fresh.
    package var changesHeard: Int { listening.heard }

    deinit {
        listener.cancel()
        runner.cancel()
    }

    /// Listens, on a connection of its own, for other instances' changes of favourites and
    /// forgets what they changed; after any break (the connection lost, the server restarted),
    /// everything kept is forgotten and it listens again, pausing a little longer each time up
    /// to 5 s. Ends when the task is cancelled.
    private static func listenForChanges(
        client: PostgresClient,
        channel: String,
        recent: RecentFavorites,
        state: ListeningState
    ) async {
        var pause = Duration.milliseconds(100)
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    try await connection.listen(on: channel) { notifications in
                        // Listening from now on: a change before it may have gone unnoticed.
                        recent.forgetAll()
                        state.began()
                        pause = .milliseconds(100)
                        for try await notification in notifications {
                            recent.forget(notification.payload)
                            state.acted()
                        }
                    }
                }
            } catch {
                // The connection broke or could not be made: forget, pause, listen again.
            }
            state.ended()
            recent.forgetAll()
            try? await Task.sleep(for: pause)
            pause = min(pause * 2, .seconds(5))
        }
    }

    // MARK: Schema

    public func migrate() async throws(ServerStoreError) {
        let schema = configuration.schema
        let logger = logger
        try await perform { client in
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query(
                    "SELECT pg_advisory_xact_lock(\(PostgresServerSchema.lockKey(schema: schema)))",
                    logger: logger
                )
                if let schema {
                    try await connection.query(
                        PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS \(schema)"),
                        logger: logger
                    )
                }
                try await connection.query(
                    """
                    CREATE TABLE IF NOT EXISTS schema_migrations (
                        version integer PRIMARY KEY,
                        description text NOT NULL,
                        applied_at timestamptz NOT NULL DEFAULT now()
                    )
                    """,
                    logger: logger
                )
                var found = 0
                for try await version in try await connection.query(
                    "SELECT coalesce(max(version), 0)::bigint FROM schema_migrations",
                    logger: logger
                ).decode(Int.self) {
                    found = version
                }
                let supported = PostgresServerSchema.currentVersion
                if found > supported { throw ServerStoreError.schemaTooNew(found: found, supported: supported) }
                for migration in PostgresServerSchema.migrations where migration.version > found {
                    for statement in migration.statements {
                        try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                    }
                    try await connection.query(
                        """
                        INSERT INTO schema_migrations (version, description)
                        VALUES (\(migration.version), \(migration.description))
                        """,
                        logger: logger
                    )
                }
            }
        }
    }

    public func checkReachable() async throws(ServerStoreError) {
        try await perform { client in
            _ = try await client.query("SELECT 1").collect()
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
        let (requests, seconds, burst) = (rateLimit?.requests, rateLimit?.seconds, rateLimit?.burst)
        let inserted = try await perform { client in
            try await client.query(
                """
                INSERT INTO clients (name, token_hash, created_at, rate_requests, rate_seconds, rate_burst)
                VALUES (\(name), \(tokenHash.hex), \(PostgresInstant(microseconds: created)), \(requests), \(seconds),
                    \(burst))
                ON CONFLICT (name) DO NOTHING RETURNING id
                """
            ).collect().count > 0
        }
        if !inserted { throw .duplicateClient(name) }
    }

    public func clients() async throws(ServerStoreError) -> [ServerClient] {
        try await perform { client in
            var clients: [ServerClient] = []
            let rows = try await client.query(
                "SELECT name, created_at, rate_requests, rate_seconds, rate_burst FROM clients ORDER BY created_at, id"
            )
            for try await row in rows.decode(Self.ClientRow.self) {
                clients.append(Self.client(row))
            }
            return clients
        }
    }

    public func revokeClient(name: String) async throws(ServerStoreError) -> Bool {
        let logger = logger
        recentFavorites.forget(name)
        defer { recentFavorites.forget(name) }
        let channel = favoritesChannel
        return try await perform { client in
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query("DELETE FROM favorites WHERE client = \(name)", logger: logger)
                try await connection.query("SELECT pg_notify(\(channel), \(name))", logger: logger)
                let deleted = try await connection.query(
                    "DELETE FROM clients WHERE name = \(name) RETURNING id",
                    logger: logger
                ).collect()
                return !deleted.isEmpty
            }
        }
    }

    public func client(tokenHash: TokenHash) async throws(ServerStoreError) -> ServerClient? {
        try await perform { client in
            for try await row in try await client.execute(ClientByTokenHash(tokenHash: tokenHash.hex)) {
                return Self.client(row)
            }
            return nil
        }
    }

    /// name, created_at, rate_requests, rate_seconds, rate_burst.
    private typealias ClientRow = (String, PostgresInstant, Int?, Int?, Int?)

    private static func client(_ row: ClientRow) -> ServerClient {
        let (name, created, requests, seconds, burst) = row
        let rateLimit = requests.map { RateLimit(requests: $0, seconds: seconds ?? 60, burst: burst ?? $0) }
        return ServerClient(
            name: name,
            createdAt: ServerStoreTime.date(microseconds: created.microseconds),
            rateLimit: rateLimit
        )
    }

    // MARK: Favourites

    public func favorites(client name: String) async throws(ServerStoreError) -> [Favorite] {
        let startedAt = ContinuousClock.now
        if let kept = recentFavorites.fresh(name, now: startedAt) {
            if kept.readAhead {
                Task {
                    do throws(ServerStoreError) {
                        _ = try await self.readFavorites(client: name, startedAt: ContinuousClock.now)
                    } catch {
                        self.recentFavorites.readAheadFailed(name)
                    }
                }
            }
            return kept.favorites
        }
        return try await readFavorites(client: name, startedAt: startedAt)
    }

    /// Reads the client's favourites from the database and keeps them for a moment.
    private func readFavorites(
        client name: String,
        startedAt: ContinuousClock.Instant
    ) async throws(ServerStoreError) -> [Favorite] {
        let generation = recentFavorites.generation(name)
        let records = try await perform { client in
            var records: [FavoriteRecord] = []
            for try await (id, name, latitude, longitude, address, categories, sources, note, added)
                in try await client.execute(FavoritesOfClient(client: name))
            {
                records.append(
                    FavoriteRecord(
                        id: id,
                        name: name,
                        latitude: latitude,
                        longitude: longitude,
                        address: address,
                        categories: categories,
                        sources: sources,
                        note: note,
                        addedAt: added.microseconds
                    )
                )
            }
            return records
        }
        // Decoded only when changed; kept for a moment (another instance may change them).
        let favorites = try decodedFavorites.favorites(client: name, records: records)
        recentFavorites.keep(favorites, client: name, readAt: startedAt, generation: generation)
        return favorites
    }

    public func putFavorite(_ favorite: Favorite, client name: String) async throws(ServerStoreError) {
        let record = FavoriteRecord(favorite)
        // Forgotten before (a read under way keeps nothing) and after (nor does one that
        // began during the write).
        recentFavorites.forget(name)
        defer { recentFavorites.forget(name) }
        let channel = favoritesChannel
        try await perform { client in
            // One statement: the write, and the notification the other instances get when it commits.
            _ = try await client.query(
                """
                WITH written AS (
                    INSERT INTO favorites (client, venue_id, name, latitude, longitude, address, categories,
                        sources, note, added_at)
                    VALUES (\(name), \(record.id), \(record.name), \(record.latitude), \(record.longitude),
                        \(record.address), \(record.categories), \(record.sources), \(record.note),
                        \(PostgresInstant(microseconds: record.addedAt)))
                    ON CONFLICT (client, venue_id) DO UPDATE SET
                        name = excluded.name, latitude = excluded.latitude, longitude = excluded.longitude,
                        address = excluded.address, categories = excluded.categories, sources = excluded.sources,
                        note = excluded.note, added_at = excluded.added_at
                    RETURNING 1
                )
                SELECT pg_notify(\(channel), \(name)) FROM written
                """
            ).collect()
        }
    }

    public func removeFavorite(id: VenueID, client name: String) async throws(ServerStoreError) -> Bool {
        let venueID = id.description
        recentFavorites.forget(name)
        defer { recentFavorites.forget(name) }
        let channel = favoritesChannel
        return try await perform { client in
            try await client.query(
                """
                WITH removed AS (DELETE FROM favorites WHERE client = \(name) AND venue_id = \(venueID) RETURNING id)
                SELECT pg_notify(\(channel), \(name)) FROM removed
                """
            ).collect().count > 0
        }
    }

    // MARK: Cache

    public func cachedValue(key: String, now: Date) async throws(ServerStoreError) -> [UInt8]? {
        let moment = PostgresInstant(microseconds: ServerStoreTime.microseconds(now))
        return try await perform { client in
            for try await value in try await client.execute(CachedValueByKey(key: key, now: moment)) {
                return Array(value.readableBytesView)
            }
            return nil
        }
    }

    public func storeValue(_ value: [UInt8], key: String, expiresAt: Date) async throws(ServerStoreError) {
        let expiry = PostgresInstant(microseconds: ServerStoreTime.microseconds(expiresAt))
        let now = PostgresInstant(microseconds: ServerStoreTime.microseconds(Date()))
        let bytes = Data(value)
        try await perform { client in
            // One statement, atomic without a transaction: the write, and a few expired entries
            // swept with it, so the table never needs a sweep of its own.
            _ = try await client.query(
                """
                WITH swept AS (
                    DELETE FROM cache WHERE key IN (
                        SELECT key FROM cache WHERE expires_at <= \(now) AND key <> \(key)
                        LIMIT 16 FOR UPDATE SKIP LOCKED
                    )
                )
                INSERT INTO cache (key, value, expires_at) VALUES (\(key), \(bytes), \(expiry))
                ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at
                """
            ).collect()
        }
    }

    // MARK: Budgets and usage

    public func spendBudget(
        provider: ProviderID,
        charges: [BudgetCharge]
    ) async throws(ServerStoreError) -> BudgetPeriodKey? {
        guard !charges.isEmpty else { return nil }
        let logger = logger
        let name = provider.rawValue
        let periods = charges.map(\.period)
        let limits = Dictionary(charges.map { ($0.period, $0.limit) }, uniquingKeysWith: min)
        return try await perform { client in
            try await client.withTransaction(logger: logger) { connection in
                // Every period's row, made in one statement when missing.
                try await connection.query(
                    """
                    INSERT INTO budget_spent (provider, period, spent)
                    SELECT \(name), period, 0 FROM unnest(\(periods)::text[]) AS period
                    ON CONFLICT (provider, period) DO NOTHING
                    """,
                    logger: logger
                )
                // Locked in one order, so that two servers spending at once never deadlock; the
                // second waits for the first's commit and sees its count.
                let rows = try await connection.query(
                    """
                    SELECT period, spent FROM budget_spent WHERE provider = \(name) AND period = ANY(\(periods))
                    ORDER BY period FOR UPDATE
                    """,
                    logger: logger
                )
                var exhausted: String?
                for try await (period, spent) in rows.decode((String, Int).self)
                where exhausted == nil && spent >= (limits[period] ?? .max) {
                    exhausted = period
                }
                if let exhausted { return exhausted }
                try await connection.query(
                    """
                    UPDATE budget_spent SET spent = spent + 1 WHERE provider = \(name) AND period = ANY(\(periods))
                    """,
                    logger: logger
                )
                return nil
            }
        }
    }

    public func budgetSpent(
        provider: ProviderID,
        periods: [BudgetPeriodKey]
    ) async throws(ServerStoreError) -> [BudgetPeriodKey: Int] {
        let name = provider.rawValue
        return try await perform { client in
            var spent = Dictionary(periods.map { ($0, 0) }, uniquingKeysWith: { first, _ in first })
            let rows = try await client.query(
                "SELECT period, spent FROM budget_spent WHERE provider = \(name) AND period = ANY(\(periods))"
            )
            for try await (period, count) in rows.decode((String, Int).self) {
                spent[period] = count
            }
            return spent
        }
    }

    public func addUsage(_ records: [UsageRecord]) async throws(ServerStoreError) {
        guard !records.isEmpty else { return }
        let days = records.map(\.day)
        let clients = records.map(\.client)
        let providers = records.map { $0.provider?.rawValue ?? "" }
        let requests = records.map(\.requests)
        let upstream = records.map(\.upstreamRequests)
        try await perform { client in
            // One statement for the whole flush: the rows arrive as arrays, side by side.
            _ = try await client.query(
                """
                INSERT INTO client_usage (day, client, provider, requests, upstream)
                SELECT * FROM unnest(\(days)::text[], \(clients)::text[], \(providers)::text[],
                    \(requests)::bigint[], \(upstream)::bigint[])
                ON CONFLICT (day, client, provider) DO UPDATE SET
                    requests = client_usage.requests + excluded.requests,
                    upstream = client_usage.upstream + excluded.upstream
                """
            ).collect()
        }
    }

    public func usage(since day: String) async throws(ServerStoreError) -> [UsageRecord] {
        try await perform { client in
            let rows = try await client.query(
                """
                SELECT day, client, provider, requests, upstream FROM client_usage WHERE day >= \(day)
                ORDER BY day, client, provider
                """
            )
            var records: [UsageRecord] = []
            for try await (day, name, provider, requests, upstream) in rows.decode(
                (String, String, String, Int, Int).self
            ) {
                records.append(
                    UsageRecord(
                        day: day,
                        client: name,
                        provider: provider.isEmpty ? nil : ProviderID(rawValue: provider),
                        requests: requests,
                        upstreamRequests: upstream
                    )
                )
            }
            return records
        }
    }

    // MARK: Closing

    public func close() async {
        guard !isClosed.exchange(true, ordering: .relaxed) else { return }
        listener.cancel()
        runner.cancel()
        await runner.value
    }

    // MARK: Running calls

    /// Runs `body` against the pool within the operation timeout, mapping every failure.
    private func perform<Value: Sendable>(
        _ body: @escaping @Sendable (PostgresClient) async throws -> Value
    ) async throws(ServerStoreError) -> Value {
        guard !isClosed.load(ordering: .relaxed) else { throw .unavailable("the store is closed") }
        // The server was found unreachable a moment ago: say so now rather than after the deadline.
        if let reason = diagnosis.recentlyUnreachable() { throw .unavailable(reason) }
        let client = client
        let diagnosis = diagnosis
        // A call still waiting after a second may be waiting for a server that is gone: a
        // connection of its own finds out, and a refusal ends the wait there and then.
        let probe = ProbedDeadline.Probe(after: .seconds(1)) {
            guard case .unreachable(let reason) = await diagnosis.check() else { return nil }
            return ServerStoreError.unavailable(reason)
        }
        do {
            return try await ProbedDeadline.run(within: configuration.operationTimeout, probe: probe) {
                try await body(client)
            }
        } catch is ProbedDeadline.Exceeded {
            // No connection in time, or a slow answer: a connection of its own tells which.
            switch await diagnosis.check() {
            case .unreachable(let reason): throw .unavailable(reason)
            case .reachable:
                throw .unavailable(
                    "no answer from PostgreSQL at \(configuration.endpoint) within \(configuration.operationTimeout)"
                )
            }
        } catch {
            if isClosed.load(ordering: .relaxed) { throw .unavailable("the store is closed") }
            if PostgresErrorMapping.isMissingConnection(error), case .unreachable(let reason) = await diagnosis.check()
            {
                throw .unavailable(reason)
            }
            throw errors.storeError(error)
        }
    }

    private static func clientConfiguration(_ configuration: Configuration) -> PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS =
            switch configuration.tls {
            case .disable: .disable
            case .prefer: .prefer(.makeClientConfiguration())
            case .require: .require(.makeClientConfiguration())
            }
        var client = PostgresClient.Configuration(
            host: configuration.host,
            port: configuration.port,
            username: configuration.username,
            password: configuration.password,
            database: configuration.database,
            tls: tls
        )
        client.options.maximumConnections = configuration.maximumConnections
        client.options.connectTimeout = configuration.connectTimeout
        var parameters = [("application_name", "venues serve")]
        if let schema = configuration.schema { parameters.append(("search_path", schema)) }
        client.options.additionalStartupParameters = parameters
        return client
    }
}

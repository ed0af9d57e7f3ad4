public import Foundation
import Synchronization
public import VenuesCore
public import VenuesFavorites
public import VenuesServerStore

/// What several ``InMemoryServerStore`` instances share, as server processes share one database:
/// clients, favourites, the cache, the schema versions recorded, and whether it can be reached.
public final class InMemoryServerDatabase: Sendable {
    struct State {
        var reachable = true
        var schemaVersions: [Int] = []
        var clients: [(client: ServerClient, hash: TokenHash)] = []
        var favorites: [String: [Favorite]] = [:]
        var cache: [String: (value: [UInt8], expiresAt: Date)] = [:]
        var cacheReads = 0
        var cacheWrites = 0
        var budgetSpent: [String: [BudgetPeriodKey: Int]] = [:]
        var usage: [UsageKey: (requests: Int, upstream: Int)] = [:]
    }

    struct UsageKey: Hashable {
        var day: String
        var client: String
        var provider: ProviderID?
    }

    let state = Mutex(State())

    public init() {}

    /// Every version recorded in the schema table, in order.
    public var schemaVersions: [Int] { state.withLock { $0.schemaVersions } }

    /// Records `version`, as a newer venues would.
    public func recordSchemaVersion(_ version: Int) {
        state.withLock { $0.schemaVersions.append(version) }
    }
}

/// A ``ServerStore`` in memory, for fast route tests: everything the protocol asks, plus a
/// switch that makes every call fail as unavailable (the database "went away") and counters of
/// what was asked. It runs the same conformance suite as the real stores
/// (`InMemoryServerStoreConformanceTests`), so that the route tests' store keeps the promises
/// the real ones keep; instances made on one ``InMemoryServerDatabase`` share it.
public final class InMemoryServerStore: ServerStore {
    /// The schema version it writes (its one "migration").
    public static let schemaVersion = 1

    /// The data, shared with other instances made on it.
    public let database: InMemoryServerDatabase
    private let closed = Mutex(false)

    public init(database: InMemoryServerDatabase = InMemoryServerDatabase()) {
        self.database = database
    }

    /// Whether calls succeed; `false` makes every call throw ``ServerStoreError/unavailable(_:)``.
    public var isReachable: Bool {
        get { database.state.withLock { $0.reachable } }
        set { database.state.withLock { $0.reachable = newValue } }
    }

    /// How many cache reads and writes were made.
    public var cacheCounts: (reads: Int, writes: Int) {
        database.state.withLock { ($0.cacheReads, $0.cacheWrites) }
    }

    /// The keys of every cached value.
    public var cachedKeys: [String] { database.state.withLock { Array($0.cache.keys) } }

    /// Every cached value, raw (to check that no key is in them).
    public var cachedValues: [[UInt8]] { database.state.withLock { $0.cache.values.map(\.value) } }

    private func checked<T>(
        _ body: (inout InMemoryServerDatabase.State) throws(ServerStoreError) -> T
    ) throws(ServerStoreError) -> T {
        guard !closed.withLock({ $0 }) else { throw .unavailable("the store is closed") }
        return try database.state.withLock {
            (state: inout InMemoryServerDatabase.State) throws(ServerStoreError) -> T in
            guard state.reachable else { throw .unavailable("connection refused (test switch)") }
            return try body(&state)
        }
    }

    public func migrate() async throws(ServerStoreError) {
        try checked { (state: inout InMemoryServerDatabase.State) throws(ServerStoreError) in
            let found = state.schemaVersions.max() ?? 0
            guard found <= Self.schemaVersion else { throw .schemaTooNew(found: found, supported: Self.schemaVersion) }
            state.schemaVersions += (found + 1..<Self.schemaVersion + 1)
        }
    }

    public func checkReachable() async throws(ServerStoreError) {
        try checked { _ in }
    }

    public func createClient(
        name: String,
        tokenHash: TokenHash,
        createdAt: Date,
        rateLimit: RateLimit?
    ) async throws(ServerStoreError) {
        try checked { (state: inout InMemoryServerDatabase.State) throws(ServerStoreError) in
            guard !state.clients.contains(where: { $0.client.name == name }) else { throw .duplicateClient(name) }
            state.clients.append((ServerClient(name: name, createdAt: createdAt, rateLimit: rateLimit), tokenHash))
        }
    }

    /// Oldest first, ties in the order they were made (a stable sort of the creation order).
    public func clients() async throws(ServerStoreError) -> [ServerClient] {
        try checked { state in
            state.clients.enumerated()
                .sorted { ($0.element.client.createdAt, $0.offset) < ($1.element.client.createdAt, $1.offset) }
                .map(\.element.client)
        }
    }

    public func revokeClient(name: String) async throws(ServerStoreError) -> Bool {
        try checked { state in
            guard let index = state.clients.firstIndex(where: { $0.client.name == name }) else { return false }
            state.clients.remove(at: index)
            state.favorites[name] = nil
            return true
        }
    }

    public func client(tokenHash: TokenHash) async throws(ServerStoreError) -> ServerClient? {
        try checked { state in state.clients.first { $0.hash == tokenHash }?.client }
    }

    /// Oldest first, ties in the order they were stored.
    public func favorites(client: String) async throws(ServerStoreError) -> [Favorite] {
        try checked { state in
            (state.favorites[client] ?? []).enumerated()
                .sorted { ($0.element.addedAt, $0.offset) < ($1.element.addedAt, $1.offset) }
                .map(\.element)
        }
    }

    public func putFavorite(_ favorite: Favorite, client: String) async throws(ServerStoreError) {
        try checked { state in
            var list = state.favorites[client] ?? []
            if let index = list.firstIndex(where: { $0.id == favorite.id }) {
                list[index] = favorite
            } else {
                list.append(favorite)
            }
            state.favorites[client] = list
        }
    }

    public func removeFavorite(id: VenueID, client: String) async throws(ServerStoreError) -> Bool {
        try checked { state in
            guard let index = state.favorites[client]?.firstIndex(where: { $0.id == id }) else { return false }
            state.favorites[client]?.remove(at: index)
            return true
        }
    }

    public func cachedValue(key: String, now: Date) async throws(ServerStoreError) -> [UInt8]? {
        try checked { state in
            state.cacheReads += 1
            guard let entry = state.cache[key], entry.expiresAt > now else { return nil }
            return entry.value
        }
    }

    public func storeValue(_ value: [UInt8], key: String, expiresAt: Date) async throws(ServerStoreError) {
        try checked { state in
            state.cacheWrites += 1
            state.cache[key] = (value, expiresAt)
        }
    }

    public func spendBudget(
        provider: ProviderID,
        charges: [BudgetCharge]
    ) async throws(ServerStoreError) -> BudgetPeriodKey? {
        try checked { (state: inout InMemoryServerDatabase.State) throws(ServerStoreError) in
            let spent = state.budgetSpent[provider.rawValue, default: [:]]
            if let full = charges.first(where: { spent[$0.period, default: 0] >= $0.limit }) { return full.period }
            for charge in charges { state.budgetSpent[provider.rawValue, default: [:]][charge.period, default: 0] += 1 }
            return nil
        }
    }

    public func budgetSpent(
        provider: ProviderID,
        periods: [BudgetPeriodKey]
    ) async throws(ServerStoreError) -> [BudgetPeriodKey: Int] {
        try checked { (state: inout InMemoryServerDatabase.State) throws(ServerStoreError) in
            let spent = state.budgetSpent[provider.rawValue, default: [:]]
            return Dictionary(periods.map { ($0, spent[$0, default: 0]) }, uniquingKeysWith: { first, _ in first })
        }
    }

    public func addUsage(_ records: [UsageRecord]) async throws(ServerStoreError) {
        try checked { (state: inout InMemoryServerDatabase.State) throws(ServerStoreError) in
            for record in records {
                let key = InMemoryServerDatabase.UsageKey(
                    day: record.day,
                    client: record.client,
                    provider: record.provider
                )
                let old = state.usage[key] ?? (0, 0)
                state.usage[key] = (old.requests + record.requests, old.upstream + record.upstreamRequests)
            }
        }
    }

    public func usage(since day: String) async throws(ServerStoreError) -> [UsageRecord] {
        try checked { (state: inout InMemoryServerDatabase.State) throws(ServerStoreError) in
            state.usage.filter { $0.key.day >= day }.map { key, counts in
                UsageRecord(
                    day: key.day,
                    client: key.client,
                    provider: key.provider,
                    requests: counts.requests,
                    upstreamRequests: counts.upstream
                )
            }.sorted {
                ($0.day, $0.client, $0.provider?.rawValue ?? "") < ($1.day, $1.client, $1.provider?.rawValue ?? "")
            }
        }
    }

    public func close() async {
        closed.withLock { $0 = true }
    }
}

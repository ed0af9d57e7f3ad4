public import Foundation
public import VenuesCore
public import VenuesFavorites

/// What `venues serve` keeps between requests and shares between instances: the clients'
/// tokens (hashed), each client's favourites and the provider-response cache.
///
/// Two implementations pass one conformance suite: SQLite (embedded, the default) and
/// PostgreSQL (shared by several server instances). Every method may throw
/// ``ServerStoreError/unavailable(_:)`` when the database cannot be reached; the server then
/// answers degraded (no cache, favourites not flagged) and tries again on the next request.
///
/// Dates are kept to the microsecond (``ServerStoreTime``). Favourites are keyed by the client's
/// name, which needs no record of its own (the server's single user without tokens).
public protocol ServerStore: Sendable {
    /// Creates or upgrades the schema. Safe to call from several instances at once: the
    /// migrations run once, under a lock, and each is recorded with its version.
    func migrate() async throws(ServerStoreError)

    /// Succeeds when the database answers a trivial query now (for `/readyz`).
    func checkReachable() async throws(ServerStoreError)

    /// Stores a new client under `name` with only the hash of its token, and its own rate
    /// limit (`nil`: the server's default). Throws ``ServerStoreError/duplicateClient(_:)``
    /// when the name is taken.
    func createClient(
        name: String,
        tokenHash: TokenHash,
        createdAt: Date,
        rateLimit: RateLimit?
    ) async throws(ServerStoreError)

    /// Every client, oldest first.
    func clients() async throws(ServerStoreError) -> [ServerClient]

    /// Removes a client and its favourites; `false` when there was none of that name.
    func revokeClient(name: String) async throws(ServerStoreError) -> Bool

    /// The client whose token has this hash, if any.
    func client(tokenHash: TokenHash) async throws(ServerStoreError) -> ServerClient?

    /// One client's favourites, oldest first.
    func favorites(client: String) async throws(ServerStoreError) -> [Favorite]

    /// Adds or replaces (by ``Favorite/id``) one of a client's favourites. Durable when it
    /// returns: a write acknowledged to a caller survives a crash of the process.
    func putFavorite(_ favorite: Favorite, client: String) async throws(ServerStoreError)

    /// Removes one of a client's favourites; `false` when it had none with that id.
    func removeFavorite(id: VenueID, client: String) async throws(ServerStoreError) -> Bool

    /// A cached value that has not expired at `now`, if any.
    func cachedValue(key: String, now: Date) async throws(ServerStoreError) -> [UInt8]?

    /// Caches `value` under `key` until `expiresAt`, replacing what was there; expired entries
    /// may be pruned at the same time.
    func storeValue(_ value: [UInt8], key: String, expiresAt: Date) async throws(ServerStoreError)

    /// Spends one request of `provider`'s budget in every one of `charges` (its day and its
    /// month), or none: when one of them has reached its limit, nothing is counted and that
    /// period is returned. Atomic across every instance sharing the store, so that together
    /// they never send more requests than a budget allows.
    func spendBudget(provider: ProviderID, charges: [BudgetCharge]) async throws(ServerStoreError) -> BudgetPeriodKey?

    /// How many requests of `provider`'s budget are spent in each of `periods` (0 for none).
    func budgetSpent(
        provider: ProviderID,
        periods: [BudgetPeriodKey]
    ) async throws(ServerStoreError) -> [BudgetPeriodKey: Int]

    /// Adds `records` to the counts kept per day, client and provider (rows of the same day,
    /// client and provider add up).
    func addUsage(_ records: [UsageRecord]) async throws(ServerStoreError)

    /// The counts of every day from `since` (`YYYY-MM-DD`, UTC) on, by day, client and provider.
    func usage(since day: String) async throws(ServerStoreError) -> [UsageRecord]

    /// Releases connections; later calls throw ``ServerStoreError/unavailable(_:)``.
    func close() async
}

extension ServerStore {
    /// Stores a new client that follows the server's default rate limit.
    public func createClient(name: String, tokenHash: TokenHash, createdAt: Date) async throws(ServerStoreError) {
        try await createClient(name: name, tokenHash: tokenHash, createdAt: createdAt, rateLimit: nil)
    }
}

/// A budget period's key in a store: `day:2026-11-26`, `month:2026-11` (``VenuesCore/BudgetPeriod/key``).
public typealias BudgetPeriodKey = String

/// One period of a budget to spend from, and its limit.
public struct BudgetCharge: Sendable, Hashable {
    /// The period's key (``VenuesCore/BudgetPeriod/key``).
    public var period: BudgetPeriodKey
    /// The most requests the period allows.
    public var limit: Int

    /// A charge to `period`, which allows `limit` requests.
    public init(period: BudgetPeriodKey, limit: Int) {
        self.period = period
        self.limit = limit
    }
}

/// What one client asked of the server on one day: requests, and requests sent upstream.
public struct UsageRecord: Sendable, Hashable {
    /// The UTC day, `YYYY-MM-DD`.
    public var day: String
    /// The client's name.
    public var client: String
    /// The provider, or `nil` for the client's requests to the server in all (every `/v1` call).
    public var provider: ProviderID?
    /// Requests: to the server (`provider` nil), or that asked this provider (cache hits and
    /// shared calls included).
    public var requests: Int
    /// Requests sent to the provider on the client's behalf (0 for `provider` nil).
    public var upstreamRequests: Int

    /// A record.
    public init(day: String, client: String, provider: ProviderID?, requests: Int, upstreamRequests: Int) {
        self.day = day
        self.client = client
        self.provider = provider
        self.requests = requests
        self.upstreamRequests = upstreamRequests
    }
}

/// A client of the server: a name chosen by the operator and when its token was made.
public struct ServerClient: Sendable, Hashable {
    /// The operator's name for the client (`venues serve token create NAME`).
    public var name: String
    /// When its token was created.
    public var createdAt: Date
    /// Its own rate limit, or `nil` for the server's default.
    public var rateLimit: RateLimit?

    /// A client record.
    public init(name: String, createdAt: Date, rateLimit: RateLimit? = nil) {
        self.name = name
        self.createdAt = createdAt
        self.rateLimit = rateLimit
    }
}

/// The SHA-256 of a bearer token, as 64 lowercase hex digits: all a store keeps of a token.
public struct TokenHash: Sendable, Hashable, CustomStringConvertible {
    /// The hex digits.
    public let hex: String

    /// Wraps a hash already in hex (as read back from a store).
    public init(hex: String) {
        self.hex = hex
    }

    public var description: String { hex }
}

/// Why a store call failed.
public enum ServerStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The database cannot be reached or refused the connection (the reason, without secrets).
    case unavailable(String)
    /// A client of that name exists already.
    case duplicateClient(String)
    /// The stored schema is newer than this build understands.
    case schemaTooNew(found: Int, supported: Int)
    /// Anything else the database reported.
    case failed(String)

    public var description: String {
        switch self {
        case .unavailable(let reason): "the store is unavailable: \(reason)"
        case .duplicateClient(let name): "a client named \(name) exists already"
        case .schemaTooNew(let found, let supported):
            "the store's schema is version \(found); this venues understands up to \(supported)"
        case .failed(let reason): "the store failed: \(reason)"
        }
    }
}

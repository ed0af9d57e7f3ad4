import Foundation
import Synchronization
import VenuesCore
import VenuesFavorites
import VenuesServerStore

/// Checks that a store keeps every promise of ``VenuesServerStore/ServerStore``; each store's
/// tests run every check against it:
///
/// ```
/// @Test(arguments: ServerStoreConformance.Check.allCases)
/// func conforms(_ check: ServerStoreConformance.Check) async throws {
///     try await ServerStoreConformance(backend: SQLiteTestBackend()).run(check)
/// }
/// ```
///
/// Each check makes a database of its own, opens the stores it needs, closes them and deletes
/// the database; it throws a ``ServerStoreConformanceFailure`` at the first broken promise (or
/// the store's own error where a call had to succeed).
public struct ServerStoreConformance: Sendable {
    /// One promise of the protocol.
    public enum Check: String, Sendable, CaseIterable, CustomStringConvertible {
        /// Clients are listed oldest first (ties in the order they were created), with their dates.
        case clientsInOrder
        /// A second client with a taken name throws `duplicateClient` and changes nothing.
        case duplicateClient
        /// A token's hash finds its client; an unknown hash finds none.
        case clientByTokenHash
        /// Revoking removes the client, its token and its favourites, nobody else's.
        case revokeRemovesFavorites
        /// Each client sees only its own favourites, also for the same venue id; a client needs
        /// no record of its own (the server's `--no-auth` user).
        case favoritesPerClient
        /// A change of favourites made by one instance (add, new note, removal, revocation) is
        /// seen by another that read them before, however often it read them, once the store's
        /// ``ServerStoreTestBackend/favoritesStaleness`` has passed (at once for most stores).
        case favoritesChangedByAnotherInstance
        /// Putting a favourite with a stored id replaces it; the list is oldest first.
        case replaceFavoriteByID
        /// Removing says whether there was something to remove.
        case removeFavorite
        /// Every field of a favourite comes back as it was: unicode, empty and missing texts,
        /// unknown category names, the order of the sources, extreme coordinates.
        case favoriteRoundTrip
        /// Dates come back to the microsecond.
        case datePrecision
        /// A cached value is there until its expiry and gone from then on; binary, empty and
        /// large values come back byte for byte.
        case cacheExpiry
        /// Storing under a cached key replaces the value and the expiry.
        case cacheReplace
        /// A client's own rate limit comes back with it (by token hash and in the list); a client
        /// without one has none.
        case clientRateLimit
        /// A budget is spent one request at a time in all its periods at once, or not at all when
        /// one is at its limit; counts are per provider and period.
        case budgetAllOrNothing
        /// Instances spending one budget at once never count past its limit together.
        case budgetSharedByInstances
        /// Usage rows add up per day, client and provider (`nil`: all), from several instances;
        /// `usage(since:)` gives the days from that one on.
        case usageAddsUp
        /// Migrating again, from the same or another instance, changes nothing and keeps the data.
        case migrateTwice
        /// Two instances migrating one new database at once: both succeed, each migration runs once.
        case migrateConcurrently
        /// A schema newer than the store understands: `schemaTooNew` with both versions.
        case schemaTooNew
        /// After `close()`, every call throws `unavailable`.
        case unavailableAfterClose
        /// A database that cannot be reached: `unavailable`, with no secret in the message.
        case unavailableWhenUnreachable

        public var description: String { rawValue }
    }

    /// The kind of store under test.
    public let backend: any ServerStoreTestBackend

    /// A suite for the stores `backend` makes.
    public init(backend: any ServerStoreTestBackend) {
        self.backend = backend
    }

    /// Runs one check on a fresh database.
    public func run(_ check: Check) async throws {
        if check == .unavailableWhenUnreachable {
            return try await checkUnreachable()
        }
        let database = try await backend.makeDatabase()
        let stores = OpenStores()
        do {
            try await run(check, on: database, stores: stores)
        } catch {
            await stores.closeAll()
            await database.destroy()
            throw error
        }
        await stores.closeAll()
        await database.destroy()
    }

    private func run(_ check: Check, on database: any ServerStoreTestDatabase, stores: OpenStores) async throws {
        let context = CheckContext(check: check, database: database, stores: stores, backend: backend)
        switch check {
        case .clientsInOrder: try await context.clientsInOrder()
        case .duplicateClient: try await context.duplicateClient()
        case .clientByTokenHash: try await context.clientByTokenHash()
        case .revokeRemovesFavorites: try await context.revokeRemovesFavorites()
        case .favoritesPerClient: try await context.favoritesPerClient()
        case .favoritesChangedByAnotherInstance: try await context.favoritesChangedByAnotherInstance()
        case .replaceFavoriteByID: try await context.replaceFavoriteByID()
        case .removeFavorite: try await context.removeFavorite()
        case .favoriteRoundTrip: try await context.favoriteRoundTrip()
        case .datePrecision: try await context.datePrecision()
        case .cacheExpiry: try await context.cacheExpiry()
        case .cacheReplace: try await context.cacheReplace()
        case .clientRateLimit: try await context.clientRateLimit()
        case .budgetAllOrNothing: try await context.budgetAllOrNothing()
        case .budgetSharedByInstances: try await context.budgetSharedByInstances()
        case .usageAddsUp: try await context.usageAddsUp()
        case .migrateTwice: try await context.migrateTwice()
        case .migrateConcurrently: try await context.migrateConcurrently()
        case .schemaTooNew: try await context.schemaTooNew()
        case .unavailableAfterClose: try await context.unavailableAfterClose()
        case .unavailableWhenUnreachable: break
        }
    }

    private func checkUnreachable() async throws {
        let check = Check.unavailableWhenUnreachable
        let store = try await backend.makeUnreachableStore()
        let calls = StoreCalls.all(on: store).filter { ["migrate", "checkReachable", "favorites"].contains($0.name) }
        var problems: [String] = []
        for call in calls {
            problems += await Self.expectUnavailable(call, secrets: backend.secrets)
        }
        await store.close()
        if !problems.isEmpty {
            throw ServerStoreConformanceFailure(check, problems.joined(separator: "; "))
        }
    }

    /// What is wrong with the outcome of `call` when it should throw `unavailable`: nothing
    /// (an empty list), another outcome, or a secret in the message.
    static func expectUnavailable(_ call: StoreCalls.Call, secrets: [String]) async -> [String] {
        do {
            try await call.run()
            return ["\(call.name) succeeded"]
        } catch .unavailable(let reason) {
            guard !reason.isEmpty else { return ["\(call.name) threw unavailable with no reason"] }
            return secrets.filter { !$0.isEmpty && reason.contains($0) }.map { _ in
                "\(call.name)'s message contains a secret: \(reason)"
            }
        } catch {
            return ["\(call.name) threw \(error), not unavailable"]
        }
    }
}

/// The stores a check opened, closed when it ends.
final class OpenStores: Sendable {
    private let stores = Mutex<[any ServerStore]>([])

    func add(_ store: any ServerStore) {
        stores.withLock { $0.append(store) }
    }

    func closeAll() async {
        let open = stores.withLock { stores in
            defer { stores = [] }
            return stores
        }
        for store in open { await store.close() }
    }
}

import Foundation
import Logging
import Synchronization
import VenuesServerStore

/// The store as the server uses it: the store's health followed from the calls' outcomes, so
/// that `/readyz` and the degraded answers know it and the log says once when the store goes
/// away and once when it comes back.
///
/// Calls rely on the stores' own bounds (PostgreSQL: its operation timeout, 5 s; SQLite: its
/// busy timeout, 10 s) rather than racing each one against a timer of their own: a cached
/// request makes one or two store calls, and two tasks per call were a measurable part of its
/// time. Only the start-up migration gets a limit of its own (``StoreService``).
final class StoreMonitor: Sendable {
    /// The store.
    let store: any ServerStore
    private let logger: Logger
    private let problem = Mutex<String?>(nil)
    private let migrated = Mutex<Bool>(false)

    init(store: any ServerStore, logger: Logger) {
        self.store = store
        self.logger = logger
    }

    /// Why the store was unavailable at the last call, or `nil` when that call succeeded.
    var lastProblem: String? { problem.withLock { $0 } }

    /// Whether the schema is in place; until it is, every call fails as unavailable.
    var isMigrated: Bool {
        get { migrated.withLock { $0 } }
        set { migrated.withLock { $0 = newValue } }
    }

    /// Runs one store call, noting whether the store answered.
    func call<T: Sendable>(
        _ operation: (any ServerStore) async throws(ServerStoreError) -> T
    ) async throws(ServerStoreError) -> T {
        guard isMigrated else {
            throw .unavailable("the schema is not migrated yet (the store was unreachable at start-up)")
        }
        do throws(ServerStoreError) {
            let value = try await operation(store)
            recovered()
            return value
        } catch .unavailable(let reason) {
            failed(reason)
            throw .unavailable(reason)
        } catch {
            // The store answered (a duplicate name, a refused schema): it is reachable.
            recovered()
            throw error
        }
    }

    /// Asks the store whether it answers now (for `/readyz`).
    func checkReachable() async throws(ServerStoreError) {
        try await call { store throws(ServerStoreError) in try await store.checkReachable() }
    }

    private func failed(_ reason: String) {
        let wasHealthy = problem.withLock { problem in
            defer { problem = reason }
            return problem == nil
        }
        if wasHealthy {
            logger.error("the store is unavailable: \(reason); answering degraded (no cache, favourites not flagged)")
        }
    }

    private func recovered() {
        let wasDown = problem.withLock { problem in
            defer { problem = nil }
            return problem != nil
        }
        if wasDown { logger.notice("the store is reachable again") }
    }
}

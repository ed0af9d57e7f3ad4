import Foundation
import Logging
import ServiceLifecycle
import VenuesCore
import VenuesServerStore

/// The store's part in the server's lifecycle: migrates the schema at start-up (again and
/// again while the database cannot be reached, so that a server started before its database
/// comes up degraded rather than not at all), writes the clients' usage counts every
/// ``flushInterval``, and after the HTTP server has finished its in-flight requests writes
/// them once more and closes the store.
final class StoreService: Service, Sendable {
    private let monitor: StoreMonitor
    private var store: any ServerStore { monitor.store }
    private let logger: Logger
    private let retryInterval: Duration
    private let usage: UsageMeter
    /// How long one migration attempt may take.
    let migrationTimeLimit: Duration
    /// How often the usage counts are written.
    let flushInterval: Duration

    init(
        monitor: StoreMonitor,
        logger: Logger,
        usage: UsageMeter = UsageMeter(),
        migrationTimeLimit: Duration = .seconds(30),
        retryInterval: Duration = .seconds(2),
        flushInterval: Duration = .seconds(1)
    ) {
        self.monitor = monitor
        self.migrationTimeLimit = migrationTimeLimit
        self.logger = logger
        self.usage = usage
        self.retryInterval = retryInterval
        self.flushInterval = flushInterval
    }

    /// Whether the schema is in place.
    var isMigrated: Bool { monitor.isMigrated }

    /// Migrates once (within ``migrationTimeLimit``).
    func migrateOnce() async throws(ServerStoreError) {
        let store = self.store
        let limit = migrationTimeLimit
        try await withTimeLimit(
            limit,
            expired: .unavailable("no answer within \(limit.components.seconds) s"),
            cancelled: .unavailable("the request was cancelled")
        ) { () async throws(ServerStoreError) in
            try await store.migrate()
        }.get()
        monitor.isMigrated = true
    }

    func run() async throws {
        var warned = false
        while !isMigrated, !Task.isShuttingDownGracefully, !Task.isCancelled {
            do throws(ServerStoreError) {
                try await migrateOnce()
                if warned { logger.notice("the store is reachable: schema migrated") }
            } catch {
                guard case .unavailable(let reason) = error else { throw error }
                if !warned {
                    logger.error(
                        "the store is unavailable: \(reason); retrying every \(retryInterval.components.seconds) s"
                    )
                    warned = true
                }
                let interval = retryInterval
                _ = try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
            }
        }
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            let interval = flushInterval
            _ = try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
            await usage.flush(to: monitor)
        }
        try? await gracefulShutdown()
        await usage.flush(to: monitor)
        await store.close()
    }
}

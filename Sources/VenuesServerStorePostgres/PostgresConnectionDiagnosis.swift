import Logging
import PostgresNIO
import Synchronization

/// Why the pool has no connection, found by opening one connection directly: the pool itself
/// only says that it has none ("refused for a while", or nothing before the deadline), while a
/// user needs "connection refused" or "database "venues" does not exist".
///
/// One attempt serves every caller for a few seconds, so an outage under load does not turn
/// into a storm of connection attempts.
final class PostgresConnectionDiagnosis: Sendable {
    private let configuration: PostgresServerStore.Configuration
    private let errors: PostgresErrorMapping
    private let logger: Logger
    private struct State {
        /// The latest attempt and when it started.
        var attempt: (task: Task<Finding, Never>, startedAt: ContinuousClock.Instant)?
        /// What the latest finished attempt found, and when it finished.
        var finding: (finding: Finding, finishedAt: ContinuousClock.Instant)?
    }
    private let state = Mutex(State())
    /// How long one diagnosis answers for.
    private static let reuse: Duration = .seconds(3)

    init(configuration: PostgresServerStore.Configuration, errors: PostgresErrorMapping, logger: Logger) {
        self.configuration = configuration
        self.errors = errors
        self.logger = logger
    }

    /// What a direct connection attempt found.
    enum Finding: Sendable, Hashable {
        /// A connection could be made: the server is there, the trouble is elsewhere.
        case reachable
        /// No connection, and why, as the server or the network says it.
        case unreachable(String)
    }

    /// What a connection attempt (this one, or one started less than 3 s ago) found.
    func check() async -> Finding {
        let now = ContinuousClock.now
        let attempt = state.withLock { state in
            if let attempt = state.attempt, attempt.startedAt.duration(to: now) < Self.reuse { return attempt.task }
            let task = Task {
                let finding = await self.attempt()
                self.state.withLock { $0.finding = (finding, ContinuousClock.now) }
                return finding
            }
            state.attempt = (task, now)
            return task
        }
        return await attempt.value
    }

    /// Why the server could not be reached, when an attempt that ended less than 3 s ago found
    /// so: calls meanwhile fail at once instead of each waiting for the pool's deadline.
    func recentlyUnreachable() -> String? {
        let now = ContinuousClock.now
        return state.withLock { state in
            guard let found = state.finding, found.finishedAt.duration(to: now) < Self.reuse,
                case .unreachable(let reason) = found.finding
            else { return nil }
            return reason
        }
    }

    private func attempt() async -> Finding {
        let endpoint = configuration.endpoint
        let configuration = configuration
        let logger = logger
        do {
            try await ProbedDeadline.run(within: configuration.connectTimeout) {
                let connection = try await PostgresConnection.connect(
                    configuration: try Self.connectionConfiguration(configuration),
                    id: 0,
                    logger: logger
                )
                try? await connection.close()
            }
            return .reachable
        } catch is ProbedDeadline.Exceeded {
            return .unreachable(
                "PostgreSQL at \(endpoint) did not answer a new connection within \(configuration.connectTimeout)"
            )
        } catch {
            switch errors.storeError(error) {
            case .unavailable(let reason), .failed(let reason): return .unreachable(reason)
            case let other: return .unreachable(other.description)
            }
        }
    }

    private static func connectionConfiguration(
        _ configuration: PostgresServerStore.Configuration
    ) throws -> PostgresConnection.Configuration {
        let tls: PostgresConnection.Configuration.TLS =
            switch configuration.tls {
            case .disable: .disable
            case .prefer: .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
            case .require: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            }
        var connection = PostgresConnection.Configuration(
            host: configuration.host,
            port: configuration.port,
            username: configuration.username,
            password: configuration.password,
            database: configuration.database,
            tls: tls
        )
        let (seconds, attoseconds) = configuration.connectTimeout.components
        connection.options.connectTimeout = .milliseconds(seconds * 1000 + attoseconds / 1_000_000_000_000_000)
        connection.options.additionalStartupParameters = [("application_name", "venues serve")]
        return connection
    }
}

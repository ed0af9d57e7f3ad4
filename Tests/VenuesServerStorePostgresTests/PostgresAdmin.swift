import Foundation
import Logging
import PostgresNIO
import VenuesServerStorePostgres

/// Plain SQL on the test server behind the stores' backs, one connection per call.
struct PostgresAdmin: Sendable {
    let configuration: PostgresServerStore.Configuration

    /// Runs `body` on a new connection, then closes it.
    func withConnection<Value: Sendable>(
        _ body: @Sendable (PostgresConnection) async throws -> Value
    ) async throws -> Value {
        let tls: PostgresConnection.Configuration.TLS =
            switch configuration.tls {
            case .disable: .disable
            case .prefer: .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
            case .require: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            }
        let connection = try await PostgresConnection.connect(
            configuration: PostgresConnection.Configuration(
                host: configuration.host,
                port: configuration.port,
                username: configuration.username,
                password: configuration.password,
                database: configuration.database,
                tls: tls
            ),
            id: 1,
            logger: Logger(label: "venues.tests.postgres-admin")
        )
        do {
            let value = try await body(connection)
            try? await connection.close()
            return value
        } catch {
            try? await connection.close()
            throw error
        }
    }

    /// Runs statements that return nothing.
    func execute(_ statements: String...) async throws {
        try await withConnection { connection in
            for statement in statements {
                try await connection.query(PostgresQuery(unsafeSQL: statement), logger: Self.logger)
            }
        }
    }

    /// The integers of the first column of a query.
    func integers(_ sql: String) async throws -> [Int] {
        try await withConnection { connection in
            var values: [Int] = []
            for try await value in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: Self.logger)
                .decode(Int.self)
            {
                values.append(value)
            }
            return values
        }
    }

    static let logger = Logger(label: "venues.tests.postgres-admin")
}

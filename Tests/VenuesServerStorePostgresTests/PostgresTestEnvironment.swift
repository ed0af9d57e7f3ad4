import Foundation
import VenuesServerStorePostgres
import VenuesTestSupport

/// The PostgreSQL server the tests may use, from the environment `scripts/test` (through
/// `scripts/postgres-test-server`) sets up.
enum PostgresTestEnvironment {
    /// `VENUES_TEST_POSTGRES_URL`: a database the tests may create schemas in (empty is unset).
    static var url: String? { TestEnvironment.postgresURL }

    /// `VENUES_TEST_POSTGRES_CTL`: `scripts/postgres-test-server`, to make a cluster of a test's
    /// own and stop and resume it.
    static var control: String? { TestEnvironment.postgresControl }

    /// Whether this is a CI run (`CI=true`, in any case), where a missing PostgreSQL is a failure.
    static var isCI: Bool { TestEnvironment.isCI }

    /// The configuration of ``url``.
    static func configuration() throws -> PostgresServerStore.Configuration {
        guard let url else { throw MissingServer() }
        return try PostgresServerStore.Configuration(url: url)
    }

    /// ``configuration()`` with deadlines for a busy test machine: 30 s for a call and for
    /// opening a connection.
    static func generousConfiguration(url: String? = nil) throws -> PostgresServerStore.Configuration {
        var configuration = try url.map { try PostgresServerStore.Configuration(url: $0) } ?? configuration()
        configuration.operationTimeout = .seconds(30)
        configuration.connectTimeout = .seconds(30)
        return configuration
    }

    /// Says loudly, on stderr, that tests are skipped and why.
    static func warnSkipped(_ what: String, missing variable: String) {
        let lines = [
            String(repeating: "#", count: 100),
            "# WARNING: \(what) SKIPPED: \(variable) is not set.",
            "# Run scripts/test (it starts a throwaway PostgreSQL), or set \(variable).",
            String(repeating: "#", count: 100),
        ]
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    struct MissingServer: Error, CustomStringConvertible {
        var description: String { "VENUES_TEST_POSTGRES_URL is not set" }
    }
}

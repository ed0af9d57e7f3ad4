import Foundation
import VenuesServerStore
import VenuesServerStorePostgres
import VenuesServerStoreTestSupport

/// PostgreSQL stores for the conformance suite: a schema of its own per check, in the database
/// of `VENUES_TEST_POSTGRES_URL`, dropped afterwards.
struct PostgresTestBackend: ServerStoreTestBackend {
    var name: String { "PostgreSQL" }
    var schemaVersion: Int { PostgresServerStore.schemaVersion }
    /// The password of the unreachable store's URL.
    static let password = "s3cret-Pa55word"
    var secrets: [String] { [Self.password] }
    /// An instance trusts the favourites it read for this long (the default configuration's).
    var favoritesStaleness: Duration {
        (try? PostgresTestEnvironment.generousConfiguration().favoritesFreshFor) ?? .milliseconds(500)
    }

    func makeDatabase() async throws -> any ServerStoreTestDatabase {
        var configuration = try PostgresTestEnvironment.generousConfiguration()
        configuration.schema = "venues_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        return PostgresTestDatabase(configuration: configuration)
    }

    /// A server on a loopback port nothing listens on, with a password that must stay secret.
    func makeUnreachableStore() async throws -> any ServerStore {
        let port = try UnusedPort.loopback()
        var configuration = try PostgresServerStore.Configuration(
            url: "postgres://venues:\(Self.password)@127.0.0.1:\(port)/venues"
        )
        configuration.operationTimeout = .seconds(30)
        configuration.connectTimeout = .seconds(30)
        return try PostgresServerStore(configuration: configuration)
    }
}

struct PostgresTestDatabase: ServerStoreTestDatabase {
    let configuration: PostgresServerStore.Configuration
    var schema: String { configuration.schema ?? "public" }
    var admin: PostgresAdmin { PostgresAdmin(configuration: configuration) }

    func makeStore() async throws -> any ServerStore {
        try PostgresServerStore(configuration: configuration)
    }

    func recordedSchemaVersions() async throws -> [Int] {
        try await admin.integers("SELECT version FROM \(schema).schema_migrations ORDER BY version")
    }

    func recordSchemaVersion(_ version: Int) async throws {
        try await admin.execute(
            "INSERT INTO \(schema).schema_migrations (version, description) VALUES (\(version), 'from the future')"
        )
    }

    func destroy() async {
        try? await admin.execute("DROP SCHEMA IF EXISTS \(schema) CASCADE")
    }
}

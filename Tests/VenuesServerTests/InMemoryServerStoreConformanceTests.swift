import Testing
import VenuesServerStore
import VenuesServerStoreTestSupport
import VenuesServerTestSupport

/// The in-memory store behind most route tests keeps the promises the real stores keep: a
/// route test that passes on it would pass on them.
@Suite("In-memory server store (the route tests'): the ServerStore conformance suite")
struct InMemoryServerStoreConformanceTests {
    @Test(arguments: ServerStoreConformance.Check.allCases)
    func conforms(_ check: ServerStoreConformance.Check) async throws {
        try await ServerStoreConformance(backend: InMemoryTestBackend()).run(check)
    }
}

/// In-memory databases for the conformance suite.
struct InMemoryTestBackend: ServerStoreTestBackend {
    var name: String { "in-memory" }
    var schemaVersion: Int { InMemoryServerStore.schemaVersion }
    var secrets: [String] { [] }

    func makeDatabase() async throws -> any ServerStoreTestDatabase {
        InMemoryTestDatabase(database: InMemoryServerDatabase())
    }

    func makeUnreachableStore() async throws -> any ServerStore {
        let store = InMemoryServerStore()
        store.isReachable = false
        return store
    }
}

struct InMemoryTestDatabase: ServerStoreTestDatabase {
    let database: InMemoryServerDatabase

    func makeStore() async throws -> any ServerStore { InMemoryServerStore(database: database) }
    func recordedSchemaVersions() async throws -> [Int] { database.schemaVersions }
    func recordSchemaVersion(_ version: Int) async throws { database.recordSchemaVersion(version) }
    func destroy() async {}
}

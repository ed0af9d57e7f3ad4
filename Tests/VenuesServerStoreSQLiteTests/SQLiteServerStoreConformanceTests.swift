import Testing
import VenuesServerStoreTestSupport

@Suite("SQLite server store: the ServerStore conformance suite")
struct SQLiteServerStoreConformanceTests {
    @Test(arguments: ServerStoreConformance.Check.allCases)
    func conforms(_ check: ServerStoreConformance.Check) async throws {
        try await ServerStoreConformance(backend: SQLiteTestBackend()).run(check)
    }
}

import Testing
import VenuesServerStore
import VenuesServerStorePostgres
import VenuesServerStoreTestSupport
import VenuesTestSupport

@Suite(
    "PostgreSQL server store: the ServerStore conformance suite",
    .enabled(
        if: TestEnvironment.runs(ifAvailable: PostgresTestEnvironment.url != nil),
        "VENUES_TEST_POSTGRES_URL is not set (scripts/test sets it)"
    ),
    // One check at a time: the server's processes share the machine's two cores with every
    // other test.
    .serialized,
    .timeLimit(.minutes(5))
)
struct PostgresServerStoreConformanceTests {
    @Test(arguments: ServerStoreConformance.Check.allCases)
    func conforms(_ check: ServerStoreConformance.Check) async throws {
        try await ServerStoreConformance(backend: PostgresTestBackend()).run(check)
    }
}

@Suite("PostgreSQL for the tests")
struct PostgresTestServerPresenceTests {
    /// Never silent: without a server the PostgreSQL tests say loudly that they are skipped, and
    /// in CI the run fails.
    @Test("a PostgreSQL server is configured (required when CI=true)")
    func serverIsConfigured() {
        guard PostgresTestEnvironment.url == nil else { return }
        PostgresTestEnvironment.warnSkipped(
            "the PostgreSQL server store tests are",
            missing: "VENUES_TEST_POSTGRES_URL"
        )
        if PostgresTestEnvironment.isCI {
            Issue.record("CI=true, but VENUES_TEST_POSTGRES_URL is not set: the PostgreSQL store was not tested")
        }
    }

    @Test("the test server can be stopped and resumed (required when CI=true)")
    func controlIsConfigured() {
        guard PostgresTestEnvironment.control == nil else { return }
        PostgresTestEnvironment.warnSkipped("the PostgreSQL restart test is", missing: "VENUES_TEST_POSTGRES_CTL")
        if PostgresTestEnvironment.isCI {
            Issue.record("CI=true, but VENUES_TEST_POSTGRES_CTL is not set: recovery after a restart was not tested")
        }
    }
}

@Suite(
    "PostgreSQL server store: reasons",
    .enabled(
        if: TestEnvironment.runs(ifAvailable: PostgresTestEnvironment.url != nil),
        "VENUES_TEST_POSTGRES_URL is not set (scripts/test sets it)"
    ),
    .timeLimit(.minutes(2))
)
struct PostgresUnavailableReasonTests {
    @Test("a database that does not exist: unavailable, saying so")
    func missingDatabase() async throws {
        var configuration = try PostgresTestEnvironment.generousConfiguration()
        configuration.database = "venues_no_such_database"
        let store = try PostgresServerStore(configuration: configuration)
        let error = await #expect(throws: ServerStoreError.self) { try await store.checkReachable() }
        await store.close()
        guard case .unavailable(let reason)? = error else {
            Issue.record("\(String(describing: error)), not unavailable")
            return
        }
        #expect(reason.contains("venues_no_such_database"), "\(reason)")
        #expect(reason.contains("does not exist"), "\(reason)")
    }
}

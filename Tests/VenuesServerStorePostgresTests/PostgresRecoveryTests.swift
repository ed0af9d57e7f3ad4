import Foundation
import Testing
import VenuesCore
import VenuesFavorites
import VenuesServerStore
import VenuesServerStorePostgres
import VenuesTestSupport

@Suite(
    "PostgreSQL server store: the server goes away and comes back",
    .enabled(
        if: TestEnvironment.runs(ifAvailable: PostgresTestEnvironment.control != nil),
        "VENUES_TEST_POSTGRES_CTL is not set (scripts/test sets it)"
    ),
    .timeLimit(.minutes(5))
)
struct PostgresRecoveryTests {
    @Test("while the server is stopped every call throws unavailable; once it is back the same store works")
    func recoversWithoutANewStore() async throws {
        let cluster = try await PostgresTestCluster.start(control: try #require(PostgresTestEnvironment.control))
        do {
            try await exercise(cluster)
        } catch {
            await cluster.destroy()
            throw error
        }
        await cluster.destroy()
    }

    private func exercise(_ cluster: PostgresTestCluster) async throws {
        let store = try PostgresServerStore(
            configuration: PostgresTestEnvironment.generousConfiguration(url: cluster.url)
        )
        let addedAt = Date(timeIntervalSince1970: 1_763_800_000)
        let before = try Self.favorite("before", addedAt: addedAt)
        try await store.migrate()
        try await store.putFavorite(before, client: "alice")
        try await store.storeValue([1, 2, 3], key: "k", expiresAt: Date().addingTimeInterval(86_400))

        let down = try Self.favorite("down", addedAt: addedAt)
        try await cluster.stop()
        for call in ["checkReachable", "favorites", "putFavorite", "cachedValue"] {
            let error = await #expect(throws: ServerStoreError.self, "\(call) with the server stopped") {
                switch call {
                case "checkReachable": try await store.checkReachable()
                case "favorites": _ = try await store.favorites(client: "alice")
                case "putFavorite": try await store.putFavorite(down, client: "alice")
                default: _ = try await store.cachedValue(key: "k", now: Date())
                }
            }
            guard case .unavailable(let reason)? = error else {
                Issue.record("\(call) with the server stopped: \(String(describing: error)), not unavailable")
                continue
            }
            #expect(reason.contains("127.0.0.1"), "the reason names the server: \(reason)")
        }

        try await cluster.resume()
        // The pool reconnects with a backoff of its own: wait for it, with a generous bound.
        let deadline = ContinuousClock.now + .seconds(180)
        var lastReason = ""
        while true {
            let outcome = await Self.reachability(of: store)
            guard case .failure(let error) = outcome else { break }
            lastReason = error.description
            guard case .unavailable = error, ContinuousClock.now < deadline else {
                Issue.record("not back 180 s after the server came back: \(lastReason)")
                await store.close()
                return
            }
            try await Task.sleep(for: .milliseconds(250))
        }
        #expect(try await store.favorites(client: "alice") == [before])
        let after = try Self.favorite("after", addedAt: addedAt.addingTimeInterval(1))
        try await store.putFavorite(after, client: "alice")
        #expect(try await store.favorites(client: "alice") == [before, after])
        #expect(try await store.cachedValue(key: "k", now: Date()) == [1, 2, 3], "a clean restart keeps the cache")
        await store.close()
    }

    private static func reachability(of store: PostgresServerStore) async -> Result<Void, ServerStoreError> {
        do {
            try await store.checkReachable()
            return .success(())
        } catch {
            return .failure(error)
        }
    }

    private static func favorite(_ native: String, addedAt: Date) throws -> Favorite {
        Favorite(
            id: try VenueID(parsing: "test:\(native)"),
            name: native,
            coordinate: try Coordinate(latitude: 60.17, longitude: 24.94),
            addedAt: addedAt
        )
    }
}

import Foundation
import PostgresNIO
import Testing
import VenuesCore
import VenuesFavorites
import VenuesServerStore
import VenuesServerStorePostgres
import VenuesServerStoreTestSupport
import VenuesTestSupport

/// Instances tell each other of changed favourites (LISTEN/NOTIFY): an instance that keeps a
/// client's favourites for a minute hears of another's change and reads them afresh at its
/// next listing, and again after its listening connection was killed (it forgets everything
/// when it listens again). No test waits on the clock: each waits for the notification to be
/// heard, then reads once; without notifications it would list what it kept.
@Suite(
    "PostgreSQL store: favourites changed by another instance are seen at once",
    .enabled(
        if: TestEnvironment.runs(ifAvailable: PostgresTestEnvironment.url != nil),
        "VENUES_TEST_POSTGRES_URL is not set (scripts/test sets it)"
    ),
    .timeLimit(.minutes(2))
)
struct FavoriteNotificationTests {
    /// Two stores on one new schema that trust what they read for a minute.
    static func stores() async throws -> (PostgresServerStore, PostgresServerStore, PostgresServerStore.Configuration) {
        var configuration = try PostgresTestEnvironment.generousConfiguration()
        configuration.schema = "venues_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        configuration.favoritesFreshFor = .seconds(60)
        let writer = try PostgresServerStore(configuration: configuration)
        let reader = try PostgresServerStore(configuration: configuration)
        try await writer.migrate()
        return (writer, reader, configuration)
    }

    static func favorite(_ native: String) -> Favorite {
        Favorite(
            id: try! VenueID(parsing: "osm:node/\(native)"),
            name: "Kahvila \(native)",
            coordinate: try! Coordinate(latitude: 60.17, longitude: 24.94),
            address: nil,
            categories: [.cafe],
            note: nil,
            addedAt: Date(timeIntervalSince1970: 1_795_000_000)
        )
    }

    /// Whether `condition` holds before a minute is out, asked every 10 ms: a wait for an
    /// event (a notification heard, a connection listening), which the test then acts on; the
    /// minute only ends a wait for an event that never comes.
    static func eventually(_ condition: () -> Bool) async -> Bool {
        let giveUp = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < giveUp {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition()
    }

    /// Makes `change` through `writer` and waits until `reader` has heard of it; then one read
    /// of `reader`, which keeps alice's favourites for a minute, must list `count` of them.
    static func change(
        _ what: String,
        by writer: PostgresServerStore,
        seenBy reader: PostgresServerStore,
        count: Int,
        _ change: (PostgresServerStore) async throws -> Void
    ) async throws {
        let heard = reader.changesHeard
        try await change(writer)
        let arrived = await eventually { reader.changesHeard > heard }
        #expect(arrived, "the reader never heard of \(what)")
        let listed = try await reader.favorites(client: "alice")
        #expect(listed.count == count, "the reader heard of \(what), yet listed what it kept: \(listed.map(\.name))")
    }

    @Test func aChangeIsSeenByAnInstanceThatKeptTheOldFavourites() async throws {
        guard PostgresTestEnvironment.url != nil else { return }
        let (writer, reader, configuration) = try await Self.stores()
        #expect(await Self.eventually { reader.listensForChanges }, "the reader never listened")
        #expect(try await reader.favorites(client: "alice").isEmpty)  // kept for a minute
        try await Self.change("the addition", by: writer, seenBy: reader, count: 1) {
            try await $0.putFavorite(Self.favorite("1"), client: "alice")
        }
        try await Self.change("the removal", by: writer, seenBy: reader, count: 0) { store in
            let removed = try await store.removeFavorite(id: Self.favorite("1").id, client: "alice")
            #expect(removed)
        }
        try await Self.change("a second addition", by: writer, seenBy: reader, count: 1) {
            try await $0.putFavorite(Self.favorite("2"), client: "alice")
        }
        try await Self.change("the revocation", by: writer, seenBy: reader, count: 0) {
            _ = try await $0.revokeClient(name: "alice")
        }
        await writer.close()
        await reader.close()
        try await Self.dropSchema(configuration)
    }

    @Test func afterItsListeningConnectionIsKilledAnInstanceStillSeesChanges() async throws {
        guard PostgresTestEnvironment.url != nil else { return }
        let (writer, reader, configuration) = try await Self.stores()
        #expect(await Self.eventually { reader.listensForChanges && writer.listensForChanges })
        let starts = reader.listeningStarts
        let channel = "venues_favorites_\(configuration.schema!)"
        let admin = PostgresAdmin(configuration: configuration)
        // The two instances' listening connections, killed.
        let killed = try await admin.withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT count(pg_terminate_backend(pid))::bigint FROM pg_stat_activity
                WHERE query = 'LISTEN "' || \(channel) || '";'
                """,
                logger: Logger(label: "venues.tests.postgres-admin")
            )
            var count = 0
            for try await value in rows.decode(Int.self) { count = value }
            return count
        }
        #expect(killed == 2, "the two listening connections of the channel were not found")
        // It listens again, on a new connection; then it keeps alice's favourites again.
        #expect(await Self.eventually { reader.listeningStarts > starts }, "the reader never listened again")
        #expect(try await reader.favorites(client: "alice").isEmpty)
        try await Self.change("the addition after the kill", by: writer, seenBy: reader, count: 1) {
            try await $0.putFavorite(Self.favorite("1"), client: "alice")
        }
        await writer.close()
        await reader.close()
        try await Self.dropSchema(configuration)
    }

    static func dropSchema(_ configuration: PostgresServerStore.Configuration) async throws {
        let schema = configuration.schema!
        try await PostgresAdmin(configuration: configuration).withConnection { connection in
            try await connection.query(
                PostgresQuery(unsafeSQL: "DROP SCHEMA IF EXISTS \(schema) CASCADE"),
                logger: Logger(label: "venues.tests.postgres-admin")
            )
        }
    }
}

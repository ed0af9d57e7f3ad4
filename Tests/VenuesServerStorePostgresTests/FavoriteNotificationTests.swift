import Foundation
import PostgresNIO
import Testing
import VenuesCore
import VenuesFavorites
import VenuesServerStore
import VenuesServerStorePostgres
import VenuesServerStoreTestSupport
import VenuesTestSupport

/// Instances tell each other of changed favourites (LISTEN/NOTIFY): an instance that kept a
/// client's favourites for a minute still sees another's change at once, and again after its
/// listening connection was killed (it forgets everything when it listens again).
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

    /// Whether `reader` lists `count` favourites of alice within `bound` (it would take a
    /// minute without the notifications).
    static func sees(_ count: Int, _ reader: PostgresServerStore, within bound: Duration = .seconds(20)) async -> Bool {
        let giveUp = ContinuousClock.now + bound
        while ContinuousClock.now < giveUp {
            if (try? await reader.favorites(client: "alice"))?.count == count { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    @Test func aChangeIsSeenByAnInstanceThatKeptTheOldFavourites() async throws {
        guard PostgresTestEnvironment.url != nil else { return }
        let (writer, reader, configuration) = try await Self.stores()
        #expect(try await reader.favorites(client: "alice").isEmpty)  // kept for a minute
        try await writer.putFavorite(Self.favorite("1"), client: "alice")
        let added = await Self.sees(1, reader)
        #expect(try await writer.removeFavorite(id: Self.favorite("1").id, client: "alice"))
        let removed = await Self.sees(0, reader)
        try await writer.putFavorite(Self.favorite("2"), client: "alice")
        _ = await Self.sees(1, reader)
        _ = try await writer.revokeClient(name: "alice")
        let revoked = await Self.sees(0, reader)
        await writer.close()
        await reader.close()
        try await Self.dropSchema(configuration)

        #expect(added, "the addition by the other instance was not seen")
        #expect(removed, "the removal by the other instance was not seen")
        #expect(revoked, "the revocation by the other instance was not seen")
    }

    @Test func afterItsListeningConnectionIsKilledAnInstanceStillSeesChanges() async throws {
        guard PostgresTestEnvironment.url != nil else { return }
        let (writer, reader, configuration) = try await Self.stores()
        #expect(try await reader.favorites(client: "alice").isEmpty)
        let channel = "venues_favorites_\(configuration.schema!)"
        let admin = PostgresAdmin(configuration: configuration)
        // The two instances' listening connections, once they listen; then killed.
        var killed = 0
        let giveUp = ContinuousClock.now + .seconds(20)
        while killed < 2, ContinuousClock.now < giveUp {
            killed += try await admin.withConnection { connection in
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
            if killed < 2 { try await Task.sleep(for: .milliseconds(50)) }
        }
        try await writer.putFavorite(Self.favorite("1"), client: "alice")
        let seen = await Self.sees(1, reader)
        await writer.close()
        await reader.close()
        try await Self.dropSchema(configuration)

        #expect(killed >= 2, "the two listening connections of the channel were not found")
        #expect(seen, "after the listening connection was killed, the change was not seen")
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

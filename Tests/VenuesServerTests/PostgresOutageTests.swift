import Foundation
import Testing
import VenuesServerTestSupport
import VenuesTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A real PostgreSQL stopped and started again under a server's load (listings and favourite
/// writes): the server answers listings degraded meanwhile, recovers by itself, and no
/// acknowledged favourite is lost.
@Suite(
    "venues serve with PostgreSQL stopped and started again under load",
    .enabled(
        if: TestEnvironment.runs(ifAvailable: TestEnvironment.postgresControl != nil),
        "VENUES_TEST_POSTGRES_CTL is not set: skipped (scripts/test sets it, through scripts/postgres-test-server)"
    )
)
struct PostgresOutageTests {
    @Test("listings stay 200 (degraded while the database is away), readyz follows it, all recovers without a restart")
    func outageUnderLoad() async throws {
        guard let control = TestEnvironment.postgresControl else {
            Issue.record(Comment(rawValue: TestEnvironment.missingInCI("VENUES_TEST_POSTGRES_CTL")))
            return
        }
        let cluster = try await PostgresTestCluster.start(control: control)
        let home = try TemporaryHome.make()
        let overpass = try await Fakes.overpass(count: 3)
        defer { try? FileManager.default.removeItem(at: home) }
        do {
            try await exercise(cluster: cluster, home: home, overpass: overpass)
        } catch {
            await cluster.destroy()
            await overpass.stop()
            throw error
        }
        await cluster.destroy()
        await overpass.stop()
    }

    private func exercise(cluster: PostgresTestCluster, home: URL, overpass: FakeProvider) async throws {
        let environment = try ServeProcess.environment(home: home, fakes: [overpass])
        let database = ["--database", cluster.url]
        let token = try await ServeProcess.createToken("load", environment: environment, database: database)
        let server = try await ServeProcess.start(database, environment: environment)
        let client = TestHTTPClient(port: server.port, token: token)
        let anonymous = client.with(token: nil)
        let near = FakeBodies.near
        #expect(try await client.send("PUT", "/v1/favorites/osm:node/9100000").status == 201)

        // The load: listings over a few queries, and a favourite written every fourth round,
        // until told to stop; every listing's status kept, and every favourite acknowledged.
        let statuses = LockedBox<[Int]>([])
        let acknowledged = LockedBox<[String]>([])
        let running = LockedBox(true)
        let load = Task {
            var round = 0
            while running.current {
                round += 1
                let status = (try? await client.get("/v1/nearby?near=\(near)&radius=\(900 + round % 5)").status) ?? -1
                statuses.withLock { $0.append(status) }
                if round % 4 == 0 {
                    let id = "osm:node/\(9_200_000 + round)"
                    if (try? await client.send("PUT", "/v1/favorites/\(id)").status) == 201 {
                        acknowledged.withLock { $0.append(id) }
                    }
                }
            }
        }
        _ = await Polling.until { statuses.current.count >= 5 }

        try await cluster.stop()
        let degradedSeen = try await Polling.until(atMost: .seconds(120)) {
            try await client.get("/v1/nearby?near=\(near)&radius=777").header("venues-degraded") == "store-unavailable"
        }
        let notReady = try await anonymous.get("/readyz")
        let countBeforeResume = statuses.current.count

        try await cluster.resume()
        let readyAgain = try await Polling.until(atMost: .seconds(180)) {
            try await anonymous.get("/readyz").status == 200
        }
        let recovered = try await client.get("/v1/nearby?near=\(near)&radius=778")
        _ = await Polling.until { statuses.current.count >= countBeforeResume + 5 }
        let acknowledgedBeforeTheEnd = acknowledged.current.count
        _ = await Polling.until { acknowledged.current.count >= acknowledgedBeforeTheEnd + 2 }
        running.withLock { $0 = false }
        await load.value
        let listed = try await client.get("/v1/favorites")
        let stored = Set(((try? listed.json()["venues"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String })
        server.send(SIGTERM)
        let exit = try await server.exitStatus()

        #expect(degradedSeen, "a listing was answered degraded while the database was away")
        #expect(notReady.status == 503)
        #expect(notReady.errorKind == "storeUnavailable")
        #expect(readyAgain, "readyz answered 200 again without a restart")
        #expect(recovered.status == 200)
        #expect(recovered.header("venues-degraded") == nil)
        let flagged = ((try? recovered.json()["venues"] as? [[String: Any]]) ?? [])
            .filter { $0["favorite"] as? Bool == true }.compactMap { $0["id"] as? String }
        #expect(flagged.contains("osm:node/9100000"), "favourites are flagged again")
        let all = statuses.current
        #expect(all.count > 10)
        #expect(all.allSatisfy { $0 == 200 }, "every listing under load was answered: \(Set(all))")
        #expect(listed.status == 200)
        let written = acknowledged.current
        #expect(written.count > acknowledgedBeforeTheEnd, "favourites are written again after the restart")
        #expect(written.filter { !stored.contains($0) }.isEmpty, "acknowledged but lost across the restart")
        #expect(stored.contains("osm:node/9100000"))
        #expect(exit == 0, "\(server.stderr)")
    }
}

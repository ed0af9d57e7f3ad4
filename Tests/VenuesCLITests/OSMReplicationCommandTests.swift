import Foundation
import Synchronization
import Testing
import VenuesTestSupport

/// `venues osm update NAME --replication URL`: following a replication folder laid out like
/// planet.osm.org's, served on loopback: from a sequence, resumed after an interrupted run, up to
/// date (no change file fetched), one new file (only it fetched), and the start found from the
/// index's data time.
@Suite(.timeLimit(.minutes(5)))
struct OSMReplicationCommandTests {
    typealias Home = OSMIndexCommandTests.Home

    /// A replication folder on a loopback server: `state.txt` and, per sequence,
    /// `AAA/BBB/CCC.osc.gz` and `AAA/BBB/CCC.state.txt`.
    final class Feed: Sendable {
        let server: LoopbackServer
        private let state: Files

        /// What the server holds, shared with its handler.
        final class Files: Sendable {
            let bodies = Mutex<[String: Data]>([:])
            /// Paths answered 500 (a server failing).
            let failing = Mutex<Set<String>>([])
        }

        private init(server: LoopbackServer, state: Files) {
            self.server = server
            self.state = state
        }

        static func start() async throws -> Feed {
            let state = Files()
            let server = try await LoopbackServer.start { request in
                let path = String(request.path.dropFirst("/replication/".count))
                if state.failing.withLock({ $0.contains(path) }) { return StubResponse(status: 500) }
                guard let body = state.bodies.withLock({ $0[path] }) else { return StubResponse(status: 404) }
                return StubResponse(status: 200, body: body)
            }
            return Feed(server: server, state: state)
        }

        var url: String { server.url("/replication").absoluteString }

        static func path(_ sequence: Int) -> String {
            String(format: "%03d/%03d/%03d", sequence / 1_000_000, sequence / 1_000 % 1_000, sequence % 1_000)
        }

        static func state(_ sequence: Int, _ timestamp: String) -> Data {
            Data(
                "#Fri Nov 27 01:00:02 UTC 2026\nsequenceNumber=\(sequence)\ntimestamp=\(timestamp.replacingOccurrences(of: ":", with: "\\:"))\n"
                    .utf8
            )
        }

        /// Publishes sequence `number` with `change`, current to `timestamp`, as the newest.
        func publish(_ number: Int, _ change: String, timestamp: String) throws {
            let body = try OSMUpdateCommandTests.gzipped(change)
            state.bodies.withLock { files in
                files[Self.path(number) + ".osc.gz"] = body
                files[Self.path(number) + ".state.txt"] = Self.state(number, timestamp)
                files["state.txt"] = Self.state(number, timestamp)
            }
        }

        func fail(_ path: String, _ failing: Bool) {
            state.failing.withLock { if failing { $0.insert(path) } else { $0.remove(path) } }
        }

        /// Requests made for `path` so far.
        func requests(_ path: String) async -> Int {
            await server.requests.filter { $0.path == "/replication/" + path }.count
        }

        /// Requests for change files so far.
        var changeFileRequests: Int {
            get async { await server.requests.filter { $0.path.hasSuffix(".osc.gz") }.count }
        }
    }

    static func importCity(_ home: Home) async throws {
        #expect(try await home.run(["osm", "import", OSMIndexCommandTests.sample.path, "--name", "city"]).status == 0)
    }

    @Test func followsAFeedFromASequenceThenSaysUpToDateThenFetchesOnlyTheNewFile() async throws {
        let feed = try await Feed.start()
        defer { Task { await feed.server.stop() } }
        for number in 1...3 {
            try feed.publish(number, OSMUpdateCommandTests.cafes([number]), timestamp: "2024-02-0\(number)T00:00:00Z")
        }
        let home = try Home()
        try await Self.importCity(home)
        let first = try await home.run(["osm", "update", "city", "--replication", feed.url, "--sequence", "0"])
        #expect(first.status == 0, "\(first.transcript)")
        #expect(first.stdout.contains("(sequence 3)"), "\(first.stdout)")
        #expect(
            try await OSMUpdateCommandTests.found(home) == ["Kahvila Zyxwvu 1", "Kahvila Zyxwvu 2", "Kahvila Zyxwvu 3"]
        )
        #expect(await feed.changeFileRequests == 3)
        let agent = await feed.server.requests.first?.header("User-Agent") ?? ""
        #expect(agent.hasPrefix("venues/"), "User-Agent \(agent)")
        let replication = try await OSMUpdateCommandTests.listed(home)["replication"] as? [String: Any]
        #expect(replication?["sequence"] as? Int == 3)
        #expect(replication?["timestamp"] as? String == "2024-02-03T00:00:00Z")
        #expect((replication?["url"] as? String)?.hasPrefix(feed.url) == true)

        // Up to date: only state.txt is asked for.
        let again = try await home.run(["osm", "update", "city"])
        #expect(again.status == 0, "\(again.transcript)")
        #expect(again.stdout.contains("up to date"), "\(again.stdout)")
        #expect(await feed.changeFileRequests == 3)

        // One new sequence: only its change file is fetched.
        try feed.publish(4, OSMUpdateCommandTests.cafes([4]), timestamp: "2024-02-04T00:00:00Z")
        let next = try await home.run(["osm", "update", "city"])
        #expect(next.status == 0, "\(next.transcript)")
        #expect(await feed.changeFileRequests == 4)
        #expect(await feed.requests(Feed.path(4) + ".osc.gz") == 1)
        #expect(try await OSMUpdateCommandTests.found(home).count == 4)
    }

    @Test func aRunInterruptedByAFailingServerChangesNothingAndTheNextResumes() async throws {
        let feed = try await Feed.start()
        defer { Task { await feed.server.stop() } }
        for number in 1...3 {
            try feed.publish(number, OSMUpdateCommandTests.cafes([number]), timestamp: "2024-02-0\(number)T00:00:00Z")
        }
        feed.fail(Feed.path(3) + ".osc.gz", true)
        let home = try Home()
        try await Self.importCity(home)
        let failed = try await home.run(["osm", "update", "city", "--replication", feed.url, "--sequence", "0"])
        #expect(failed.status == 1, "\(failed.transcript)")
        #expect(failed.stderr.contains("nothing changed"), "\(failed.stderr)")
        #expect(try await OSMUpdateCommandTests.found(home).isEmpty)
        #expect(await feed.requests(Feed.path(1) + ".osc.gz") == 1)

        feed.fail(Feed.path(3) + ".osc.gz", false)
        let resumed = try await home.run(["osm", "update", "city", "--replication", feed.url, "--sequence", "0"])
        #expect(resumed.status == 0, "\(resumed.transcript)")
        #expect(try await OSMUpdateCommandTests.found(home).count == 3)
        #expect(await feed.requests(Feed.path(1) + ".osc.gz") == 1, "sequence 1 was kept, not fetched again")
        #expect(await feed.requests(Feed.path(2) + ".osc.gz") == 1)
    }

    /// Killed with the feed's changes written but not committed, the index, its sequence, the
    /// feed's time and the update time are all as before, and the next run applies the same
    /// sequences; killed after the commit, all are as after, and the next run is up to date.
    @Test(arguments: ["updating", "updated"])
    func aReplicationUpdateKilledHalfWayKeepsItsSequenceWithItsData(phase: String) async throws {
        let feed = try await Feed.start()
        defer { Task { await feed.server.stop() } }
        for number in 1...2 {
            try feed.publish(number, OSMUpdateCommandTests.cafes([number]), timestamp: "2024-02-0\(number)T00:00:00Z")
        }
        let home = try Home()
        try await Self.importCity(home)
        let before = try await OSMUpdateCommandTests.listed(home)
        let arguments = ["osm", "update", "city", "--replication", feed.url, "--sequence", "0"]
        let (stopped, _) = try await OSMIndexCommandTests.killed(arguments, at: phase, environment: home.environment)
        #expect(stopped, "the update stopped at \(phase)")

        let listed = try await OSMUpdateCommandTests.listed(home)
        let replication = listed["replication"] as? [String: Any]
        if phase == "updating" {
            #expect(try await OSMUpdateCommandTests.found(home).isEmpty)
            #expect(String(describing: listed["replication"]) == String(describing: before["replication"]))
            #expect(String(describing: listed["updatedAt"]) == String(describing: before["updatedAt"]))
            let again = try await home.run(arguments)
            #expect(again.status == 0, "\(again.transcript)")
            #expect(again.stdout.contains("(sequence 2)"), "\(again.stdout)")
        } else {
            #expect(try await OSMUpdateCommandTests.found(home) == ["Kahvila Zyxwvu 1", "Kahvila Zyxwvu 2"])
            #expect(replication?["sequence"] as? Int == 2, "\(listed)")
            #expect(replication?["timestamp"] as? String == "2024-02-02T00:00:00Z", "\(listed)")
            #expect(listed["updatedAt"] is String, "\(listed)")
            let again = try await home.run(["osm", "update", "city"])
            #expect(again.status == 0, "\(again.transcript)")
            #expect(again.stdout.contains("up to date"), "\(again.stdout)")
        }
        #expect(try await OSMUpdateCommandTests.found(home) == ["Kahvila Zyxwvu 1", "Kahvila Zyxwvu 2"])
    }

    /// Without --sequence, an index whose data is of 2019-04-21T09:50:14Z starts after the newest
    /// sequence of that time or before: the change of the day before is not applied again.
    @Test func withoutASequenceTheStartIsFoundFromTheDataTime() async throws {
        let feed = try await Feed.start()
        defer { Task { await feed.server.stop() } }
        for number in 0...6 {
            try feed.publish(
                number,
                OSMUpdateCommandTests.cafes([number]),
                timestamp: "2019-04-\(19 + number)T00:00:00Z"
            )
        }
        let home = try Home()
        try await Self.importCity(home)
        let update = try await home.run(["osm", "update", "city", "--replication", feed.url])
        #expect(update.status == 0, "\(update.transcript)")
        // Sequence 2 is of 2019-04-21T00:00:00Z: 3…6 are applied.
        #expect(
            try await OSMUpdateCommandTests.found(home)
                == ["Kahvila Zyxwvu 3", "Kahvila Zyxwvu 4", "Kahvila Zyxwvu 5", "Kahvila Zyxwvu 6"]
        )
    }
}

import Foundation
import Testing
import VenuesServerTestSupport
import VenuesTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `venues serve` as its own process: tokens from the command line, graceful shutdown on
/// SIGTERM, durability across `kill -9`, and two instances sharing one PostgreSQL.
@Suite("venues serve as a process", .serialized)
struct ServeProcessTests {
    @Test("token create prints the token alone on the last line; list and revoke; the token opens the API")
    func tokens() async throws {
        let home = try TemporaryHome.make()
        defer { try? FileManager.default.removeItem(at: home) }
        let overpass = try await Fakes.overpass()
        let environment = try ServeProcess.environment(home: home, fakes: [overpass])
        let created = try await ServeProcess.run(["serve", "token", "create", "mobile-app"], environment: environment)
        let duplicate = try await ServeProcess.run(
            ["serve", "token", "create", "mobile-app"],
            environment: environment
        )
        let listed = try await ServeProcess.run(
            ["serve", "token", "list", "--format", "json"],
            environment: environment
        )
        let token = String(created.stdout.split(separator: "\n").last ?? "")

        let server = try await ServeProcess.start([], environment: environment)
        let client = TestHTTPClient(port: server.port, token: token)
        let allowed = try await client.get("/v1/favorites")
        let revoked = try await ServeProcess.run(["serve", "token", "revoke", "mobile-app"], environment: environment)
        // The running server learns of a revocation made by another process within 1 s: a sleep
        // of that second, then the very next request is refused.
        try await Task.sleep(for: .seconds(1))
        let afterRevoking = try await client.get("/v1/favorites")
        let revokedAgain = try await ServeProcess.run(
            ["serve", "token", "revoke", "mobile-app"],
            environment: environment
        )
        server.send(SIGTERM)
        let status = try await server.exitStatus()
        await overpass.stop()

        #expect(created.status == 0, "\(created.stderr)")
        #expect(token.hasPrefix("venues_"), "\(created.stdout)")
        #expect(created.stdout.hasSuffix("\n\(token)\n"))
        #expect(duplicate.status == 1)
        #expect(duplicate.stderr.contains("a client named mobile-app exists already"))
        #expect(listed.stdout.contains(#""name" : "mobile-app""#), "\(listed.stdout)")
        #expect(!listed.stdout.contains(token))
        #expect(allowed.status == 200, "\(allowed.text)")
        #expect(revoked.status == 0)
        #expect(afterRevoking.status == 401, "a second after venues serve token revoke: \(afterRevoking.text)")
        #expect(revokedAgain.status == 1)
        #expect(status == 0)
        let database = home.appendingPathComponent("data/venues/server.sqlite")
        let stored = try Data(contentsOf: database)
        #expect(stored.range(of: Data(token.utf8)) == nil, "the token itself is not in the database file")
    }

    @Test("a token's rate limit from the command line; token list and serve usage count what the fake saw")
    func limitsAndUsage() async throws {
        let home = try TemporaryHome.make()
        defer { try? FileManager.default.removeItem(at: home) }
        let overpass = try await Fakes.overpass()
        let environment = try ServeProcess.environment(home: home, fakes: [overpass])
        let created = try await ServeProcess.run(
            ["serve", "token", "create", "batch", "--rate", "3/h", "--burst", "2"],
            environment: environment
        )
        let token = String(created.stdout.split(separator: "\n").last ?? "")
        let server = try await ServeProcess.start([], environment: environment)
        let client = TestHTTPClient(port: server.port, token: token)
        var statuses: [Int] = []
        for radius in [500, 600, 700] {
            statuses.append(try await client.get("/v1/nearby?near=\(FakeBodies.near)&radius=\(radius)").status)
        }
        server.send(SIGTERM)
        let status = try await server.exitStatus()
        let overpassRequests = await overpass.requestCount
        await overpass.stop()
        let listed = try await ServeProcess.run(["serve", "token", "list"], environment: environment)
        let usage = try await ServeProcess.run(["serve", "usage", "--format", "json"], environment: environment)
        let table = try await ServeProcess.run(["serve", "usage"], environment: environment)

        #expect(created.status == 0, "\(created.stderr)")
        #expect(statuses == [200, 200, 429])
        #expect(status == 0)
        #expect(overpassRequests == 2)
        #expect(listed.stdout.contains("3/h burst 2"), "\(listed.stdout)")
        #expect(listed.stdout.contains(#/batch .* 3/h burst 2 +2 +2\n/#), "\(listed.stdout)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(usage.stdout.utf8)) as? [String: Any])
        let clients = try #require(document["clients"] as? [[String: Any]], "\(usage.stdout)")
        #expect(clients.count == 1)
        #expect(clients.first?["client"] as? String == "batch")
        #expect(clients.first?["requests"] as? Int == 2)
        #expect(clients.first?["upstreamRequests"] as? Int == overpassRequests)
        let providers = clients.first?["providers"] as? [[String: Any]] ?? []
        #expect(providers.first?["provider"] as? String == "osm")
        #expect(providers.first?["upstreamRequests"] as? Int == overpassRequests)
        #expect(table.stdout.contains(#/batch +osm +2 +2/#), "\(table.stdout)")
    }

    @Test(
        "settings it refuses exit 64 with what is accepted",
        arguments: [
            (["serve", "--no-auth", "--host", "0.0.0.0"], "--no-auth is allowed only on a loopback address"),
            (["serve", "--port", "70000"], "--port 70000 is out of range: expected 0 to 65535"),
            (["serve", "--read-timeout", "0"], "--read-timeout 0.0 is out of range"),
            (["serve", "--database", "mysql://db/venues"], "is not a database this server knows"),
            (["serve", "token", "create", "no spaces"], "NAME 'no spaces' is not a client name"),
            (["serve", "--default-rate", "fast"], "--default-rate fast is not a rate"),
            (["serve", "--default-burst", "3"], "--default-burst needs --default-rate"),
            (["serve", "token", "create", "app", "--burst", "3"], "--burst needs --rate"),
            (["serve", "token", "create", "app", "--rate", "5/fortnight"], "--rate 5/fortnight is not a rate"),
            (["serve", "usage", "--since", "yesterday"], "--since yesterday is not a date"),
        ]
    )
    func refusedSettings(arguments: [String], message: String) async throws {
        let home = try TemporaryHome.make()
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try await ServeProcess.run(
            arguments,
            environment: try ServeProcess.environment(home: home, fakes: [])
        )
        #expect(result.status == (message.contains("database") ? 1 : 64), "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test("venues serve runs venues-server: the server's version and help, through venues")
    func handedToTheServerProgram() async throws {
        let home = try TemporaryHome.make()
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = try ServeProcess.environment(home: home, fakes: [])
        let help = try await ServeProcess.run(["serve", "--help"], environment: environment)
        let tokenHelp = try await ServeProcess.run(["serve", "token", "--help"], environment: environment)
        let listed = try await ServeProcess.run(["--help"], environment: environment)

        #expect(help.status == 0, "\(help.stderr)")
        #expect(help.stdout.contains("USAGE: venues serve [--host <address>] [--port <port>]"), "\(help.stdout)")
        #expect(tokenHelp.stdout.contains("USAGE: venues serve token <subcommand>"), "\(tokenHelp.stdout)")
        #expect(
            listed.stdout.contains(#/\n  serve +Serve nearby, search/#),
            "venues --help lists serve: \(listed.stdout)"
        )
    }

    @Test("without venues-server beside it, venues serve says where it looked and exits 1")
    func missingServerProgram() async throws {
        let home = try TemporaryHome.make()
        defer { try? FileManager.default.removeItem(at: home) }
        let alone = home.appendingPathComponent("bin", isDirectory: true)
        try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: true)
        let copy = alone.appendingPathComponent("venues")
        try FileManager.default.copyItem(at: try ServeProcess.executable, to: copy)
        let result = try await ServeProcess.run(
            ["serve", "--port", "0"],
            environment: try ServeProcess.environment(home: home, fakes: []),
            executable: copy
        )

        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "venues serve and venues mcp run \(alone.path)/venues-server, which cannot be started"
            ),
            "\(result.stderr)"
        )
        #expect(result.stdout.isEmpty)
    }

    @Test("SIGTERM with requests in flight: it stops listening, every request completes, exit 0")
    func gracefulShutdown() async throws {
        let home = try TemporaryHome.make()
        defer { try? FileManager.default.removeItem(at: home) }
        let gate = HeldAnswer()
        let overpass = try await Fakes.overpass { _, _ in
            await gate.hold(atMost: .seconds(120))
            return nil
        }
        let environment = try ServeProcess.environment(home: home, fakes: [overpass])
        let server = try await ServeProcess.start(["--no-auth"], environment: environment)
        let client = TestHTTPClient(port: server.port)
        async let responses = withThrowingTaskGroup(of: TestResponse.self) { group in
            for _ in 0..<10 {
                group.addTask { try await client.get("/v1/nearby?near=\(FakeBodies.near)&radius=200") }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        // Ten requests for one listing: the first is with the fake, and the server counts each
        // of the nine others as it joins that call. Nine joined and the one call held by the
        // fake: all ten are in the server's hands (not in its accept queue) when SIGTERM arrives.
        let coalesced = #"venues_coalesced_requests_total{provider="osm"}"#
        let inFlight = await Polling.until(atMost: .seconds(120)) {
            let joined = (try? await Polling.metric(of: client, coalesced)) ?? 0
            let calls = await overpass.requestCount
            return joined == 9 && calls == 1
        }
        server.send(SIGTERM)
        let stoppedListening = await Polling.until { server.refusesConnections() }
        gate.release()
        let answered = try await responses
        let status = try await server.exitStatus()
        let upstream = await overpass.requestCount
        await overpass.stop()

        #expect(inFlight, "all ten requests reached the server before SIGTERM")
        #expect(upstream == 1, "the ten were answered by one call")
        #expect(stoppedListening, "new connections are refused once SIGTERM arrived")
        #expect(answered.map(\.status) == Array(repeating: 200, count: 10), "\(answered.map(\.text))")
        #expect(status == 0, "\(server.stderr)")
    }

    /// A PUT whose body is half sent when SIGTERM arrives: the server stops listening but reads
    /// the rest and answers it (201, the favourite stored); a second one whose body never
    /// comes is closed by the read timeout, and the server still exits 0 — it never waits for
    /// ever on a client. Both connections are first used for a whole request, so the server
    /// holds them (they are not in its accept queue) when the signal comes.
    @Test("SIGTERM while a body is half uploaded: the upload completes and is answered, a stalled one is cut, exit 0")
    func sigtermMidUpload() async throws {
        let home = try TemporaryHome.make()
        defer { try? FileManager.default.removeItem(at: home) }
        let overpass = try await Fakes.overpass()
        let environment = try ServeProcess.environment(home: home, fakes: [overpass])
        let server = try await ServeProcess.start(["--no-auth", "--read-timeout", "3"], environment: environment)
        let port = server.port
        let body = Data(#"{"note": "sent in two halves"}"#.utf8)
        let head = Data(
            "PUT /v1/favorites/osm:node/9100007 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(body.count)\r\n\r\n"
                .utf8
        )
        let healthz = Data("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        let (uploading, stalled) = try await offCooperativePool { () -> (RawConnection, RawConnection) in
            let uploading = try RawConnection(port: port, timeout: 60)
            let stalled = try RawConnection(port: port, timeout: 60)
            for connection in [uploading, stalled] {
                try connection.write(healthz)
                _ = try Self.readOneResponse(connection)
                try connection.write(head + body.prefix(body.count / 2))
            }
            return (uploading, stalled)
        }
        defer {
            uploading.close()
            stalled.close()
        }
        server.send(SIGTERM)
        let stoppedListening = await Polling.until { server.refusesConnections() }
        let answer = try await offCooperativePool { () -> TestResponse in
            try uploading.write(body.suffix(from: body.count / 2))
            return try TestHTTPClient.parse(try Self.readOneResponse(uploading))
        }
        let stalledClosed = await offCooperativePool { stalled.waitForClose() }
        let status = try await server.exitStatus()
        await overpass.stop()

        #expect(stoppedListening, "new connections are refused once SIGTERM arrived")
        #expect(answer.status == 201, "\(answer.text)")
        #expect(try answer.json()["note"] as? String == "sent in two halves")
        #expect(stalledClosed, "the upload that never completes is cut by the read timeout")
        #expect(status == 0, "\(server.stderr)")
    }

    /// Reads one HTTP/1.1 response with a Content-Length body from a kept-alive connection.
    private static func readOneResponse(_ connection: RawConnection) throws -> Data {
        var data = Data()
        while true {
            if let end = data.range(of: Data("\r\n\r\n".utf8)) {
                let head = String(decoding: data[..<end.lowerBound], as: UTF8.self).lowercased()
                let length =
                    head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                if data.count - end.upperBound >= length { return data.prefix(end.upperBound + length) }
            }
            let more = try connection.readSome()
            guard !more.isEmpty else { throw TestHTTPError.malformed("closed after \(data.count) bytes") }
            data.append(more)
        }
    }

    @Test("kill -9 during 100 concurrent favourite writes (SQLite): every acknowledged write survives")
    func killDuringWritesSQLite() async throws {
        try await killDuringWrites(database: [])
    }

    @Test(
        "kill -9 during 100 concurrent favourite writes (PostgreSQL): every acknowledged write survives",
        .enabled(
            if: TestEnvironment.runs(ifAvailable: TestPostgres.serverURL != nil),
            "VENUES_TEST_POSTGRES_URL is not set: skipped (scripts/postgres-test-server run swift test … runs it)"
        )
    )
    func killDuringWritesPostgres() async throws {
        guard TestPostgres.serverURL != nil else {
            Issue.record(Comment(rawValue: TestEnvironment.missingInCI("VENUES_TEST_POSTGRES_URL")))
            return
        }
        try await killDuringWrites(database: ["--database", try await TestPostgres.freshDatabase()])
    }

    private func killDuringWrites(database: [String]) async throws {
        let home = try TemporaryHome.make()
        defer { try? FileManager.default.removeItem(at: home) }
        let overpass = try await Fakes.overpass()
        let environment = try ServeProcess.environment(home: home, fakes: [overpass])
        let token = try await ServeProcess.createToken("writer", environment: environment, database: database)
        let server = try await ServeProcess.start(database, environment: environment)
        let client = TestHTTPClient(port: server.port, token: token)
        // Every venue looked up once first: the writes find them in the shared cache, so that the
        // store sees 100 writes at once rather than Overpass's two slots letting two through.
        var warmed = 0
        for node in 1...100 where try await client.get("/v1/venues/osm:node/\(node)").status == 200 { warmed += 1 }
        let lookups = await overpass.requestCount
        let acknowledged = LockedBox<[Int]>([])
        let killed = LockedBox(false)
        @Sendable func killOnce() {
            let first = killed.withLock { done in
                defer { done = true }
                return !done
            }
            if first { server.send(SIGKILL) }
        }
        // Killed once a third are acknowledged, or after a bound whatever happened (the writes'
        // connections then fail at once): never a wait on a count that may not come.
        let watchdog = Task {
            try? await Task.sleep(for: .seconds(120))
            killOnce()
        }
        await withTaskGroup(of: Void.self) { group in
            for node in 1...100 {
                group.addTask {
                    guard let response = try? await client.send("PUT", "/v1/favorites/osm:node/\(node)") else { return }
                    guard (200..<300).contains(response.status) else { return }
                    let count = acknowledged.withLock { list in
                        list.append(node)
                        return list.count
                    }
                    // Kill once a third are acknowledged: the rest are in flight or not yet sent.
                    if count == 33 { killOnce() }
                }
            }
        }
        watchdog.cancel()
        killOnce()
        let lookupsAfterWrites = await overpass.requestCount
        let status = try await server.exitStatus()
        let restarted = try await ServeProcess.start(database, environment: environment)
        let listed = try await TestHTTPClient(port: restarted.port, token: token).get("/v1/favorites")
        restarted.send(SIGTERM)
        _ = try await restarted.exitStatus()
        await overpass.stop()

        let written = acknowledged.current
        #expect(warmed == 100)
        #expect(lookupsAfterWrites == lookups, "the writes' lookups came from the cache")
        #expect(status == 128 + SIGKILL, "the server was killed, not stopped")
        #expect(written.count >= 33)
        #expect(written.count < 100, "some writes were cut off by the kill")
        #expect(listed.status == 200)
        let stored = Set(
            ((try? listed.json()["venues"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }
        )
        let missing = written.filter { !stored.contains("osm:node/\($0)") }
        #expect(missing.isEmpty, "acknowledged but lost: \(missing)")
    }

    @Test(
        "two instances on one PostgreSQL share the cache and the favourites; a token revoked is refused by both within 1 s",
        .enabled(
            if: TestEnvironment.runs(ifAvailable: TestPostgres.serverURL != nil),
            "VENUES_TEST_POSTGRES_URL is not set: skipped (scripts/postgres-test-server run swift test … runs it)"
        )
    )
    func twoInstancesSharePostgres() async throws {
        guard TestPostgres.serverURL != nil else {
            Issue.record(Comment(rawValue: TestEnvironment.missingInCI("VENUES_TEST_POSTGRES_URL")))
            return
        }
        let home = try TemporaryHome.make()
        defer { try? FileManager.default.removeItem(at: home) }
        let overpass = try await Fakes.overpass()
        let environment = try ServeProcess.environment(home: home, fakes: [overpass])
        let database = ["--database", try await TestPostgres.freshDatabase()]
        let token = try await ServeProcess.createToken("shared", environment: environment, database: database)
        async let startFirst = ServeProcess.start(database, environment: environment)
        async let startSecond = ServeProcess.start(database, environment: environment)
        let (first, second) = try await (startFirst, startSecond)
        let one = TestHTTPClient(port: first.port, token: token)
        let two = TestHTTPClient(port: second.port, token: token)

        let target = "/v1/nearby?near=\(FakeBodies.near)&radius=650"
        let fromFirst = try await one.get(target)
        let fromSecond = try await two.get(target)
        let searches = await overpass.requests.filter(Fakes.isSearch).count
        let put = try await one.send("PUT", "/v1/favorites/osm:node/9100001")
        // The second instance read the favourites for its listing just before: it may go on
        // with them for half a second (PostgresServerStore.Configuration.favoritesFreshFor,
        // checked on a test clock in RecentFavoritesTests), then it sees the change.
        func favoriteIDs(_ response: TestResponse) -> [String] {
            ((try? response.json()["venues"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }
        }
        func flaggedIDs(_ response: TestResponse) -> [String] {
            ((try? response.json()["venues"] as? [[String: Any]]) ?? [])
                .filter { $0["favorite"] as? Bool == true }.compactMap { $0["id"] as? String }
        }
        var seenBySecond = try await two.get("/v1/favorites")
        var flaggedBySecond = try await two.get(target)
        let giveUp = ContinuousClock.now + .seconds(30)
        while favoriteIDs(seenBySecond).isEmpty || flaggedIDs(flaggedBySecond).isEmpty, ContinuousClock.now < giveUp {
            try await Task.sleep(for: .milliseconds(50))
            seenBySecond = try await two.get("/v1/favorites")
            flaggedBySecond = try await two.get(target)
        }
        // Revoked through another process: within a second, both instances refuse the token
        // (each trusts a token for less than a second since it last asked the database).
        let usedBeforeRevoking = [try await one.get("/v1/favorites").status, try await two.get("/v1/favorites").status]
        let revoked = try await ServeProcess.run(
            ["serve", "token", "revoke", "shared"] + database,
            environment: environment
        )
        try await Task.sleep(for: .seconds(1))
        let afterRevoking = [try await one.get("/v1/favorites").status, try await two.get("/v1/favorites").status]
        first.send(SIGTERM)
        second.send(SIGTERM)
        let statuses = [try await first.exitStatus(), try await second.exitStatus()]
        await overpass.stop()

        #expect(fromFirst.status == 200)
        #expect(fromSecond.status == 200)
        #expect(searches == 1, "the second instance answered from the cache the first filled")
        #expect(put.status == 201)
        #expect(favoriteIDs(seenBySecond) == ["osm:node/9100001"])
        #expect(flaggedIDs(flaggedBySecond) == ["osm:node/9100001"])
        #expect(usedBeforeRevoking == [200, 200])
        #expect(revoked.status == 0, "\(revoked.stderr)")
        #expect(afterRevoking == [401, 401], "a second after venues serve token revoke")
        #expect(statuses == [0, 0])
    }

    @Test(
        "two instances on one PostgreSQL share a budget: together they send exactly what it allows",
        .enabled(
            if: TestEnvironment.runs(ifAvailable: TestPostgres.serverURL != nil),
            "VENUES_TEST_POSTGRES_URL is not set: skipped (scripts/postgres-test-server run swift test … runs it)"
        )
    )
    func twoInstancesShareABudgetOnPostgres() async throws {
        guard TestPostgres.serverURL != nil else {
            Issue.record(Comment(rawValue: TestEnvironment.missingInCI("VENUES_TEST_POSTGRES_URL")))
            return
        }
        let home = try TemporaryHome.make()
        defer { try? FileManager.default.removeItem(at: home) }
        let google = try await FakeProvider.working(.google, count: 1)
        let overpass = try await Fakes.overpass()
        let environment = try ServeProcess.environment(home: home, fakes: [google, overpass])
        try Data(
            #"{"timeout": 60, "providers": ["google", "osm"], "overpass": {"useIndexes": false}, "google": {"budget": {"daily": 4}}}"#
                .utf8
        ).write(to: home.appendingPathComponent("config/venues/config.json"))
        let database = ["--database", try await TestPostgres.freshDatabase()]
        let token = try await ServeProcess.createToken("shared", environment: environment, database: database)
        async let startFirst = ServeProcess.start(database, environment: environment)
        async let startSecond = ServeProcess.start(database, environment: environment)
        let (first, second) = try await (startFirst, startSecond)
        let clients = [TestHTTPClient(port: first.port, token: token), TestHTTPClient(port: second.port, token: token)]
        // 12 different listings, asked of both instances at once.
        let outcomes = try await withThrowingTaskGroup(of: String?.self) { group in
            for index in 0..<12 {
                let client = clients[index % 2]
                group.addTask {
                    let response = try await client.get("/v1/nearby?near=\(FakeBodies.near)&radius=\(400 + index * 10)")
                    let providers = try response.json()["providers"] as? [[String: Any]] ?? []
                    let entry = providers.first { $0["provider"] as? String == "google" }
                    return entry.map { ($0["error"] as? [String: Any])?["kind"] as? String ?? "ok" }
                }
            }
            return try await group.reduce(into: [String?]()) { $0.append($1) }
        }
        first.send(SIGTERM)
        second.send(SIGTERM)
        let statuses = [try await first.exitStatus(), try await second.exitStatus()]
        let googleRequests = await google.requestCount
        await google.stop()
        await overpass.stop()
        let usage = try await ServeProcess.run(
            ["serve", "usage", "--format", "json"] + database,
            environment: environment
        )

        #expect(statuses == [0, 0])
        #expect(googleRequests == 4)
        #expect(outcomes.filter { $0 == "ok" }.count == 4)
        #expect(outcomes.filter { $0 == "budgetExhausted" }.count == 8)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(usage.stdout.utf8)) as? [String: Any])
        let providers = (document["clients"] as? [[String: Any]])?.first?["providers"] as? [[String: Any]] ?? []
        let counted = providers.first { $0["provider"] as? String == "google" }?["upstreamRequests"] as? Int
        #expect(counted == googleRequests, "\(usage.stdout)")
    }
}

import Foundation
import Testing
import VenuesTestSupport

/// Every command, with `--verbose`, against working and failing fake providers (which even
/// echo the key back in their error bodies): neither API key may appear in stdout, stderr,
/// any file `venues` writes (cache, last listing, favourites), or any request URL or body. Each
/// key may only travel in its own provider's header.
@Suite(.timeLimit(.minutes(2)))
struct SecretsTests {
    /// The distinctive parts of both keys (the whole key, and its random tail in case a prefix
    /// is cut off or rewritten).
    static let secrets = [
        FakeProviders.foursquareKey, String(FakeProviders.foursquareKey.dropFirst(7)),
        FakeProviders.googleKey, String(FakeProviders.googleKey.dropFirst(8)),
    ]

    /// Every command a user can run, each with `--verbose`; the ids are those the fakes list.
    static func everyCommand(providers: String) -> [[String]] {
        let fsqID = "fsq:\(FakeBodies.foursquareID(0))"
        let googleID = "google:\(FakeBodies.googleID(1))"
        let osmID = "osm:node/\(FakeBodies.overpassNodeID(2))"
        let near = ["--near", FakeBodies.near, "--radius", "800", "--providers", providers]
        return [
            ["--help"],
            ["nearby", "--help", "--verbose"],
            ["providers", "--verbose"],
            ["nearby", "--verbose", "--format", "json"] + near,
            ["nearby", "--verbose", "--explain"] + near,
            ["nearby", "--verbose", "--format", "csv", "--no-cache"] + near,
            ["nearby", "--verbose", "--format", "geojson", "--offline"] + near,
            ["search", "Kahvila", "--verbose", "--format", "json"] + near,
            ["show", fsqID, "--verbose"],
            ["show", googleID, "--verbose", "--format", "json"],
            ["show", osmID, "--verbose"],
            ["favorites", "add", fsqID, "--verbose", "--note", "secrets test"],
            ["favorites", "add", googleID, "--verbose"],
            ["favorites", "add", osmID, "--verbose"],
            ["favorites", "list", "--verbose", "--format", "json"],
            ["favorites", "list", "--verbose", "--near", FakeBodies.near],
            ["favorites", "remove", fsqID, "--verbose"],
        ]
    }

    struct Run {
        var arguments: [String]
        var output: EndToEndProcess.Output
    }

    /// Runs every command in one sandbox, in order.
    static func runEveryCommand(_ fakes: FakeProviders, home: URL) async throws -> [Run] {
        var runs: [Run] = []
        for arguments in everyCommand(providers: fakes.providerList) {
            let output = try await EndToEndProcess.run(arguments, environment: fakes.environment(home: home))
            runs.append(Run(arguments: arguments, output: output))
        }
        return runs
    }

    /// Fakes for every provider with the given responders.
    static func fakes(
        foursquare: @escaping FakeProvider.Responder,
        google: @escaping FakeProvider.Responder,
        overpass: @escaping FakeProvider.Responder
    ) async throws -> FakeProviders {
        var fakes = FakeProviders()
        fakes.foursquare = try await FakeProvider.start(.foursquare, respond: foursquare)
        fakes.google = try await FakeProvider.start(.google, respond: google)
        fakes.overpass = try await FakeProvider.start(.overpass, respond: overpass)
        return fakes
    }

    @Test func noKeyLeaksWithWorkingProviders() async throws {
        let fakes = try await Self.fakes(
            foursquare: { _, request in .success(.foursquare, count: 4, request: request) },
            google: { _, request in .success(.google, count: 4, request: request) },
            overpass: { _, request in .success(.overpass, count: 4, request: request) }
        )
        let home = try VenuesProcess.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let runs = try await Self.runEveryCommand(fakes, home: home)

        // The scenario really worked: listings, lookups and favourites succeeded and were logged.
        for run in runs {
            #expect(run.output.status == 0, "venues \(run.arguments.joined(separator: " ")): \(run.output.transcript)")
        }
        let nearby = try #require(
            runs.first { $0.arguments.starts(with: ["nearby", "--verbose", "--format", "json"]) }
        )
        #expect(try nearby.output.json().venues.count >= 8)
        #expect(nearby.output.stderr.contains("→ GET"), "--verbose logs requests: \(nearby.output.stderr)")
        let files = Self.files(under: home)
        #expect(files.contains { $0.lastPathComponent == "favorites.json" })
        #expect(files.contains { $0.lastPathComponent == "last-results.json" })
        #expect(files.contains { $0.path.contains("/responses/") }, "the response cache holds entries: \(files)")

        try await Self.expectNoLeak(runs, fakes: fakes, home: home)
        await fakes.stop()
    }

    @Test func noKeyLeaksWithFailingProvidersThatEchoTheKey() async throws {
        let fakes = try await Self.fakes(
            foursquare: { attempt, _ in
                attempt.isMultiple(of: 2)
                    ? .json(
                        FakeBodies.foursquareError("The token \(FakeProviders.foursquareKey) is not valid here."),
                        status: 401
                    )
                    : StubResponse(
                        status: 500,
                        headers: [("Content-Type", "text/html")],
                        body: Data(
                            "<html><body>Internal error for key \(FakeProviders.foursquareKey)</body></html>".utf8
                        )
                    )
            },
            google: { attempt, _ in
                attempt.isMultiple(of: 2)
                    ? .json(
                        #"""
                        {"error":{"code":400,"message":"API key not valid: \#(FakeProviders.googleKey)","status":"INVALID_ARGUMENT",
                        "details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"API_KEY_INVALID",
                        "domain":"googleapis.com","metadata":{"key":"\#(FakeProviders.googleKey)"}}]}}
                        """#,
                        status: 400
                    )
                    : .json("not json, but the key \(FakeProviders.googleKey)")
            },
            // Overpass is never sent a key (checked below), so it cannot echo one.
            overpass: { _, _ in .text("<p><strong>Error</strong>: line 1: parse error</p>", status: 400) }
        )
        let home = try VenuesProcess.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let runs = try await Self.runEveryCommand(fakes, home: home)

        // The scenario really failed: no listing, and the provider errors were reported.
        let nearby = try #require(
            runs.first { $0.arguments.starts(with: ["nearby", "--verbose", "--format", "json"]) }
        )
        #expect(nearby.output.status == 1, "\(nearby.output.transcript)")
        #expect(nearby.output.stderr.contains("warning: fsq: "))
        #expect(nearby.output.stderr.contains("warning: google: "))
        #expect(await fakes.foursquare?.requestCount ?? 0 > 0)
        #expect(await fakes.google?.requestCount ?? 0 > 0)

        try await Self.expectNoLeak(runs, fakes: fakes, home: home)
        await fakes.stop()
    }

    @Test func noKeyLeaksWhenTheKeysComeFromAConfigFile() async throws {
        let fakes = try await Self.fakes(
            foursquare: { _, request in .success(.foursquare, count: 2, request: request) },
            // The 403 carries the key back, as Google's own answers may: it must go no further.
            google: { _, _ in
                .json(
                    FakeBodies.googleError(
                        code: 403,
                        status: "PERMISSION_DENIED",
                        message: "Requests from this key are blocked: \(FakeProviders.googleKey)"
                    ),
                    status: 403
                )
            },
            overpass: { _, request in .success(.overpass, count: 2, request: request) }
        )
        let home = try VenuesProcess.temporaryHome()
        let keys = try VenuesProcess.temporaryHome()
        defer {
            try? FileManager.default.removeItem(at: home)
            try? FileManager.default.removeItem(at: keys)
        }
        let config = keys.appendingPathComponent("keys.json")
        try Data(
            #"{"foursquare": {"apiKey": "\#(FakeProviders.foursquareKey)"}, "google": {"apiKey": "\#(FakeProviders.googleKey)"}}"#
                .utf8
        ).write(to: config)
        var environment = fakes.environment(home: home)
        environment["FOURSQUARE_API_KEY"] = nil
        environment["GOOGLE_PLACES_API_KEY"] = nil
        // swift-configuration's own access log: it records every lookup, with secrets redacted.
        let accessLog = home.appendingPathComponent("config-access.log")
        environment["CONFIG_ACCESS_LOG_FILE"] = accessLog.path
        var runs: [Run] = []
        for arguments in [
            ["providers", "--verbose"],
            ["nearby", "--near", FakeBodies.near, "--providers", fakes.providerList, "--verbose", "--format", "json"],
        ] {
            let output = try await EndToEndProcess.run(arguments + ["--config", config.path], environment: environment)
            runs.append(Run(arguments: arguments, output: output))
        }
        #expect(runs[0].output.stdout.contains("fsq: usable"), "\(runs[0].output.transcript)")
        #expect(runs[1].output.status == 0, "\(runs[1].output.transcript)")
        #expect(await fakes.google?.requestCount ?? 0 > 0, "the 403 that echoes the key was served")
        #expect(runs[1].output.stderr.contains("google"), "the 403 is reported: \(runs[1].output.transcript)")
        #expect(
            await fakes.foursquare?.requests.first?.header("Authorization") == "Bearer \(FakeProviders.foursquareKey)"
        )

        let log = try String(contentsOf: accessLog, encoding: .utf8)
        #expect(log.contains("foursquare.apiKey"), "the access log records the key's lookup: \(log)")
        try await Self.expectNoLeak(runs, fakes: fakes, home: home)
        await fakes.stop()
    }

    /// A provider endpoint that redirects to another host (here `localhost` instead of
    /// `127.0.0.1`: another host name to libcurl) must not hand that host the key.
    @Test func noKeyIsForwardedToAnotherHostOnARedirect() async throws {
        let elsewhere = try await LoopbackServer.start { _ in .json(#"{"results": [], "places": []}"#) }
        let target = "http://localhost:\(elsewhere.port)"
        let fakes = try await Self.fakes(
            foursquare: { _, request in
                StubResponse(status: 302, headers: [("Location", target + request.path)], body: Data())
            },
            google: { _, request in
                StubResponse(status: 302, headers: [("Location", target + request.path)], body: Data())
            },
            overpass: { _, request in .success(.overpass, count: 2, request: request) }
        )
        let home = try VenuesProcess.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        var runs: [Run] = []
        for arguments in [
            ["nearby", "--near", FakeBodies.near, "--providers", fakes.providerList, "--verbose", "--format", "json"],
            ["show", "google:\(FakeBodies.googleID(0))", "--verbose"],
            ["show", "fsq:\(FakeBodies.foursquareID(0))", "--verbose"],
        ] {
            let output = try await EndToEndProcess.run(arguments, environment: fakes.environment(home: home))
            runs.append(Run(arguments: arguments, output: output))
        }
        #expect(await fakes.foursquare?.requestCount ?? 0 > 0)
        #expect(await fakes.google?.requestCount ?? 0 > 0)
        for request in await elsewhere.requests {
            for (name, value) in request.headers {
                for secret in Self.secrets {
                    #expect(!value.contains(secret), "the redirect target got a key in \(name): \(request.path)")
                }
            }
        }
        try await Self.expectNoLeak(runs, fakes: fakes, home: home)
        await fakes.stop()
        await elsewhere.stop()
    }

    // MARK: Checks

    /// No secret in any output or file; each key only in its own provider's header.
    static func expectNoLeak(_ runs: [Run], fakes: FakeProviders, home: URL) async throws {
        for run in runs {
            let command = "venues \(run.arguments.joined(separator: " "))"
            for secret in secrets {
                #expect(!run.output.stdout.contains(secret), "\(command) printed a key on stdout: \(run.output.stdout)")
                #expect(!run.output.stderr.contains(secret), "\(command) printed a key on stderr: \(run.output.stderr)")
            }
        }
        for file in files(under: home) {
            let bytes = try Data(contentsOf: file)
            for secret in secrets {
                #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(file.path) holds a key")
            }
        }
        for fake in fakes.all {
            let requests = await fake.requests
            for request in requests {
                let url = request.path + "?" + request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
                for secret in secrets {
                    #expect(!url.contains(secret), "\(fake.kind.rawValue) was sent a key in the URL: \(url)")
                    #expect(!request.bodyText.contains(secret), "\(fake.kind.rawValue) was sent a key in a body")
                }
                // Each key only in its own header, to its own provider.
                let allowed: (header: String, value: String)? =
                    switch fake.kind {
                    case .foursquare: ("authorization", "Bearer \(FakeProviders.foursquareKey)")
                    case .google: ("x-goog-api-key", FakeProviders.googleKey)
                    case .overpass: nil
                    }
                if let allowed {
                    #expect(request.header(allowed.header) == allowed.value, "\(fake.kind.rawValue) \(request.path)")
                }
                for (name, value) in request.headers where name != allowed?.header {
                    for secret in secrets {
                        #expect(!value.contains(secret), "\(fake.kind.rawValue) was sent a key in header \(name)")
                    }
                }
            }
        }
    }

    /// Every regular file in the sandbox (config, data and cache folders).
    static func files(under root: URL) -> [URL] {
        guard
            let enumerator = FileManager.default.enumerator(
                at: root,
                includingPropertiesForKeys: [.isRegularFileKey],
                options: []
            )
        else { return [] }
        return enumerator.compactMap { $0 as? URL }.filter {
            (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
        }
    }
}

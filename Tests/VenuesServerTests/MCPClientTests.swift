import Foundation
import Testing
import VenuesServerTestSupport
import VenuesTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// The assistants' tools driven by a real MCP client that no one here wrote: the official
/// Python SDK (PyPI `mcp`; `scripts/install-mcp-client` installs the pinned version into
/// `.build/mcp-client`), through `scripts/mcp-client-check.py`, against `venues mcp` on standard
/// input and output and `venues serve`'s `/mcp` over HTTP. OpenStreetMap answers from the
/// bundled Helsinki extract, Google from a loopback fake; Foursquare is a fake that fails every
/// request (503), so that every listing with it is a partial answer. The script initialises, lists the tools
/// (each schema a valid JSON Schema), calls each tool, compares the listings with the CLI's
/// `--format json` (stdio) or the REST routes' answers (HTTP) for the same query, sends bad
/// arguments and an unknown tool and goes on, runs two clients at once, and looks for the
/// Foursquare key (and the tokens) in every answer; over HTTP also a revoked token (401) and a
/// token over its rate limit (429). Here: its exit status, what the fake was asked (with the
/// key), and the server's usage counted for the token that used `/mcp`.
///
/// Without the client the tests are skipped with a loud warning, except in CI (`CI=true`), where
/// they fail. `VENUES_MCP_PYTHON` may name another interpreter that has `mcp`.
@Suite("MCP: the official client against venues mcp and /mcp", .serialized, .timeLimit(.minutes(5)))
struct MCPClientTests {
    /// The client's Python: `VENUES_MCP_PYTHON`, else `.build/mcp-client/bin/python3`.
    static var python: URL? {
        if let given = TestEnvironment.value("VENUES_MCP_PYTHON") {
            return FileManager.default.isExecutableFile(atPath: given) ? URL(fileURLWithPath: given) : nil
        }
        let python = SchemathesisContractTests.package.appendingPathComponent(".build/mcp-client/bin/python3")
        return FileManager.default.isExecutableFile(atPath: python.path) ? python : nil
    }

    /// The checks' script.
    static let script = SchemathesisContractTests.package.appendingPathComponent("scripts/mcp-client-check.py")

    /// A centre in the bundled extract beside the Google fake's venues (which are 280 m east of
    /// its centre: the first 40 of OpenStreetMap's would hide them at the centre), and a word
    /// many of the extract's names hold.
    static let common = [
        "--near", "60.1702,24.9450", "--term", "ravintola", "--failing", "fsq", "--providers", "osm,google",
        "--secret", RunningServer.foursquareKey, "--secret", RunningServer.googleKey,
    ]

    @Test("venues mcp on standard input and output: every tool, as the CLI answers, refusals, partial answers, no key")
    func standardIO() async throws {
        guard let python = Self.installedClient() else { return }
        let home = try TemporaryHome.make()
        defer { try? FileManager.default.removeItem(at: home) }
        let foursquare = try await FakeProvider.start(.foursquare) { _, _ in .unavailable(.foursquare) }
        let google = try await FakeProvider.working(.google)
        let environment = try Self.environment(home: home, fakes: [foursquare, google])

        let run = try await Self.check(
            python,
            ["stdio", "--venues", try ServeProcess.executable.path] + Self.common,
            environment: environment
        )
        let asked = await foursquare.requests
        let googleAsked = await google.requests
        await foursquare.stop()
        await google.stop()
        print(run.output)
        #expect(run.status == 0, "the MCP client's checks failed: its output is above")
        #expect(run.output.contains("all checks passed"), "\(run.output)")
        // The failing provider was really asked, with the key (which no answer showed).
        #expect(!asked.isEmpty, "Foursquare was never asked")
        #expect(asked.allSatisfy { $0.header("Authorization")?.hasSuffix(RunningServer.foursquareKey) == true })
        #expect(!googleAsked.isEmpty, "Google was never asked")
    }

    @Test("/mcp over HTTP: every tool, as the REST routes answer, tokens, rate limits, usage per token")
    func http() async throws {
        guard let python = Self.installedClient() else { return }
        let home = try TemporaryHome.make()
        defer { try? FileManager.default.removeItem(at: home) }
        let foursquare = try await FakeProvider.start(.foursquare) { _, _ in .unavailable(.foursquare) }
        let google = try await FakeProvider.working(.google)
        let environment = try Self.environment(home: home, fakes: [foursquare, google])
        let token = try await ServeProcess.createToken("assistant", environment: environment)
        let revoked = try await ServeProcess.createToken("gone", environment: environment)
        let revoke = try await ServeProcess.run(["serve", "token", "revoke", "gone"], environment: environment)
        #expect(revoke.status == 0, "\(revoke.stderr)")
        // Four requests an hour: its initialise, its notification and two calls, then 429 (no
        // request comes back within the test, however slow the machine).
        let limited = try await ServeProcess.createToken(
            "tight",
            environment: environment,
            database: ["--rate", "4/h", "--burst", "4"]
        )
        let server = try await ServeProcess.start([], environment: environment)

        let run = try await Self.check(
            python,
            [
                "http", "--venues", try ServeProcess.executable.path,
                "--url", "http://127.0.0.1:\(server.port)/mcp",
                "--token", token, "--revoked-token", revoked, "--limited-token", limited, "--limited-calls", "8",
            ] + Self.common,
            environment: environment
        )
        server.send(SIGTERM)
        let status = try await server.exitStatus()
        await foursquare.stop()
        await google.stop()
        print(run.output.replacingOccurrences(of: token, with: "TOKEN"))
        #expect(run.status == 0, "the MCP client's checks failed: its output is above")
        #expect(run.output.contains("all checks passed"))
        #expect(status == 0, "\(server.stderr)")
        #expect(!server.stderr.contains(RunningServer.foursquareKey), "the key is in the server's log")

        // Usage is counted per token: the MCP client's requests and the Foursquare requests made
        // on its behalf, under its own name; the revoked token's under none.
        let usage = try await ServeProcess.run(["serve", "usage", "--format", "json"], environment: environment)
        #expect(usage.status == 0, "\(usage.stderr)")
        let clients = try Self.usageByClient(usage.stdout)
        let assistant = try #require(clients["assistant"], "\(usage.stdout)")
        #expect(assistant.requests >= 30, "\(usage.stdout)")
        #expect(assistant.upstream["fsq", default: 0] > 0, "\(usage.stdout)")
        #expect(clients["tight"]?.requests == 4, "\(usage.stdout)")
        #expect(clients["gone"] == nil, "\(usage.stdout)")
    }

    /// The client's interpreter, or `nil` (a loud warning; a failure in CI) when it is missing.
    static func installedClient() -> URL? {
        if let python { return python }
        let message = """
            the MCP client is not installed (.build/mcp-client, or VENUES_MCP_PYTHON): the MCP \
            tests were NOT run. scripts/install-mcp-client installs it.
            """
        if TestEnvironment.isCI {
            Issue.record("CI=true: \(message)")
        } else {
            print("warning: \(message)")
        }
        return nil
    }

    /// A home whose configuration asks OpenStreetMap (the bundled extract), Foursquare (the
    /// failing fake) and Google (a working fake), with their keys and no local indexes.
    static func environment(home: URL, fakes: [FakeProvider]) throws -> [String: String] {
        var environment = try ServeProcess.environment(home: home, fakes: fakes)
        environment["VENUES_OVERPASS_URL"] = SuggestRouteTests.sample.path
        try Data(#"{"timeout": 60, "providers": ["osm", "fsq", "google"], "overpass": {"useIndexes": false}}"#.utf8)
            .write(to: home.appendingPathComponent("config/venues/config.json"))
        return environment
    }

    /// Runs the checks' script to its end (ended after four minutes, so that a stuck run fails
    /// instead of hanging): its exit status and its output.
    static func check(
        _ python: URL,
        _ arguments: [String],
        environment: [String: String]
    ) async throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = python
        process.arguments = [script.path] + arguments
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let watchdog = Task {
            try await Task.sleep(for: .seconds(240))
            process.terminate()
        }
        defer { watchdog.cancel() }
        return await offCooperativePool {
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self))
        }
    }

    /// `venues serve usage --format json` by client: its requests, and the upstream requests
    /// made for it by provider.
    static func usageByClient(_ json: String) throws -> [String: (requests: Int, upstream: [String: Int])] {
        struct Report: Decodable {
            struct Client: Decodable {
                struct Provider: Decodable {
                    var provider: String
                    var upstreamRequests: Int
                }
                var client: String
                var requests: Int
                var providers: [Provider]
            }
            var clients: [Client]
        }
        let report = try JSONDecoder().decode(Report.self, from: Data(json.utf8))
        return Dictionary(
            report.clients.map { client in
                (
                    client.client,
                    (
                        client.requests,
                        Dictionary(client.providers.map { ($0.provider, $0.upstreamRequests) }, uniquingKeysWith: +)
                    )
                )
            },
            uniquingKeysWith: { first, _ in first }
        )
    }
}

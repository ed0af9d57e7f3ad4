import Foundation
import OSMFiles
import OSMIndex
import Testing
import VenuesServerTestSupport
import VenuesTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// The OpenAPI document checked by a real client of it: schemathesis (PyPI; `scripts/test`
/// installs the pinned version into `.build/schemathesis` with `scripts/install-schemathesis`)
/// generates requests from the document the server serves at `/openapi.json` — valid ones,
/// invalid ones and the edges of every range — and sends them, with a bearer token made by
/// `venues serve token create`, to `venues serve` with the three loopback fake providers, the
/// sample's OpenStreetMap index (real suggestions) and a default location. The checks (`Tests/schemathesis.toml`): no answer is a server error (5xx);
/// every status, content type and body is one the document gives for that operation; what the
/// document forbids is refused and what it allows is accepted; and no operation "mostly
/// rejected" the generated requests (its warnings fail the run). A fixed seed and a bounded
/// number of cases keep the run repeatable and short.
///
/// Without schemathesis the test is skipped with a loud warning, except in CI (`CI=true`,
/// any case), where it fails. `VENUES_SCHEMATHESIS` may name another `st` executable.
@Suite("The OpenAPI document against the running server: schemathesis", .serialized)
struct SchemathesisContractTests {
    /// The seed of every run: the same cases each time.
    static let seed = "27"
    /// The most cases schemathesis generates per operation in its fuzzing phase (the examples
    /// and coverage phases add their own, bounded by the document).
    static let maxExamples = "40"
    /// The `st` executable: `VENUES_SCHEMATHESIS`, else `.build/schemathesis/bin/st` in the package.
    static var executable: URL? {
        let environment = ProcessInfo.processInfo.environment
        if let given = environment["VENUES_SCHEMATHESIS"], !given.isEmpty {
            return FileManager.default.isExecutableFile(atPath: given) ? URL(fileURLWithPath: given) : nil
        }
        let st = package.appendingPathComponent(".build/schemathesis/bin/st")
        return FileManager.default.isExecutableFile(atPath: st.path) ? st : nil
    }

    /// Whether this is a CI run (`CI` is `true` in any case), where a missing tool is a failure.
    static var isCI: Bool { TestEnvironment.isCI }

    /// The package's folder.
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `Tests/schemathesis.toml`: the checks (and only those), warnings that fail the run.
    static let configuration = package.appendingPathComponent("Tests/schemathesis.toml")

    @Test(
        "schemathesis: no server error; statuses, content types and bodies as documented; no operation mostly rejected"
    )
    func contract() async throws {
        guard let run = try await Self.run(settings: "", checks: Self.configuration) else { return }
        #expect(run.status == 0, "schemathesis failed (exit \(run.status)): its output is above")
        #expect(run.output.contains("No issues found"), "schemathesis found issues: its output is above")
        #expect(!run.output.contains("mostly rejected"), "an operation mostly rejected the generated requests")
    }

    /// `Tests/schemathesis-limits.toml`: the checks of a run under limits, headers included.
    static let limitsConfiguration = package.appendingPathComponent("Tests/schemathesis-limits.toml")

    /// The same requests to a server with a tight default rate limit (a burst of 30, then one
    /// request a second) and Google's and Foursquare's daily budgets of 2: most answers are 429
    /// `rateLimited` and the listings' paid providers are `budgetExhausted`, and every one of
    /// those answers must be as the document says, its headers (`Retry-After`, the RateLimit
    /// fields) included.
    @Test("schemathesis under a rate limit and spent budgets: every 429 and degraded answer as documented, headers too")
    func contractUnderLimits() async throws {
        let settings =
            #""serve": {"rateLimit": "60/min", "burst": 30}, "google": {"budget": {"daily": 2}}, "foursquare": {"budget": {"daily": 2}},"#
        guard let run = try await Self.run(settings: settings, checks: Self.limitsConfiguration) else { return }
        // Every check held (schemathesis exits 1 on a failed one); its one warning says that
        // operations mostly answered 429, which is what this run is for.
        #expect(run.status == 0, "schemathesis failed (exit \(run.status)): its output is above")
        #expect(!run.output.contains("FAILURES"), "schemathesis found issues: its output is above")
        #expect(run.output.contains("mostly returned 429"), "the rate limit was not reached: its output is above")
        // The limits were reached: the run checked refused and degraded answers, not only others.
        let limited = Self.counter("venues_rate_limited_total", in: run.metrics)
        let refused = Self.counter("venues_budget_refusals_total", in: run.metrics)
        #expect(limited > 50, "requests refused by the rate limit: \(limited)")
        #expect(refused > 0, "requests kept from a spent budget: \(refused)")
    }

    /// The sum of a counter's samples in a Prometheus text.
    static func counter(_ name: String, in metrics: String) -> Double {
        metrics.split(separator: "\n").filter { $0.hasPrefix(name + "{") || $0.hasPrefix(name + " ") }
            .compactMap { $0.split(separator: " ").last.flatMap { Double($0) } }.reduce(0, +)
    }

    /// One run of schemathesis against `venues serve` with the three loopback fakes, the
    /// sample's index and `settings` (JSON members) in its configuration, checked as `checks`
    /// says: its exit status, its output (printed) and the server's metrics after it; `nil` when
    /// schemathesis is not installed (outside CI).
    static func run(settings: String, checks: URL) async throws -> (status: Int32, output: String, metrics: String)? {
        guard let st = Self.executable else {
            let message = """
                schemathesis is not installed (.build/schemathesis/bin/st, or VENUES_SCHEMATHESIS): \
                the API contract test was NOT run. scripts/install-schemathesis installs it.
                """
            if Self.isCI {
                Issue.record("CI=true: \(message)")
            } else {
                print(
                    """
                    ################################################################################
                    # WARNING: \(message)
                    ################################################################################
                    """
                )
            }
            return nil
        }
        let home = try TemporaryHome.make()
        defer { try? FileManager.default.removeItem(at: home) }
        let foursquare = try await FakeProvider.working(.foursquare)
        let google = try await FakeProvider.working(.google)
        let overpass = try await Fakes.overpass()
        let environment = try ServeProcess.environment(home: home, fakes: [foursquare, google, overpass])
        // A default location, so that `near` is as optional as the document says, inside the
        // sample's index, so that suggestions (and OpenStreetMap's listings) are real venues.
        try Data(
            #"""
            {"timeout": 60, "providers": ["fsq", "google", "osm"], "overpass": {"useIndexes": true}, \#(settings)
             "defaultLocation": {"latitude": 60.1710, "longitude": 24.9414}}
            """#.utf8
        ).write(to: home.appendingPathComponent("config/venues/config.json"))
        let indexes = home.appendingPathComponent("data/venues/osm", isDirectory: true)
        try FileManager.default.createDirectory(at: indexes, withIntermediateDirectories: true)
        try await offCooperativePool {
            try OSMIndexImporter.run(
                source: OSMXMLFile(url: SuggestRouteTests.sample),
                sourceFile: SuggestRouteTests.sample,
                destination: indexes.appendingPathComponent("helsinki.sqlite"),
                options: .init(generator: "venues tests")
            )
        }

        let token = try await ServeProcess.createToken("schemathesis", environment: environment)
        let server = try await ServeProcess.start([], environment: environment)
        let client = TestHTTPClient(port: server.port, token: token)
        // The suggestions come from the index: schemathesis checks real ones against the schema.
        let suggested = try await client.get("/v1/suggest?q=pystygrilli")
        let base = "http://127.0.0.1:\(server.port)"
        let arguments = [
            "--config-file", checks.path, "--no-color",
            "run", "\(base)/openapi.json", "--url", base, "--header", "Authorization: Bearer \(token)",
            "--seed", Self.seed, "--max-examples", Self.maxExamples,
            "--phases", "examples,coverage,fuzzing",
            "--workers", "1", "--generation-database", "none", "--request-timeout", "120",
        ]
        let result = try await Self.run(st, arguments, in: home, timeLimit: .seconds(600))
        let metrics = try await client.with(token: nil).get("/metrics").text
        server.send(SIGTERM)
        let status = try await server.exitStatus()
        await foursquare.stop()
        await google.stop()
        await overpass.stop()

        let command = (["st"] + arguments).joined(separator: " ").replacingOccurrences(of: token, with: "TOKEN")
        print("\(command)\n\(result.output)")
        #expect(status == 0, "\(server.stderr)")
        #expect(suggested.text.contains("Helsingin Pystygrilli"), "\(suggested.text)")
        return (result.status, result.output, metrics)
    }

    /// Runs `st arguments…` in `directory` to the end (ended after `timeLimit`, so that a stuck
    /// run fails instead of hanging); its exit status and its output (stdout and stderr).
    static func run(
        _ st: URL,
        _ arguments: [String],
        in directory: URL,
        timeLimit: Duration
    ) async throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = st
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment["COLUMNS"] = "120"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let watchdog = Task {
            try await Task.sleep(for: timeLimit)
            process.terminate()
        }
        defer { watchdog.cancel() }
        return await offCooperativePool {
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self))
        }
    }
}

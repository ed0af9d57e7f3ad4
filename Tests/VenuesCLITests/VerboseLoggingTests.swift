import Foundation
import Testing
import VenuesTestSupport

/// What `--verbose` tells a user on stderr: every provider's time, failed ones included, the
/// requests (redacted), and answers taken from the response cache.
@Suite(.timeLimit(.minutes(2)))
struct VerboseLoggingTests {
    @Test func timingsForAnsweringAndFailingProvidersThenCacheHits() async throws {
        var fakes = FakeProviders()
        fakes.overpass = try await FakeProvider.working(.overpass, count: 3)
        fakes.google = try await FakeProvider.start(.google) { _, _ in
            .json(FakeBodies.googleError(code: 500, status: "INTERNAL", message: "backend exploded"), status: 500)
        }
        let home = try VenuesProcess.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let arguments = [
            "nearby", "--near", FakeBodies.near, "--providers", "google,osm", "--format", "json", "--verbose",
        ]

        let first = try await EndToEndProcess.run(arguments, environment: fakes.environment(home: home))
        #expect(first.status == 0, "\(first.transcript)")
        #expect(first.stderr.contains("osm: 3 venues in "), "\(first.transcript)")
        #expect(first.stderr.contains("google: server after "), "\(first.transcript)")
        #expect(first.stderr.contains("→ POST "), "\(first.transcript)")
        #expect(!first.stderr.contains("from the cache"), "\(first.transcript)")

        let second = try await EndToEndProcess.run(arguments, environment: fakes.environment(home: home))
        let overpassRequests = try #require(await fakes.overpass?.requestCount)
        await fakes.stop()

        #expect(second.status == 0, "\(second.transcript)")
        #expect(second.stderr.contains("from the cache (stored "), "\(second.transcript)")
        #expect(second.stderr.contains("osm: 3 venues in "), "\(second.transcript)")
        // The failed answer was not cached: Google was asked again; Overpass was not.
        #expect(overpassRequests == 1)
    }

    /// Each Overpass query sent is printed with its time: its QL on one line.
    @Test func eachOverpassQueryIsPrintedWithItsTime() async throws {
        var fakes = FakeProviders()
        fakes.overpass = try await FakeProvider.working(.overpass, count: 3)
        let home = try VenuesProcess.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let output = try await EndToEndProcess.run(
            [
                "search", "Valoisa Galleria", "--near", FakeBodies.near, "--providers", "osm", "--radius", "800",
                "--verbose",
            ],
            environment: fakes.environment(home: home)
        )
        await fakes.stop()

        #expect(output.status == 0, "\(output.transcript)")
        let lines = output.stderr.split(separator: "\n").filter { $0.contains("osm: Overpass query in ") }
        // The term as a pattern found 3 of the 10 asked: the circle's venues were fetched too.
        #expect(lines.count == 2, "\(output.transcript)")
        #expect(lines.allSatisfy { $0.contains(" ms, 3 element(s): [out:xml][timeout:") }, "\(output.transcript)")
        #expect(lines.allSatisfy { $0.contains("nwr(around:800,60.17,24.94)") }, "\(output.transcript)")
        #expect(lines.first?.contains("[\"name\"~\"") == true, "\(output.transcript)")
        #expect(lines.last?.hasSuffix("out bb tags 20000;") == true, "\(output.transcript)")
    }
}

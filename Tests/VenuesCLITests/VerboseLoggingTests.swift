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
        // Within 3 km the circle's named venues are asked for and matched here; past it, the
        // term as a pattern.
        var lines: [[Substring]] = []
        for radius in ["800", "4000"] {
            let output = try await EndToEndProcess.run(
                [
                    "search", "Valoisa Galleria", "--near", FakeBodies.near, "--providers", "osm", "--radius", radius,
                    "--verbose",
                ],
                environment: fakes.environment(home: home)
            )
            #expect(output.status == 0, "\(output.transcript)")
            lines.append(output.stderr.split(separator: "\n").filter { $0.contains("osm: Overpass query in ") })
        }
        await fakes.stop()

        #expect(lines.map(\.count) == [1, 1], "\(lines)")
        let within = lines[0].first ?? ""
        let past = lines[1].first ?? ""
        #expect(within.contains(" ms, 3 element(s): [out:xml][timeout:"), "\(within)")
        #expect(within.contains("nwr(around:800,60.17,24.94)[\"name\"][\"amenity\"];"), "\(within)")
        #expect(within.hasSuffix("out bb tags 20000;"), "\(within)")
        #expect(past.contains(" ms, 3 element(s): [out:xml][timeout:"), "\(past)")
        #expect(past.contains("nwr(around:4000,60.17,24.94)[\"name\"~\""), "\(past)")
    }
}

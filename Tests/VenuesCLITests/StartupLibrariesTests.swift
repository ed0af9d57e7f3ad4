import Foundation
import Testing
import VenuesTestSupport

/// libcurl, with its thirty-odd dependencies, is loaded only when a command sends a request:
/// `--version`, the favourites and a search of a local extract start without it. The dynamic
/// loader says what it loads when `LD_DEBUG=files` is set (glibc).
#if os(Linux)
@Suite(.timeLimit(.minutes(2)))
struct StartupLibrariesTests {
    /// The shared objects the process loaded, from the loader's `file=NAME [0];` lines.
    static func loadedLibraries(_ output: VenuesProcess.Output) -> [String] {
        output.stderr.split(separator: "\n").compactMap { line in
            guard let start = line.range(of: "file=") else { return nil }
            return line[start.upperBound...].split(separator: " ").first.map(String.init)
        }
    }

    static func run(_ arguments: [String], _ extra: [String: String] = [:]) async throws -> VenuesProcess.Output {
        let home = try VenuesProcess.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        return try await VenuesProcess.run(
            arguments,
            environment: VenuesProcess.environment(home: home, extra.merging(["LD_DEBUG": "files"]) { $1 })
        )
    }

    @Test(arguments: [
        ["--version"], ["favorites", "list"],
        ["nearby", "--providers", "osm", "--near", "60.171634,24.944295", "--radius", "200", "--format", "json"],
    ])
    func offlineCommandsDoNotLoadLibcurl(arguments: [String]) async throws {
        let output = try await Self.run(arguments, ["VENUES_OVERPASS_URL": OfflineSampleTests.sample.path])
        #expect(output.status == 0, "\(output.stderr.suffix(2000))")
        let libraries = Self.loadedLibraries(output)
        // The loader did report (so an empty answer below is not a silent LD_DEBUG).
        #expect(libraries.contains { $0.hasPrefix("libc.so") }, "\(output.stderr.prefix(2000))")
        #expect(!libraries.contains { $0.hasPrefix("libcurl") }, "\(libraries)")
    }

    @Test func aRequestLoadsLibcurl() async throws {
        let server = try await LoopbackServer.start { _ in
            .data(Data(FakeBodies.overpass(count: 2).utf8), contentType: "application/osm3s+xml")
        }
        let output = try await Self.run(
            [
                "nearby", "--providers", "osm", "--near", FakeBodies.near, "--radius", "1000", "--format", "json",
                "--no-cache",
            ],
            ["VENUES_OVERPASS_URL": server.url("/api/interpreter").absoluteString]
        )
        await server.stop()
        #expect(output.status == 0, "\(output.stderr.suffix(2000))")
        #expect(await server.requests.count == 1)
        #expect(Self.loadedLibraries(output).contains { $0.hasPrefix("libcurl.so") })
    }
}
#endif

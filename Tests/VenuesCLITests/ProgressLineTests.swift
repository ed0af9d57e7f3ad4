import Foundation
import Testing
import VenuesTestSupport

/// The progress line a user sees on a terminal while providers are pending: `venues` runs under
/// `script(1)`, which gives it a pseudo-terminal for stdout and stderr. (Its absence off a
/// terminal is checked in EndToEndFaultTests.)
@Suite(.timeLimit(.minutes(2)))
struct ProgressLineTests {
    @Test func aTerminalShowsWhichProvidersArePendingThenErasesTheLine() async throws {
        let script = URL(fileURLWithPath: "/usr/bin/script")
        try #require(FileManager.default.isExecutableFile(atPath: script.path), "script(1) from util-linux")
        var fakes = FakeProviders()
        fakes.overpass = try await FakeProvider.working(.overpass)
        fakes.google = try await FakeProvider.start(.google) { _, request in
            try? await Task.sleep(for: .seconds(3))
            return .success(.google, count: 3, request: request)
        }
        let home = try VenuesProcess.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let venues = try VenuesProcess.executable.path
        let command = "'\(venues)' nearby --near \(FakeBodies.near) --providers google,osm"
        let environment = fakes.environment(home: home)

        let (status, transcript) = try await offCooperativePool { () throws -> (Int32, String) in
            let process = Process()
            process.executableURL = script
            // -q: no banner; -e: the child's exit status; -c: the command; no typescript file.
            process.arguments = ["-qec", command, "/dev/null"]
            process.environment = environment
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self))
        }
        await fakes.stop()

        #expect(status == 0, "\(transcript)")
        // Both were pending at first; Google, the slow one, was still pending after OSM answered.
        #expect(transcript.contains("\r\u{1B}[KWaiting for google, osm…"), "\(transcript.debugDescription)")
        #expect(transcript.contains("\r\u{1B}[KWaiting for google…"), "\(transcript.debugDescription)")
        // The line is erased before the table is printed.
        let erased = try #require(transcript.range(of: "\r\u{1B}[K", options: .backwards))
        #expect(transcript[erased.upperBound...].contains("Bistro Merituuli"), "\(transcript.debugDescription)")
    }
}

import Foundation
import Synchronization
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
        // What the terminal has shown so far, read as it comes.
        let screen = Screen()
        var fakes = FakeProviders()
        fakes.overpass = try await FakeProvider.working(.overpass)
        // Google answers only once the terminal shows that it alone is pending (OSM has
        // answered): the order of events, not a head start in seconds. Bounded (below the
        // command's 60 s deadline), in case the line never comes: then the expectations fail.
        fakes.google = try await FakeProvider.start(.google) { _, request in
            let giveUp = ContinuousClock.now + .seconds(45)
            while !screen.text.contains(Self.googleAlone), ContinuousClock.now < giveUp {
                try? await Task.sleep(for: .milliseconds(20))
            }
            return .success(.google, count: 3, request: request)
        }
        let home = try VenuesProcess.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let venues = try VenuesProcess.executable.path
        let command = "'\(venues)' nearby --near \(FakeBodies.near) --providers google,osm --timeout 60"
        let environment = fakes.environment(home: home)

        let status = try await offCooperativePool { () throws -> Int32 in
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
            var chunk = output.fileHandleForReading.availableData
            while !chunk.isEmpty {
                screen.append(chunk)
                chunk = output.fileHandleForReading.availableData
            }
            process.waitUntilExit()
            return process.terminationStatus
        }
        await fakes.stop()
        let transcript = screen.text

        #expect(status == 0, "\(transcript)")
        // Both were pending at first; Google, the slow one, was still pending after OSM answered.
        #expect(transcript.contains("\r\u{1B}[KWaiting for google, osm…"), "\(transcript.debugDescription)")
        #expect(transcript.contains(Self.googleAlone), "\(transcript.debugDescription)")
        // The line is erased before the table is printed.
        let erased = try #require(transcript.range(of: "\r\u{1B}[K", options: .backwards))
        #expect(transcript[erased.upperBound...].contains("Bistro Merituuli"), "\(transcript.debugDescription)")
    }

    static let googleAlone = "\r\u{1B}[KWaiting for google…"
}

/// The bytes a terminal has received so far, shared between the reader and the fake.
private final class Screen: Sendable {
    private let bytes = Mutex(Data())

    func append(_ chunk: Data) {
        bytes.withLock { $0.append(chunk) }
    }

    var text: String { String(decoding: bytes.withLock { $0 }, as: UTF8.self) }
}

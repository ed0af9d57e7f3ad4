import Foundation
import VenuesTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the `venues` binary like ``VenuesProcess`` and also measures the wall time and, on
/// Linux, the child's peak resident set size (`VmHWM` in `/proc/PID/status`, sampled while it
/// runs; `VmHWM` only grows, so the last sample is the peak up to a few milliseconds before
/// the end).
enum EndToEndProcess {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Wall time from start to exit.
        var seconds: Double
        /// The highest `VmHWM` seen, in KiB; nil when it could not be read.
        var peakResidentKiB: Int?

        /// The stdout JSON document.
        func json() throws -> ResultJSON {
            try JSONDecoder().decode(ResultJSON.self, from: Data(stdout.utf8))
        }

        /// A summary for failed expectations.
        var transcript: String {
            "exit \(status) after \(String(format: "%.2f", seconds)) s\n--- stderr:\n\(stderr)\n--- stdout:\n\(stdout.prefix(4000))"
        }
    }

    /// Runs `venues` with `arguments`; `input`, when given, is its standard input.
    static func run(_ arguments: [String], environment: [String: String], input: String? = nil) async throws -> Output {
        let process = Process()
        process.executableURL = try VenuesProcess.executable
        process.arguments = arguments
        process.environment = environment
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        let stdin = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        let clock = ContinuousClock()
        let start = clock.now
        try process.run()
        if let input {
            let writer = stdin.fileHandleForWriting
            await offCooperativePool {
                writer.write(Data(input.utf8))
                try? writer.close()
            }
        }
        let sampler = PeakResidentSampler(pid: process.processIdentifier)
        // Blocking reads and waits run on their own threads, never on Swift's cooperative pool:
        // the loopback fakes live in this process and need that pool to answer.
        async let out = offCooperativePool { stdout.fileHandleForReading.readDataToEndOfFile() }
        async let err = offCooperativePool { stderr.fileHandleForReading.readDataToEndOfFile() }
        let (outData, errData) = await (out, err)
        let status = await offCooperativePool {
            process.waitUntilExit()
            return process.terminationStatus
        }
        let elapsed = clock.now - start
        let peak = await offCooperativePool { sampler.stop() }
        return Output(
            status: status,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self),
            seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
            peakResidentKiB: peak
        )
    }

    /// `VmHWM` of a running process in KiB, or nil (not Linux, or the process is gone).
    static func peakResident(pid: Int32) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        }
        return nil
    }
}

/// Samples a process's `VmHWM` every 20 ms on a thread of its own until stopped: a task on
/// Swift's cooperative pool (two threads here) waited behind the tests' work, and a short run
/// could end before it sampled once.
final class PeakResidentSampler: @unchecked Sendable {
    private let lock = NSLock()
    private var peak: Int?
    private var stopped = false
    private let finished = DispatchSemaphore(value: 0)

    init(pid: Int32) {
        let thread = Thread { [self] in
            while !lock.withLock({ stopped }) {
                if let value = EndToEndProcess.peakResident(pid: pid) { lock.withLock { peak = max(peak ?? 0, value) } }
                usleep(20_000)
            }
            finished.signal()
        }
        thread.start()
    }

    /// Stops sampling (blocking until the thread has) and returns the peak seen, `nil` when no
    /// sample could be read.
    func stop() -> Int? {
        lock.withLock { stopped = true }
        finished.wait()
        return lock.withLock { peak }
    }
}

/// The `--format json` document of `venues nearby` / `search` (docs/cli.md, "JSON output").
struct ResultJSON: Decodable {
    struct Source: Decodable {
        var provider: String
        var id: String
    }

    struct Venue: Decodable {
        var id: String
        var name: String
        var favorite: Bool
        var sources: [Source]
    }

    struct ProviderError: Decodable {
        var kind: String
        var message: String
    }

    struct Provider: Decodable {
        var provider: String
        var status: String
        var count: Int?
        var milliseconds: Int
        var error: ProviderError?
        var source: String?
        var coverage: Double?
        var warnings: [String]?
    }

    var venues: [Venue]
    var providers: [Provider]

    /// The status entry of one provider.
    func provider(_ id: String) -> Provider? {
        providers.first { $0.provider == id }
    }

    /// The venues with at least one record from `provider`.
    func venues(from provider: String) -> [Venue] {
        venues.filter { $0.sources.contains { $0.provider == provider } }
    }

    /// The source ids of `provider` in the listing.
    func sourceIDs(of provider: String) -> Set<String> {
        Set(venues.flatMap { $0.sources.filter { $0.provider == provider }.map(\.id) })
    }
}

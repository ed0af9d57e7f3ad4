import Foundation
import VenuesServerTestSupport
import VenuesTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// The built `venues` binary run as `venues serve` (or another command), the way an operator
/// would: its own process, its own environment, signals from outside.
final class ServeProcess: Sendable {
    let process: Process
    /// The port it said it listens on.
    let port: Int
    private let stderrText: LockedBox<String>

    private init(process: Process, port: Int, stderr: LockedBox<String>) {
        self.process = process
        self.port = port
        self.stderrText = stderr
    }

    /// The `venues` binary next to the test bundle in the build folder.
    static var executable: URL {
        get throws {
            var directory = Bundle.main.bundleURL
            for _ in 0..<3 {
                let candidate = directory.appendingPathComponent("venues")
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
                directory.deleteLastPathComponent()
            }
            throw ServeProcessError.missingExecutable(Bundle.main.bundleURL.path)
        }
    }

    /// A sandbox: HOME, XDG folders and the data directory in `home`, the providers of
    /// `fakes` configured (a per-provider timeout of 60 s: the machine is busy), no other keys.
    static func environment(home: URL, fakes: [FakeProvider], extra: [String: String] = [:]) throws -> [String: String]
    {
        let configuration = home.appendingPathComponent("config/venues", isDirectory: true)
        try FileManager.default.createDirectory(at: configuration, withIntermediateDirectories: true)
        let providers = fakes.map { "\"\($0.kind.rawValue)\"" }.joined(separator: ",")
        try Data(#"{"timeout": 60, "providers": [\#(providers)], "overpass": {"useIndexes": false}}"#.utf8)
            .write(to: configuration.appendingPathComponent("config.json"))
        var environment = [
            "PATH": "/usr/bin:/bin",
            "HOME": home.path,
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "XDG_DATA_HOME": home.appendingPathComponent("data").path,
            "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
            "VENUES_DATA_DIR": home.appendingPathComponent("data/venues").path,
            "LANG": "C.UTF-8",
        ]
        for fake in fakes {
            environment[fake.endpoint.name] = fake.endpoint.value
            switch fake.kind {
            case .foursquare: environment["FOURSQUARE_API_KEY"] = RunningServer.foursquareKey
            case .google: environment["GOOGLE_PLACES_API_KEY"] = RunningServer.googleKey
            case .overpass: break
            }
        }
        environment.merge(extra) { $1 }
        return environment
    }

    /// Starts `venues serve --port 0 arguments…` and waits (≤ 60 s) until it says where it listens.
    static func start(_ arguments: [String], environment: [String: String]) async throws -> ServeProcess {
        let process = Process()
        process.executableURL = try executable
        process.arguments = ["serve", "--port", "0"] + arguments
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let text = LockedBox("")
        errors.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty {
                handle.readabilityHandler = nil
                return
            }
            text.withLock { $0 += String(decoding: data, as: UTF8.self) }
        }
        try process.run()
        let giveUp = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < giveUp {
            let seen = text.current
            if let range = seen.range(of: "listening on http://127.0.0.1:") {
                let digits = seen[range.upperBound...].prefix { $0.isNumber }
                if let port = Int(digits), seen[range.upperBound...].dropFirst(digits.count).first == " " {
                    return ServeProcess(process: process, port: port, stderr: text)
                }
            }
            if !process.isRunning { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        process.terminate()
        throw ServeProcessError.notListening(text.current)
    }

    /// What it wrote on stderr so far.
    var stderr: String { stderrText.current }

    /// Sends `signal` (SIGTERM, SIGKILL…).
    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits for the process to end, at most `bound` (generous: the machine is busy); its exit
    /// status, or the signal that ended it as `128 + signal`. A process still running after
    /// `bound` is killed and the wait throws, so that no test waits for ever.
    func exitStatus(atMost bound: Duration = .seconds(120)) async throws -> Int32 {
        let process = self.process
        let giveUp = ContinuousClock.now + bound
        while process.isRunning {
            guard ContinuousClock.now < giveUp else {
                kill(process.processIdentifier, SIGKILL)
                _ = await offCooperativePool { process.waitUntilExit() }
                throw ServeProcessError.didNotExit(bound, stderr)
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        return await offCooperativePool {
            process.waitUntilExit()
            return process.terminationReason == .uncaughtSignal
                ? 128 + process.terminationStatus : process.terminationStatus
        }
    }

    /// Whether a connection to its port is refused now (it stopped listening).
    func refusesConnections() -> Bool {
        do {
            let connection = try RawConnection(port: port, timeout: 5)
            connection.close()
            return false
        } catch {
            return true
        }
    }

    /// Runs `venues arguments…` to the end; its status and output.
    static func run(
        _ arguments: [String],
        environment: [String: String],
        executable chosen: URL? = nil
    ) async throws -> (
        status: Int32, stdout: String, stderr: String
    ) {
        let process = Process()
        process.executableURL = try chosen ?? executable
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return await offCooperativePool {
            let out = output.fileHandleForReading.readDataToEndOfFile()
            let err = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (
                process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self)
            )
        }
    }

    /// `venues serve token create NAME …`: the token (the last line of stdout).
    static func createToken(
        _ name: String,
        environment: [String: String],
        database: [String] = []
    ) async throws
        -> String
    {
        let result = try await run(["serve", "token", "create", name] + database, environment: environment)
        guard result.status == 0, let token = result.stdout.split(separator: "\n").last else {
            throw ServeProcessError.command(result.stderr)
        }
        return String(token)
    }
}

enum ServeProcessError: Error, CustomStringConvertible {
    case missingExecutable(String)
    case notListening(String)
    case command(String)
    case didNotExit(Duration, String)

    var description: String {
        switch self {
        case .missingExecutable(let path): "no venues binary near \(path)"
        case .notListening(let stderr): "venues serve did not say where it listens; stderr:\n\(stderr)"
        case .command(let stderr): "the command failed: \(stderr)"
        case .didNotExit(let bound, let stderr):
            "venues serve was still running after \(bound), killed; stderr:\n\(stderr)"
        }
    }
}

/// A new temporary folder for one test's home.
enum TemporaryHome {
    static func make() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("venues-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// A PostgreSQL database of its own for one test, on the server of `VENUES_TEST_POSTGRES_URL`
/// (made with `psql … CREATE DATABASE`), or `nil` when that variable is not set (or empty).
enum TestPostgres {
    static var serverURL: String? { TestEnvironment.postgresURL }

    /// Why PostgreSQL tests are skipped, printed so that a skip is never silent.
    static let skipReason =
        "VENUES_TEST_POSTGRES_URL is not set: PostgreSQL tests skipped (scripts/postgres-test-server run swift test … runs them)"

    static func freshDatabase() async throws -> String {
        guard let serverURL, var components = URLComponents(string: serverURL) else {
            throw ServeProcessError.command(skipReason)
        }
        let name = "venues_test_\(UUID().uuidString.prefix(8).lowercased())"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["psql", serverURL, "-v", "ON_ERROR_STOP=1", "-q", "-c", "CREATE DATABASE \(name)"]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        _ = await offCooperativePool { process.waitUntilExit() }
        guard process.terminationStatus == 0 else { throw ServeProcessError.command("psql CREATE DATABASE failed") }
        components.path = "/\(name)"
        return components.string ?? serverURL
    }
}

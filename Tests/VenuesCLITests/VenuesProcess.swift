import Foundation

/// Runs the built `venues` executable as a child process, the way a user or script would.
struct VenuesProcess {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
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
            throw ProcessError.missingExecutable(Bundle.main.bundleURL.path)
        }
    }

    enum ProcessError: Error {
        case missingExecutable(String)
    }

    /// A sandbox environment: HOME, XDG folders and the data/cache dirs in a fresh temp folder,
    /// no API keys, no proxies; plus `extra`.
    static func environment(home: URL, _ extra: [String: String] = [:]) -> [String: String] {
        var environment = [
            "PATH": "/usr/bin:/bin",
            "HOME": home.path,
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "XDG_DATA_HOME": home.appendingPathComponent("data").path,
            "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
            "LANG": "C.UTF-8",
        ]
        environment.merge(extra) { $1 }
        return environment
    }

    /// A new temporary home, empty but for the user's configuration file (in ``environment(home:_:)``'s
    /// `XDG_CONFIG_HOME`), which raises the per-provider timeout from 10 s to 60 s: these runs
    /// are about behaviour, not speed, and share a busy machine with the whole suite (a 10 s
    /// deadline lost the bundled extract's scan there). Tests about deadlines pass `--timeout`.
    static func temporaryHome() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("venues-home-\(UUID().uuidString)")
        let configuration = url.appendingPathComponent("config/venues", isDirectory: true)
        try FileManager.default.createDirectory(at: configuration, withIntermediateDirectories: true)
        try Data(#"{"timeout": 60}"#.utf8).write(to: configuration.appendingPathComponent("config.json"))
        return url
    }

    /// Runs `venues arguments…` and waits for it; output is captured whole (see
    /// ``EndToEndProcess`` for timing and memory figures).
    static func run(_ arguments: [String], environment: [String: String], input: String? = nil) async throws -> Output {
        let output = try await EndToEndProcess.run(arguments, environment: environment, input: input)
        return Output(status: output.status, stdout: output.stdout, stderr: output.stderr)
    }

    /// The repository root (for the bundled sample).
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }
}

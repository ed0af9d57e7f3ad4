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

    /// A new empty temporary folder.
    static func temporaryHome() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("venues-home-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs `venues arguments…` and waits for it; output is captured whole (see
    /// ``EndToEndProcess`` for timing and memory figures).
    static func run(_ arguments: [String], environment: [String: String]) async throws -> Output {
        let output = try await EndToEndProcess.run(arguments, environment: environment)
        return Output(status: output.status, stdout: output.stdout, stderr: output.stderr)
    }

    /// The repository root (for the bundled sample).
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }
}

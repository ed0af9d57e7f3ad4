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

    /// Runs `venues arguments…` and waits for it; output is captured whole.
    static func run(
        _ arguments: [String],
        environment: [String: String],
        currentDirectory: URL? = nil
    )
        async throws -> Output
    {
        let process = Process()
        process.executableURL = try executable
        process.arguments = arguments
        process.environment = environment
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        // Read both pipes and wait for the exit on Dispatch threads: blocking calls must never
        // run on Swift's cooperative pool (2 threads here), which the loopback servers need.
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        async let outRead = Self.readToEnd(stdout.fileHandleForReading)
        async let errRead = Self.readToEnd(stderr.fileHandleForReading)
        let (outData, errData) = await (outRead, errRead)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                exited.wait()
                continuation.resume()
            }
        }
        return Output(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self)
        )
    }

    /// Reads a pipe to its end on a Dispatch thread.
    private static func readToEnd(_ handle: FileHandle) async -> Data {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: handle.readDataToEndOfFile())
            }
        }
    }

    /// The repository root (for the bundled sample).
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }
}

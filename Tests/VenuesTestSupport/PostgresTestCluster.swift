import Foundation

/// A PostgreSQL cluster of one test's own, made, stopped, resumed and deleted through
/// `scripts/postgres-test-server` (`VENUES_TEST_POSTGRES_CTL`), so that stopping it disturbs no
/// other test. Shared by the store's and the server's tests.
public struct PostgresTestCluster: Sendable {
    public let control: String
    public let directory: String
    public let url: String

    /// Makes and starts a cluster.
    public static func start(control: String) async throws -> PostgresTestCluster {
        let output = try await run(control, ["start"])
        var values: [String: String] = [:]
        for line in output.split(separator: "\n") where line.hasPrefix("export ") {
            let assignment = line.dropFirst("export ".count)
            guard let equals = assignment.firstIndex(of: "=") else { continue }
            values[String(assignment[..<equals])] = String(assignment[assignment.index(after: equals)...])
        }
        guard let url = values["VENUES_TEST_POSTGRES_URL"], let directory = values["VENUES_TEST_POSTGRES_DIR"] else {
            throw ControlError(message: "\(control) start printed no URL and directory: \(output)")
        }
        return PostgresTestCluster(control: control, directory: directory, url: url)
    }

    /// Stops the server (fast shutdown: connections are closed); the cluster stays.
    public func stop() async throws { _ = try await Self.run(control, ["stop", directory]) }

    /// Starts the stopped server again on the same port.
    public func resume() async throws { _ = try await Self.run(control, ["resume", directory]) }

    /// Stops the server and deletes the cluster.
    public func destroy() async { _ = try? await Self.run(control, ["destroy", directory]) }

    /// Runs the control script off the cooperative pool; its stdout, or an error with its stderr.
    private static func run(_ control: String, _ arguments: [String]) async throws -> String {
        try await offCooperativePool {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: control)
            process.arguments = arguments
            let output = Pipe()
            let errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let problems = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw ControlError(
                    message:
                        "\(control) \(arguments.joined(separator: " ")) exited \(process.terminationStatus): \(problems)"
                )
            }
            return text
        }
    }

    public struct ControlError: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }
}

import Foundation
import Testing
import VenuesTestSupport

/// `venues hours` held to an evaluator no one here wrote: opening-hours-py (a binding of
/// opening-hours-rs), through `scripts/hours-differential.py`, over every distinct
/// `opening_hours` value of the bundled extract and the test fixtures and generated values, at
/// instants across a year (both daylight-saving changes), in Helsinki and New York. The states
/// and next changes must agree but for the differences the script lists and docs/hours.md
/// argues. `scripts/install-hours-evaluator` installs the evaluator into `.build/opening-hours`;
/// without it the test is skipped loudly, except in CI, where it fails.
@Suite("Opening hours against opening-hours-rs", .serialized, .timeLimit(.minutes(5)))
struct HoursDifferentialTests {
    static let package = VenuesProcess.repositoryRoot

    /// The evaluator's Python: `VENUES_OPENING_HOURS_PYTHON`, else `.build/opening-hours/bin/python3`.
    static var python: URL? {
        if let given = TestEnvironment.value("VENUES_OPENING_HOURS_PYTHON") {
            return FileManager.default.isExecutableFile(atPath: given) ? URL(fileURLWithPath: given) : nil
        }
        let python = package.appendingPathComponent(".build/opening-hours/bin/python3")
        return FileManager.default.isExecutableFile(atPath: python.path) ? python : nil
    }

    @Test(arguments: [
        ["--time-zone", "Europe/Helsinki", "--country", "FI", "--near", "60.1699,24.9384"],
        ["--time-zone", "America/New_York", "--country", "US", "--near", "40.7128,-74.0060"],
    ])
    func statesAndNextChangesAgree(context: [String]) async throws {
        guard let python = Self.python else {
            let message = """
                opening-hours-py is not installed (.build/opening-hours, or VENUES_OPENING_HOURS_PYTHON): \
                the hours differential test was NOT run. scripts/install-hours-evaluator installs it.
                """
            if TestEnvironment.isCI {
                Issue.record("CI=true: \(message)")
            } else {
                print("warning: \(message)")
            }
            return
        }
        let process = Process()
        process.executableURL = python
        process.arguments =
            [
                Self.package.appendingPathComponent("scripts/hours-differential.py").path,
                "--venues", try VenuesProcess.executable.path, "--generated", "150", "--instants", "12",
            ] + context
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = await offCooperativePool { output.fileHandleForReading.readDataToEndOfFile() }
        let status = await offCooperativePool {
            process.waitUntilExit()
            return process.terminationStatus
        }
        let text = String(decoding: data, as: UTF8.self)
        #expect(status == 0, "\(text)")
        #expect(text.contains("not allowed: 0"), "\(text)")
        // It compared something: the values of the extract and the generated ones.
        let values = text.split(separator: "\n").first { $0.hasPrefix("values: ") }
        #expect((values.flatMap { Int($0.dropFirst(8).prefix { $0.isNumber }) } ?? 0) > 300, "\(text)")
    }
}

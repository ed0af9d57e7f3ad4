import Foundation
import OSMFiles
import OSMIndex
import OSMModel
import Testing
import VenuesTestSupport

/// The same parity as ``UpdateParityTests`` with change files written by a real tool:
/// `osmium derive-changes` (Debian `osmium-tool`; `scripts/test` installs it) of A and B.
@Suite("OSM index: updates from osmium derive-changes")
struct OsmiumUpdateTests {
    static let osmium: String? = ["/usr/bin/osmium", "/usr/local/bin/osmium"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @Test(
        .enabled(if: TestEnvironment.runs(ifAvailable: osmium != nil), "osmium-tool is not installed"),
        arguments: [41, 42] as [UInt64]
    )
    func anIndexUpdatedWithOsmiumsChangesAnswersAsTheNewerImport(seed: UInt64) async throws {
        guard let osmium = Self.osmium else {
            Issue.record(Comment(rawValue: TestEnvironment.missingInCI("osmium (Debian osmium-tool)")))
            return
        }
        let files = try await UpdateParityTests.prepare(seed: seed, severalVersions: false)
        let differences = try await offCooperativePool { () throws -> [String] in
            let a = files.folder.appendingPathComponent("a.osm")
            let b = files.folder.appendingPathComponent("b.osm")
            let change = files.folder.appendingPathComponent("osmium.osc.gz")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: osmium)
            process.arguments = ["derive-changes", a.path, b.path, "-o", change.path, "--overwrite"]
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { return ["osmium derive-changes failed: \(message)"] }
            try UpdateTest.apply(files: [change], to: files.updated)
            return try IndexComparison.differences(
                updated: files.updated,
                imported: files.imported,
                around: IndexTest.helsinki,
                terms: UpdateParityTests.terms(files.scenario)
            )
        }
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    }
}

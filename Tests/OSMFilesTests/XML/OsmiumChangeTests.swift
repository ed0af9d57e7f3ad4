import Foundation
import OSMFiles
import OSMModel
import OSMPBFTestSupport
import Testing
import VenuesTestSupport

/// Change files that osmium wrote (`osmium derive-changes OLD NEW`), plain, gzip and bzip2, read
/// as the difference between the two files. Every other change file the tests read comes from
/// their own writer, which cannot catch a misreading the writer shares. Skipped where osmium
/// (Debian `osmium-tool`) is not installed.
@Suite("OsmChange files written by osmium")
struct OsmiumChangeTests {
    /// `osmium` on the `PATH`, if any.
    static let osmium: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("osmium") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    static func at(_ element: TestElement, _ date: String) -> TestElement {
        var copy = element
        copy.timestamp = Int64(ISO8601DateFormatter().date(from: date)!.timeIntervalSince1970)
        return copy
    }

    static let old: [(element: TestElement, version: Int64)] = [
        (at(.node(1, 60.1, 24.9, ["name": "A"]), "2024-01-01T00:00:00Z"), 1),
        (at(.node(2, 60.2, 24.8), "2024-01-01T00:00:00Z"), 1),
        (at(.node(3, 60.3, 24.7), "2024-01-01T00:00:00Z"), 1),
        (at(.way(10, [1, 2], ["highway": "footway"]), "2024-01-01T00:00:00Z"), 1),
        (at(.relation(20, [(.way, 10)], ["type": "multipolygon"]), "2024-01-01T00:00:00Z"), 1),
    ]

    /// Node 1 moved and renamed, node 2 deleted, node 3 kept, node 4 created, way 10 changed,
    /// relation 20 deleted, relation 21 created.
    static let new: [(element: TestElement, version: Int64)] = [
        (at(.node(1, 60.15, 24.95, ["name": "B"]), "2024-02-01T00:00:00Z"), 2),
        (at(.node(3, 60.3, 24.7), "2024-01-01T00:00:00Z"), 1),
        (at(.node(4, 60.4, 24.6), "2024-03-01T00:00:00Z"), 1),
        (at(.way(10, [1, 4], ["highway": "path"]), "2024-02-01T00:00:00Z"), 2),
        (at(.relation(21, [(.node, 4), (.way, 10)], ["type": "site"]), "2024-02-01T00:00:00Z"), 1),
    ]

    static let expected: [ReadChange] = [
        ReadChange(.modify, new[0].element.asRead, version: 2),
        ReadChange(.delete, TestElement(kind: .node, id: 2), version: 1),
        ReadChange(.create, new[2].element.asRead, version: 1),
        ReadChange(.modify, new[3].element.asRead, version: 2),
        ReadChange(.delete, TestElement(kind: .relation, id: 20), version: 1),
        ReadChange(.create, new[4].element.asRead, version: 1),
    ]

    @Test(
        .enabled(if: TestEnvironment.runs(ifAvailable: osmium != nil), "needs osmium (Debian osmium-tool)"),
        arguments: ["x.osc", "x.osc.gz", "x.osc.bz2"]
    )
    func derivedChangesReadAsTheDifference(output: String) throws {
        guard let osmium = Self.osmium else {
            Issue.record(Comment(rawValue: TestEnvironment.missingInCI("osmium (Debian osmium-tool)")))
            return
        }
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        try OSMXMLTestFile.osm(Self.old).write(to: scratch.file("old.osm"))
        try OSMXMLTestFile.osm(Self.new).write(to: scratch.file("new.osm"))
        let process = Process()
        process.executableURL = osmium
        process.arguments = [
            "derive-changes", scratch.file("old.osm").path, scratch.file("new.osm").path, "-o",
            scratch.file(output).path,
        ]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "osmium derive-changes failed")

        var read: [ReadChange] = []
        let summary = try OSMChangeFile.read(scratch.file(output)) { action, element in
            read.append(ReadChange(action, TestElement(element), version: element.version))
            return .next
        }
        #expect(read == Self.expected, "\(read)")
        #expect(summary.elements == Self.expected.count)
        #expect(summary.newestTimestamp == "2024-03-01T00:00:00Z")
    }
}

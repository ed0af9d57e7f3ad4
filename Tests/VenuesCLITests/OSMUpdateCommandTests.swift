import Foundation
import Testing
import VenuesTestSupport

/// `venues osm update`, as a user meets it through the built executable: change files applied,
/// bad files refused with the file and the byte offset and nothing changed, a kill before or
/// after the commit, and a replication feed on a loopback server laid out like planet.osm.org.
@Suite(.timeLimit(.minutes(5)))
struct OSMUpdateCommandTests {
    typealias Home = OSMIndexCommandTests.Home
    static let sample = OSMIndexCommandTests.sample
    /// Inside the sample, beside the central station.
    static let near = "60.1712,24.9420"

    /// A change file creating cafés named `Kahvila Zyxwvu N` for each N of `numbers` (node ids
    /// 9 200 000 000 + N), renaming none, timestamped `timestamp`.
    static func cafes(_ numbers: [Int], timestamp: String = "2024-02-01T00:00:00Z") -> String {
        var text =
            "<?xml version='1.0' encoding='UTF-8'?>\n<osmChange version=\"0.6\" generator=\"venues tests\">\n<create>\n"
        for number in numbers {
            let latitude = 60.1712 + Double(number) * 0.0001
            text += """
                  <node id="\(9_200_000_000 + number)" version="1" timestamp="\(timestamp)" lat="\(latitude)" lon="24.9420">
                    <tag k="amenity" v="cafe"/>
                    <tag k="name" v="Kahvila Zyxwvu \(number)"/>
                  </node>

                """
        }
        return text + "</create>\n</osmChange>\n"
    }

    /// The names a search for "Zyxwvu" finds near the station, offline.
    static func found(_ home: Home) async throws -> [String] {
        let search = try await home.run([
            "search", "Zyxwvu", "--providers", "osm", "--near", near, "--radius", "300", "--offline", "--format",
            "json",
        ])
        #expect(search.status == 0, "\(search.transcript)")
        let document = try JSONSerialization.jsonObject(with: Data(search.stdout.utf8)) as? [String: Any]
        let venues = document?["venues"] as? [[String: Any]] ?? []
        return venues.compactMap { $0["name"] as? String }.sorted()
    }

    /// The index's entry of `venues osm list --format json`.
    static func listed(_ home: Home) async throws -> [String: Any] {
        let list = try await home.run(["osm", "list", "--format", "json"])
        let entries = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]]
        return try #require(entries?.first { $0["name"] as? String == "city" }, "\(list.transcript)")
    }

    @Test func changeFilesAreAppliedInOrderAndTheListSaysSo() async throws {
        let home = try Home()
        #expect(try await home.run(["osm", "import", Self.sample.path, "--name", "city"]).status == 0)
        #expect(try await Self.found(home).isEmpty)
        let first = try home.write(Self.cafes([1, 2]), to: "first.osc")
        // The second deletes café 2 and adds café 3; compressed with gzip.
        let second = try home.write(
            Self.cafes([3]).replacingOccurrences(
                of: "</osmChange>",
                with: "<delete>\n  <node id=\"9200000002\" version=\"2\"/>\n</delete>\n</osmChange>"
            ),
            to: "second.osc"
        )
        try Self.gzipped(try String(contentsOf: second, encoding: .utf8))
            .write(to: URL(fileURLWithPath: second.path + ".gz"))
        let update = try await home.run(["osm", "update", "city", first.path, second.path + ".gz"])
        #expect(update.status == 0, "\(update.transcript)")
        #expect(update.stdout.contains("Updated city: 2 venue(s) added, 0 deleted"), "\(update.stdout)")
        #expect(try await Self.found(home) == ["Kahvila Zyxwvu 1", "Kahvila Zyxwvu 3"])
        let entry = try await Self.listed(home)
        #expect(entry["updatedAt"] is String)
        #expect(entry["dataTimestamp"] as? String == "2024-02-01T00:00:00Z")
        #expect(entry["behindSeconds"] is Int)
        #expect(entry["replication"] is NSNull)
        let table = try await home.run(["osm", "list"])
        #expect(table.stdout.contains("Behind"), "\(table.stdout)")
    }

    @Test(arguments: ["truncated", "garbage", "extract"])
    func aBadChangeFileIsRefusedNamingTheFileAndWhereAndNothingChanges(kind: String) async throws {
        let home = try Home()
        #expect(try await home.run(["osm", "import", Self.sample.path, "--name", "city"]).status == 0)
        let good = try home.write(Self.cafes([1]), to: "good.osc")
        let text = Self.cafes([2, 3, 4])
        let bad: URL
        switch kind {
        case "truncated": bad = try home.write(String(text.prefix(text.count * 2 / 3)), to: "bad.osc")
        case "garbage":
            bad = try home.write(
                text.replacingOccurrences(of: "<node id=\"9200000003\"", with: "<node id=\"9200000003\" <<"),
                to: "bad.osc"
            )
        default: bad = try home.write("<?xml version='1.0'?>\n<osm version=\"0.6\"></osm>\n", to: "bad.osc")
        }
        let update = try await home.run(["osm", "update", "city", good.path, bad.path])
        #expect(update.status == 1, "\(update.transcript)")
        #expect(update.stderr.contains("bad.osc"), "\(update.stderr)")
        #expect(update.stderr.contains("nothing changed"), "\(update.stderr)")
        if kind != "extract" { #expect(update.stderr.contains("byte"), "\(update.stderr)") }
        #expect(try await Self.found(home).isEmpty, "the good file before it is not applied either")
        #expect(try await Self.listed(home)["updatedAt"] is NSNull)
    }

    /// Killed with every change written but not committed, the index answers as before; killed
    /// after the commit, as after. Either way the next update runs.
    @Test(arguments: ["updating", "updated"])
    func anUpdateKilledHalfWayLeavesTheIndexWholeBeforeOrAfter(phase: String) async throws {
        let home = try Home()
        #expect(try await home.run(["osm", "import", Self.sample.path, "--name", "city"]).status == 0)
        let change = try home.write(Self.cafes([1, 2]), to: "change.osc")
        let (stopped, _) = try await OSMIndexCommandTests.killed(
            ["osm", "update", "city", change.path],
            at: phase,
            environment: home.environment
        )
        #expect(stopped, "the update stopped at \(phase)")
        let expected = phase == "updating" ? [] : ["Kahvila Zyxwvu 1", "Kahvila Zyxwvu 2"]
        #expect(try await Self.found(home) == expected)
        let next = try await home.run(["osm", "update", "city", try home.write(Self.cafes([3]), to: "next.osc").path])
        #expect(next.status == 0, "\(next.transcript)")
        #expect(try await Self.found(home) == expected + ["Kahvila Zyxwvu 3"])
    }

    @Test func anIndexThatFollowsNoFeedSaysWhatToGive() async throws {
        let home = try Home()
        #expect(try await home.run(["osm", "import", Self.sample.path, "--name", "city"]).status == 0)
        let update = try await home.run(["osm", "update", "city"])
        #expect(update.status == 1)
        #expect(update.stderr.contains("follows no replication feed"), "\(update.stderr)")
        let missing = try await home.run(["osm", "update", "nowhere", "x.osc"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no OSM index named nowhere"), "\(missing.stderr)")
    }

    /// `text` compressed with gzip (the system's `gzip`).
    static func gzipped(_ text: String) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-c"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }
}

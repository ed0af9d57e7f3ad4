import Foundation
import Testing

/// `venues overture import/list/remove` and the `overture` provider, as a user runs them: the
/// import's summary, its refusal of a bad line (exit 1, the line named, nothing replaced), the
/// places in a listing with their attribution.
@Suite struct OvertureCommandTests {
    /// Two places around Helsinki's Esplanadi (positions and names of the extract's nodes,
    /// © OpenStreetMap contributors), the second a polygon.
    static let places = [
        #"{"id":"cli-1","type":"Feature","geometry":{"type":"Point","coordinates":[24.9472796,60.1669578]},"properties":{"names":{"primary":"Ravintola Savoy"},"categories":{"primary":"restaurant"},"confidence":0.9,"operating_status":"open","sources":[{"property":"","dataset":"meta","record_id":"1"}]}}"#,
        #"{"id":"cli-2","type":"Feature","geometry":{"type":"Polygon","coordinates":[[[24.9500,60.1680],[24.9510,60.1680],[24.9510,60.1686],[24.9500,60.1686],[24.9500,60.1680]]]},"properties":{"names":{"primary":"Kappeli"},"categories":{"primary":"cafe"},"confidence":0.8,"sources":[{"property":"","dataset":"AllThePlaces","record_id":"x/2"}]}}"#,
    ]

    @Test func importsListsAnswersAndRemoves() async throws {
        let home = try VenuesProcess.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = VenuesProcess.environment(home: home)
        let file = home.appendingPathComponent("esplanadi.geojsonseq")
        try Data((Self.places.joined(separator: "\n") + "\n").utf8).write(to: file)

        let imported = try await VenuesProcess.run(["overture", "import", file.path], environment: environment)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.hasPrefix("Imported 2 places from esplanadi.geojsonseq"))
        #expect(imported.stdout.contains("Note: 1 place(s) with a Polygon geometry placed at its centroid."))
        let index = home.appendingPathComponent("data/venues/overture/esplanadi.sqlite")
        #expect(FileManager.default.fileExists(atPath: index.path))

        let listed = try await VenuesProcess.run(["overture", "list", "--format", "json"], environment: environment)
        #expect(listed.stdout.contains(#""name" : "esplanadi""#))

        let nearby = try await VenuesProcess.run(
            ["nearby", "--providers", "overture", "--near", "60.1675,24.9490", "--radius", "500", "--format", "json"],
            environment: environment
        )
        #expect(nearby.status == 0, "\(nearby.stderr)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(nearby.stdout.utf8)) as? [String: Any]
        )
        let ids = (document["venues"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(Set(ids) == ["overture:cli-1", "overture:cli-2"])
        #expect(
            document["attribution"] as? [String] == [
                "© Overture Maps Foundation (CDLA-Permissive-2.0)", "Contains data from Meta (CDLA-Permissive-2.0)",
                "Contains data from AllThePlaces (CC0-1.0)",
            ]
        )
        // A higher threshold leaves Kappeli (0.8) out.
        let strict = try await VenuesProcess.run(
            [
                "nearby", "--providers", "overture", "--near", "60.1675,24.9490", "--radius", "500", "--format", "json",
                "--min-confidence", "0.85",
            ],
            environment: environment
        )
        #expect(strict.stdout.contains("overture:cli-1") && !strict.stdout.contains("overture:cli-2"))

        // A bad line: exit 1, the line named, the index as it was.
        let before = try Data(contentsOf: index)
        let bad = home.appendingPathComponent("esplanadi-bad.geojsonseq")
        try Data(
            (Self.places[0] + "\n"
                + #"{"type":"Feature","geometry":{"type":"Point","coordinates":[200,60]},"properties":{}}"# + "\n").utf8
        )
        .write(to: bad)
        let refused = try await VenuesProcess.run(
            ["overture", "import", bad.path, "--name", "esplanadi"],
            environment: environment
        )
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("esplanadi-bad.geojsonseq, line 2: coordinates out of range"))
        #expect(refused.stderr.contains("nothing was replaced"))
        #expect(try Data(contentsOf: index) == before)

        let removed = try await VenuesProcess.run(["overture", "remove", "esplanadi"], environment: environment)
        #expect(removed.status == 0)
        #expect(!FileManager.default.fileExists(atPath: index.path))
    }

    /// Killed at each phase of an import — reading, writing the words, checking the new file,
    /// about to rename it, just renamed — the Overture index is the old one (or, once renamed,
    /// the new one), never a mixture, and answers; the next import removes what was left.
    @Test(arguments: ["reading", "words", "checking", "renaming", "renamed"])
    func anImportKilledHalfWayLeavesTheOldIndexAndTheNextImportCleansUp(phase: String) async throws {
        let home = try OSMIndexCommandTests.Home()
        let folder = home.root.appendingPathComponent("data/overture")
        let index = folder.appendingPathComponent("esplanadi.sqlite")
        func leftovers() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".tmp") }
        }
        func places() async throws -> Set<String> {
            let nearby = try await home.run(
                [
                    "nearby", "--providers", "overture", "--near", "60.1675,24.9490", "--radius", "500", "--format",
                    "json",
                ]
            )
            #expect(nearby.status == 0, "\(nearby.transcript)")
            let document = try JSONSerialization.jsonObject(with: Data(nearby.stdout.utf8)) as? [String: Any]
            return Set((document?["venues"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
        }
        let one = try home.write(Self.places[0] + "\n", to: "esplanadi.geojsonseq")
        #expect(try await home.run(["overture", "import", one.path]).status == 0)
        let before = try Data(contentsOf: index)

        let both = try home.write(Self.places.joined(separator: "\n") + "\n", to: "esplanadi.geojsonseq")
        let (stopped, process) = try await OSMIndexCommandTests.killed(
            ["overture", "import", both.path],
            at: phase,
            environment: home.environment
        )
        #expect(stopped, "the import stopped at \(phase)")
        #expect(process.terminationReason == .uncaughtSignal, "the import was killed at \(phase)")
        if phase == "renamed" {
            #expect(leftovers().isEmpty, "the new index is in place")
            #expect(try await places() == ["overture:cli-1", "overture:cli-2"])
        } else {
            #expect(!leftovers().isEmpty, "a killed import leaves its temporary file")
            #expect(try Data(contentsOf: index) == before, "the old index, untouched, at \(phase)")
            #expect(try await places() == ["overture:cli-1"])
        }

        let next = try await home.run(["overture", "import", both.path])
        #expect(next.status == 0, "\(next.transcript)")
        #expect(leftovers().isEmpty, "the next import removed what the killed one left: \(leftovers())")
        #expect(try await places() == ["overture:cli-1", "overture:cli-2"])
    }
}

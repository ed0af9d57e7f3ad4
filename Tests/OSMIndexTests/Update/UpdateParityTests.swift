import Foundation
import OSMFiles
import OSMIndex
import OSMModel
import Testing
import VenuesCore
import VenuesTestSupport

/// An index of A updated with the changes from A to B answers exactly as an index imported
/// from B (cut to the same area, as a newer extract would be), on generated pairs that have
/// every effect an update must apply (``UpdateScenario``).
@Suite struct UpdateParityTests {
    /// The sample cut to its own bounds: extract A of every scenario.
    static let base = Task<TestOSMData, any Error> {
        try await offCooperativePool {
            let folder = IndexTest.directory("update-base")
            let sample = try TestOSMData.read(IndexTest.sampleFile)
            let whole = folder.appendingPathComponent("sample.osm")
            try Data(sample.xml().utf8).write(to: whole)
            let cut = folder.appendingPathComponent("a.osm")
            try ExtractCutter.cut(whole, to: sample.bounds!, declaresBounds: true, destination: cut)
            return try TestOSMData.read(cut)
        }
    }

    /// Files of one scenario: A, B cut, the change file, and the two indexes.
    struct Files {
        var folder: URL
        var updated: URL
        var imported: URL
        var change: URL
        var changes: [TestOSMData.Change]
        var scenario: UpdateScenario
    }

    /// Makes the files of a scenario and imports A and B.
    static func prepare(seed: UInt64, count: Int = 3, severalVersions: Bool = true) async throws -> Files {
        let old = try await base.value
        return try await offCooperativePool {
            let folder = IndexTest.directory("update-\(seed)")
            let scenario = UpdateScenario(old: old, seed: seed, count: count)
            let a = folder.appendingPathComponent("a.osm")
            try Data(old.xml().utf8).write(to: a)
            let b = folder.appendingPathComponent("b.osm")
            try Data(scenario.new.xml(timestamp: "2024-02-01T00:00:00Z").utf8).write(to: b)
            let bCut = folder.appendingPathComponent("b-cut.osm")
            try ExtractCutter.cut(b, to: old.bounds!, declaresBounds: true, destination: bCut)
            var changes = TestOSMData.changes(from: old, to: scenario.new)
            if severalVersions { changes = Self.withEarlierVersions(changes, seed: seed) }
            let change = folder.appendingPathComponent("a-to-b.osc")
            try Data(TestOSMData.osmChange(changes).utf8).write(to: change)
            let updated = folder.appendingPathComponent("updated.sqlite")
            try IndexTest.importIndex(a, into: updated)
            let imported = folder.appendingPathComponent("imported.sqlite")
            try IndexTest.importIndex(bCut, into: imported)
            return Files(
                folder: folder,
                updated: updated,
                imported: imported,
                change: change,
                changes: changes,
                scenario: scenario
            )
        }
    }

    /// The changes with some modified objects listed twice: an older version with another
    /// name after the newest one (the newest must win, wherever it stands in the file).
    static func withEarlierVersions(_ changes: [TestOSMData.Change], seed: UInt64) -> [TestOSMData.Change] {
        var generator = SeededGenerator(state: seed &+ 7)
        var result: [TestOSMData.Change] = []
        var earlier: [TestOSMData.Change] = []
        for var change in changes {
            if change.action == .modify, change.element.value("name") != nil, Bool.random(using: &generator) {
                var older = change.element
                older.version += 1
                older.set("name", "Välivaihe \(older.id)")
                change.element.version += 2
                earlier.append(TestOSMData.Change(action: .modify, element: older))
            }
            result.append(change)
        }
        return result + earlier
    }

    /// The words the scenario's venues are searched by.
    static func terms(_ scenario: UpdateScenario) -> [String] {
        var terms = ["uusi", "kahvila", "leipomo", "nimetön", "välivaihe", "ravintola", "kaukana", "cafe"]
        for element in scenario.new.elements where UpdateScenario.isVenue(element) {
            if let word = element.value("name")?.split(separator: " ").first, word.count >= 4, terms.count < 40 {
                terms.append(String(word))
            }
        }
        return terms
    }

    /// Seeds 3 and 4 write every word's changes to `word_change` (as a country's common words
    /// get them), and fold them into the list once they are an eighth of it; the second update
    /// (of seed 4) adds to what the first left there.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func anUpdatedIndexAnswersAsTheNewerImport(seed: UInt64) async throws {
        let files = try await Self.prepare(seed: seed)
        let differences = try await offCooperativePool {
            let limit = seed >= 3 ? 0 : 1024
            if seed == 4 {
                // Half the changes, then all of them: the second update starts from the first's
                // pending changes (and applies the first half again).
                let half = files.folder.appendingPathComponent("half.osc")
                try Data(TestOSMData.osmChange(Array(files.changes.prefix(files.changes.count / 2))).utf8).write(
                    to: half
                )
                _ = try UpdateTest.apply(files: [half], to: files.updated, wordListRewriteLimit: limit)
            }
            _ = try UpdateTest.apply(files: [files.change], to: files.updated, wordListRewriteLimit: limit)
            return try IndexComparison.differences(
                updated: files.updated,
                imported: files.imported,
                around: IndexTest.helsinki,
                terms: Self.terms(files.scenario)
            )
        }
        #expect(
            differences.isEmpty,
            "\(differences.joined(separator: "\n"))\neffects: \(files.scenario.effects.joined(separator: "; "))"
        )
    }
}

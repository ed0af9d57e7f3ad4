import Foundation
import OSMIndex
import OSMModel
import OvertureProvider
import Testing
import VenuesCore
import VenuesTestSupport

/// A file with something that cannot be read: the import fails naming the line, and the index
/// it would have replaced stays as it was.
@Suite struct OvertureBadInputTests {
    @Test(arguments: [
        ("bad-not-feature.geojsonseq", "line 3: not a GeoJSON Feature (type 'FeatureCollection')"),
        ("bad-not-json.geojsonseq", "line 3: not a GeoJSON Feature: invalid JSON"),
        ("bad-out-of-range.geojsonseq", "line 3: coordinates out of range (longitude 24.94, latitude 91.5)"),
        ("bad-no-id.geojsonseq", "line 3: the place has no id"),
    ])
    func failsNamingTheLineAndReplacesNothing(_ name: String, _ message: String) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let good = try await OvertureTest.importFixture("helsinki-places.geojsonseq", into: scratch.url)
        let before = try Data(contentsOf: good.index)
        do {
            _ = try await OvertureTest.importFixture(name, into: scratch.url)
            Issue.record("the import of \(name) succeeded")
        } catch let error as OSMIndexError {
            #expect(error.description.contains("\(name), \(message)"), "\(error.description)")
        }
        #expect(try Data(contentsOf: good.index) == before)
        #expect(try scratch.contents().filter { $0.hasSuffix(".tmp") }.isEmpty)
    }
}

import Foundation
import OSMFiles
import OSMModel
import OSMPBFTestSupport
import OSMSpill
import Testing
import VenuesCore
import VenuesTestSupport

@testable import OverpassProvider

/// A `.osm.pbf` file as the OSM endpoint is searched in place like the `.osm` it was made
/// from: the bundled extract, written as PBF by the tests' own encoder (several zlib blocks of
/// dense nodes, or raw blocks of plain nodes), gives the same venues for every query.
@Suite("Overpass local extract in PBF")
struct LocalPBFTests {
    /// The bundled extract as PBF in a temporary folder, written once per variant.
    static func sampleAsPBF(dense: Bool) throws -> URL {
        let url = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("venues-test-\(UUID())-\(dense ? "dense" : "plain").osm.pbf")
        var options = PBFTestFile.Options()
        options.denseNodes = dense
        options.compression = dense ? .zlib : .raw
        options.elementsPerBlock = 4000
        try PBFTestFile.convert(xml: OverpassTest.sampleFile, to: url, options)
        return url
    }

    static func provider(_ url: URL) -> OverpassProvider {
        OverpassProvider(configuration: .init(endpoint: .file(url)), httpClient: FailingHTTPClient())
    }

    @Test("nearby, category and text searches and lookups give what the XML gives", arguments: [true, false])
    func sameAnswersAsXML(dense: Bool) async throws {
        let pbf = try await offCooperativePool { try Self.sampleAsPBF(dense: dense) }
        defer { try? FileManager.default.removeItem(at: pbf) }
        let xml = Self.provider(OverpassTest.sampleFile)
        let fromPBF = Self.provider(pbf)
        for radius in [100, 500, 5000] {
            let query = VenueQuery(center: OverpassTest.helsinki, radius: radius, limit: 10_000)
            let expected = try await xml.nearby(query)
            let answer = try await fromPBF.nearby(query)
            #expect(answer.venues == expected.venues, "radius \(radius)")
            #expect(answer.venues.count > (radius == 5000 ? 1149 : 0))
            #expect(answer.notes.contains { $0.contains("read \(pbf.lastPathComponent) locally") })
        }
        let cafes = VenueQuery(center: OverpassTest.helsinki, radius: 800, categories: [.cafe, .museum], limit: 500)
        #expect(try await fromPBF.nearby(cafes).venues == (try await xml.nearby(cafes)).venues)
        let search = VenueQuery(center: OverpassTest.helsinki, radius: 2000, term: "fazer", limit: 500)
        let found = try await fromPBF.search(search)
        #expect(!found.venues.isEmpty)
        #expect(found.venues == (try await xml.search(search)).venues)
        for id in ["osm:node/25389429", "osm:way/122595207"] {
            let venueID = try VenueID(parsing: id)
            #expect(try await fromPBF.venue(venueID) == (try await xml.venue(venueID)))
        }
        let relation = try #require(
            (try await xml.nearby(VenueQuery(center: OverpassTest.helsinki, radius: 5000, limit: 10_000))).venues
                .first { $0.id.native.hasPrefix("relation/") }
        )
        #expect(try await fromPBF.venue(relation.id) == relation)
    }

    @Test("the temporary index and the re-reading passes agree on PBF too")
    func spillAndRereading() async throws {
        let pbf = try await offCooperativePool { try Self.sampleAsPBF(dense: true) }
        defer { try? FileManager.default.removeItem(at: pbf) }
        let selection = try OSMSelection(categories: [], term: nil)
        let criterion = OSMExtractSearch.Criterion.nearby(selection, center: OverpassTest.helsinki, radius: 5000)
        let indexed = try await offCooperativePool { try OSMExtractSearch(file: pbf, criterion: criterion).run() }
        let reread = try await offCooperativePool {
            var rereading = OSMExtractSearch(file: pbf, criterion: criterion)
            rereading.usesSpillFiles = false
            return try rereading.run()
        }
        let xml = try await offCooperativePool {
            try OSMExtractSearch(file: OverpassTest.sampleFile, criterion: criterion).run()
        }
        #expect(indexed.passes == 1)
        #expect(reread.passes == 3)
        #expect(indexed.venues == xml.venues)
        #expect(indexed.venues.sorted { $0.id < $1.id } == reread.venues.sorted { $0.id < $1.id })
    }

    @Test("a PBF file is recognised by its first bytes, whatever its name")
    func recognisedByContent() async throws {
        let pbf = try await offCooperativePool { try Self.sampleAsPBF(dense: true) }
        let renamed = pbf.deletingPathExtension().deletingPathExtension().appendingPathExtension("osm")
        try FileManager.default.moveItem(at: pbf, to: renamed)
        defer { try? FileManager.default.removeItem(at: renamed) }
        #expect(OSMExtractFile.isPBF(renamed))
        #expect(!OSMExtractFile.isPBF(OverpassTest.sampleFile))
        let query = VenueQuery(center: OverpassTest.helsinki, radius: 300, limit: 1000)
        let expected = try await Self.provider(OverpassTest.sampleFile).nearby(query)
        #expect(try await Self.provider(renamed).nearby(query).venues == expected.venues)
    }

    @Test("a damaged PBF file is an error naming the byte offset")
    func damagedFile() async throws {
        let pbf = try await offCooperativePool { try Self.sampleAsPBF(dense: true) }
        defer { try? FileManager.default.removeItem(at: pbf) }
        let bytes = try Data(contentsOf: pbf)
        try bytes.prefix(bytes.count - 100).write(to: pbf)
        await #expect {
            try await Self.provider(pbf).nearby(VenueQuery(center: OverpassTest.helsinki, radius: 100))
        } throws: { error in
            guard case ProviderError.invalidResponse(let message) = error else { return false }
            return message.hasPrefix("\(pbf.lastPathComponent) is not readable OSM PBF: at byte ")
                && message.hasSuffix("it is truncated")
        }
    }
}

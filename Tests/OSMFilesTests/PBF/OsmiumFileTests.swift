import Foundation
import OSMFiles
import OSMModel
import OSMPBFTestSupport
import Testing

/// Files that another program wrote: the Overpass excerpt in `Fuzz/Corpus` written as PBF by
/// osmium 1.15.0 (zlib blobs, raw blobs, plain nodes) read as the XML of the same excerpt does.
/// Every other PBF file the tests decode comes from their own writer, which cannot catch a
/// misreading the writer shares.
@Suite("PBF files written by osmium read as their XML")
struct OsmiumFileTests {
    static let corpus = repositoryRoot.appendingPathComponent("Fuzz/Corpus")
    static let xml = corpus.appendingPathComponent("FuzzOverpassXML/real-small-excerpt.xml")

    @Test(
        arguments: [
            "real-small-excerpt.osm.pbf", "real-small-excerpt-raw.osm.pbf", "real-small-excerpt-plain-nodes.osm.pbf",
        ]
    )
    func readsAsTheXMLOfTheSameExcerpt(file: String) throws {
        let url = Self.corpus.appendingPathComponent("FuzzPBF").appendingPathComponent(file)
        let expected = try PBFTestFile.elements(ofXML: Self.xml)
        for threads in [0, 2] {
            let read = try PBFRead.read(.file(url), threads: threads)
            #expect(read.fileHeader?.writingProgram?.hasPrefix("osmium") == true, "\(file): \(read.header as Any)")
            #expect(read.elements.count == expected.count, "\(file)")
            #expect(expected.count == 4, "two nodes, a way, a relation")
            for (found, wanted) in zip(read.elements, expected) {
                let what = "\(file), \(threads) threads, \(wanted.kind.name)/\(wanted.id)"
                #expect(found.kind == wanted.kind && found.id == wanted.id, "\(what): \(found.kind.name)/\(found.id)")
                #expect(found.tags == wanted.tags, "\(what): \(found.tags) vs \(wanted.tags)")
                #expect(found.nodes == wanted.nodes, "\(what)")
                #expect(found.members.map(\.id) == wanted.members.map(\.id), "\(what)")
                if wanted.kind == .node {
                    // PBF keeps positions in units of 100 nanodegrees, as the XML writes them.
                    let latitude = try #require(found.latitude, "\(what): no latitude")
                    let longitude = try #require(found.longitude, "\(what): no longitude")
                    #expect(abs(latitude - wanted.latitude!) < 5e-8, "\(what): \(latitude) vs \(wanted.latitude!)")
                    #expect(abs(longitude - wanted.longitude!) < 5e-8, "\(what): \(longitude) vs \(wanted.longitude!)")
                } else {
                    // The XML's <center> is Overpass's own; PBF has no such thing.
                    #expect(found.latitude == nil && found.longitude == nil, "\(what)")
                }
            }
            #expect(read.summary.elements == expected.count)
            #expect(!read.summary.stoppedEarly)
        }
    }
}

import Foundation
import OSMFiles
import OSMModel
import OSMPBFTestSupport
import Testing
import VenuesTestSupport

/// OsmChange documents that cannot be read: each error names the document and, for broken XML
/// or a broken element, the byte offset where reading stopped.
@Suite("OsmChange files: errors name the file and the byte offset")
struct OSMChangeFileErrorTests {
    static let document = OSMXMLTestFile.change(OSMChangeFileTests.changes)

    /// The document with `insert` put in just before the `<modify>` block, and where that is.
    static func withInsert(_ insert: String) -> (data: Data, offset: Int) {
        let text = String(decoding: document, as: UTF8.self)
        let at = text.utf8.distance(from: text.startIndex, to: text.range(of: "  <modify>")!.lowerBound)
        return (Data(text.utf8.prefix(at)) + Data(insert.utf8) + Data(text.utf8.dropFirst(at)), at)
    }

    @Test func aTruncatedFileNamesTheFileAndTheByteOffset() throws {
        let cut = Self.document.count * 2 / 3
        let message = ChangeRead.malformedMessage(Self.document.prefix(cut), name: "cut.osc")
        #expect(message.hasPrefix("cut.osc is not a readable OsmChange file: malformed XML at byte "), "\(message)")
        let offset = try #require(ChangeRead.offset(in: message), "\(message)")
        #expect(offset > 0 && offset <= cut, "\(message)")
        #expect(!message.contains("decompressed"), "\(message)")
    }

    @Test func garbageInTheMiddleNamesWhereItIs() throws {
        let element = "  <modify><node id=\"77\" version=\"1\" lat=\"1\" lon=\"2\"/> "
        let (data, at) = Self.withInsert(element + "<<garbage>></modify>\n")
        let message = ChangeRead.malformedMessage(data, name: "bad.osc")
        #expect(message.hasPrefix("bad.osc is not a readable OsmChange file: malformed XML at byte "), "\(message)")
        let offset = try #require(ChangeRead.offset(in: message), "\(message)")
        // libxml2 stops in the garbage: at its second `<`, where an element name should be.
        let garbage = at + element.utf8.count
        #expect(garbage...(garbage + 2) ~= offset, "the garbage starts at \(garbage): \(message)")
    }

    @Test(arguments: ["bad.osc.gz", "bad.osc.bz2"])
    func garbageInACompressedFileNamesTheOffsetInTheDecompressedXML(name: String) throws {
        let (data, _) = Self.withInsert("  <<garbage>>\n")
        let plain = ChangeRead.malformedMessage(data, name: name)
        let compressed = ChangeRead.malformedMessage(
            name.hasSuffix(".gz") ? Compression.gzip(data) : Compression.bzip2(data),
            name: name
        )
        let offset = try #require(ChangeRead.offset(in: plain), "\(plain)")
        #expect(compressed.hasPrefix("\(name) is not a readable OsmChange file"), "\(compressed)")
        #expect(compressed.contains("at byte \(offset) of the decompressed XML"), "\(compressed) vs \(plain)")
    }

    @Test func anOSMExtractGivenAsAChangeFileSaysSo() throws {
        let extract = OSMXMLTestFile.osm([(.node(1, 60.1, 24.9, ["name": "X"]), 1)])
        let message = ChangeRead.malformedMessage(extract, name: "helsinki.osm")
        #expect(
            message.hasPrefix("helsinki.osm is not a readable OsmChange file: not an OsmChange document"),
            "\(message)"
        )
        #expect(message.contains("root element is <osm>") && message.contains("OSM extract"), "\(message)")
        let other = ChangeRead.malformedMessage(Data("<gpx><wpt/></gpx>".utf8), name: "track.gpx")
        #expect(other.contains("root element is <gpx>, not <osmChange>"), "\(other)")
    }

    /// And the other way round: the `<osm>` reader keeps refusing a change file.
    @Test func aChangeFileGivenAsAnExtractIsStillRefused() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let url = scratch.file("changes.osc")
        try Self.document.write(to: url)
        let error = #expect(throws: OSMFileError.self) { _ = try OSMXMLFile(url: url).read { _ in .next } }
        #expect(error?.description.contains("root element is <osmChange>") == true, "\(String(describing: error))")
    }

    @Test func aDoctypeIsRefusedUnparsed() throws {
        let hostile = Data(
            """
            <?xml version="1.0"?>
            <!DOCTYPE osmChange [<!ENTITY x "boom">]>
            <osmChange version="0.6"><create><node id="1" version="1" lat="1" lon="2"><tag k="n" v="&x;"/></node></create></osmChange>
            """.utf8
        )
        for message in [
            ChangeRead.malformedMessage(hostile, name: "evil.osc"),
            ChangeRead.malformedMessage(Compression.gzip(hostile), name: "evil.osc.gz"),
        ] {
            #expect(message.contains("is not a readable OsmChange file") && message.contains("DOCTYPE"), "\(message)")
        }
        let error = #expect(throws: OSMFileError.self) {
            _ = try OSMChangeFile.read(hostile, name: "body") { _, _ in .next }
        }
        #expect(
            error?.description.hasPrefix("body is not a readable OsmChange document") == true
                && error?.description.contains("DOCTYPE") == true,
            "\(String(describing: error))"
        )
    }

    @Test(
        arguments: [
            ("<node version=\"1\" lat=\"1\" lon=\"2\"/>", "<node> in <modify> has no id"),
            ("<way id=\"x12\" version=\"1\"/>", "<way> in <modify> has id=\"x12\", not an OSM id"),
            ("<relation id=\"\" version=\"1\"/>", "<relation> in <modify> has id=\"\", not an OSM id"),
            ("<node id=\"5\" version=\"1\" lat=\"60.1\"/>", "node 5 in <modify> has no lat and lon"),
            ("<node id=\"5\" version=\"1\" lat=\"60.1\" lon=\"east\"/>", "node 5 in <modify> has no lat and lon"),
            ("<way id=\"5\" version=\"two\"/>", "way 5 in <modify> has version=\"two\", not a number"),
        ]
    )
    func aBrokenElementNamesItselfAndTheOffset(element: String, reason: String) throws {
        let (data, at) = Self.withInsert("  <modify>\(element)</modify>\n")
        let message = ChangeRead.malformedMessage(data, name: "broken.osc")
        #expect(message.hasPrefix("broken.osc is not a readable OsmChange file: \(reason) at byte "), "\(message)")
        let offset = try #require(ChangeRead.offset(in: message), "\(message)")
        // The end of the element's start tag: its `/>`.
        let end = at + "  <modify>".utf8.count + element.utf8.count
        #expect((end - 2)...end ~= offset, "the element ends at \(end): \(message)")
    }

    @Test func anElementOutsideABlockIsRefused() throws {
        let (data, _) = Self.withInsert("  <node id=\"5\" version=\"1\" lat=\"1\" lon=\"2\"/>\n")
        let message = ChangeRead.malformedMessage(data)
        #expect(message.contains("<node> outside a <create>, <modify> or <delete> block at byte "), "\(message)")
    }

    @Test func aNodeDeletedWithoutPositionIsFine() throws {
        let (data, _) = Self.withInsert("  <delete><node id=\"5\" version=\"3\"/></delete>\n")
        let read = try ChangeRead.file(data)
        #expect(read.changes.contains(ReadChange(.delete, TestElement(kind: .node, id: 5), version: 3)))
    }

    @Test func emptyAndMissingFiles() throws {
        let empty = ChangeRead.malformedMessage(Data(), name: "empty.osc")
        #expect(empty.hasPrefix("empty.osc is not a readable OsmChange file"), "\(empty)")
        #expect(throws: OSMFileError.notFound(path: "/nonexistent/changes.osc")) {
            _ = try OSMChangeFile.read(URL(fileURLWithPath: "/nonexistent/changes.osc")) { _, _ in .next }
        }
    }

    @Test func aBrokenDocumentInMemoryNamesItselfAndTheOffset() throws {
        let (data, at) = Self.withInsert("  <<garbage>>\n")
        let error = #expect(throws: OSMFileError.self) {
            _ = try OSMChangeFile.read(data, name: "https://example.org/000/001.osc") { _, _ in .next }
        }
        let message = error?.description ?? ""
        #expect(
            message.hasPrefix(
                "https://example.org/000/001.osc is not a readable OsmChange document: malformed XML at byte"
            ),
            "\(message)"
        )
        let offset = try #require(ChangeRead.offset(in: message), "\(message)")
        #expect((at...(at + 16)) ~= offset, "inserted at \(at): \(message)")
    }
}

import Foundation
import OSMFiles
import OSMModel
import OSMPBFTestSupport
import Testing
import VenuesTestSupport

/// OsmChange documents read as written: every action of every kind with tags, references,
/// members and versions; blocks repeated in any order; the same element more than once;
/// compressed files; documents as osmium and the planet's diffs write them.
@Suite("OsmChange files: elements, actions, versions")
struct OSMChangeFileTests {
    static func stamped(_ element: TestElement, _ seconds: Int64) -> TestElement {
        var copy = element
        copy.timestamp = seconds
        return copy
    }

    /// Each kind created, modified and deleted; deletes bare and with their last tags and position.
    static let changes: [TestChange] = [
        TestChange(.create, stamped(.node(1, 60.1, 24.9, ["name": "Kahvila", "amenity": "cafe"]), 1_700_000_000)),
        TestChange(.create, .node(2, -33.8688197, 151.2092955, ["name": "Fish & \"Chips\" <Ltd>"])),
        TestChange(.create, .way(5, [1, 2, 3, 1], ["shop": "bakery", "name": "Leipomo"])),
        TestChange(
            .create,
            .relation(9, [(.node, 1), (.way, 5), (.relation, 8), (.way, 6)], ["type": "multipolygon"])
        ),
        TestChange(.modify, .node(3, 60.17, 24.94), version: 3),
        TestChange(.modify, stamped(.way(6, [3, 2], ["highway": "footway"]), 1_714_594_903), version: 4),
        TestChange(.modify, .relation(10, [(.way, 6)], ["type": "route", "route": "foot"]), version: 2),
        TestChange(.delete, TestElement(kind: .node, id: 7), version: 4),
        TestChange(.delete, .node(11, 60.2, 25.0, ["name": "Suljettu"]), version: 2),
        TestChange(.delete, TestElement(kind: .way, id: 12), version: 7),
        TestChange(.delete, TestElement(kind: .relation, id: 13), version: 5),
    ]

    @Test func everyActionOfEveryKindReadsAsWritten() throws {
        let read = try ChangeRead.file(OSMXMLTestFile.change(Self.changes))
        #expect(read.changes == Self.changes.map(ReadChange.init(written:)))
        #expect(read.summary.elements == Self.changes.count)
        #expect(!read.summary.stoppedEarly)
        #expect(read.summary.newestTimestamp == "2024-05-01T20:21:43Z")
        // A bare delete has neither position nor tags.
        let bare = try #require(read.changes.first { $0.element.id == 7 })
        #expect(bare.element.latitude == nil && bare.element.longitude == nil && bare.element.tags.isEmpty)
    }

    @Test func aDocumentInMemoryReadsAsTheFile() throws {
        let document = OSMXMLTestFile.change(Self.changes)
        let memory = try ChangeRead.memory(document)
        #expect(try memory.changes == ChangeRead.file(document).changes)
        #expect(memory.summary.newestTimestamp == "2024-05-01T20:21:43Z")
    }

    @Test func repeatedBlocksInAnyOrderAndTheSameElementTwiceComeInDocumentOrder() throws {
        let changes: [TestChange] = [
            TestChange(.delete, TestElement(kind: .node, id: 4), version: 2),
            TestChange(.modify, .node(1, 60.1, 24.9, ["name": "A"]), version: 2),
            TestChange(.create, .node(20, 60.3, 24.8)),
            TestChange(.modify, .node(1, 60.1, 24.91, ["name": "B"]), version: 3),
            TestChange(.create, .way(21, [20, 1])),
            TestChange(.delete, TestElement(kind: .node, id: 1), version: 4),
            TestChange(.create, .node(1, 61, 25), version: 5),
        ]
        let document = OSMXMLTestFile.change(changes)
        let text = String(decoding: document, as: UTF8.self)
        #expect(text.components(separatedBy: "<create>").count - 1 == 3)
        #expect(text.components(separatedBy: "<modify>").count - 1 == 2)
        #expect(text.components(separatedBy: "<delete>").count - 1 == 2)
        let read = try ChangeRead.file(document)
        #expect(read.changes == changes.map(ReadChange.init(written:)))
        #expect(read.changes.filter { $0.element.id == 1 }.map(\.version) == [2, 3, 4, 5])
    }

    @Test(arguments: [("changes.osc.gz", true), ("changes.osc.bz2", false), ("changes.osc", true)])
    func compressedFilesReadAsPlainOnes(name: String, gzip: Bool) throws {
        let document = OSMXMLTestFile.change(Self.changes)
        let plain = try ChangeRead.file(document)
        // The compression is told by the bytes, not the name (the last case is gzip named .osc).
        let compressed = gzip ? Compression.gzip(document) : Compression.bzip2(document)
        let read = try ChangeRead.file(compressed, name: name)
        #expect(read.changes == plain.changes)
        #expect(read.summary.newestTimestamp == plain.summary.newestTimestamp)
        #expect(read.summary.bytesRead == compressed.count)
    }

    /// As the planet's replication diffs and osmium write them: `<bounds>`, a comment, empty
    /// blocks, a delete with nothing but id and version, an element without version.
    @Test func aDocumentAsOsmiumWritesIt() throws {
        let document = Data(
            """
            <?xml version='1.0' encoding='UTF-8'?>
            <!-- a diff -->
            <osmChange version="0.6" generator="osmium/1.15.0">
              <bounds minlat="60.1" minlon="24.9" maxlat="60.2" maxlon="25.0"/>
              <modify>
                <node id="100" version="3" timestamp="2024-05-01T20:21:43Z" uid="1" user="a &amp; b" changeset="9" lat="60.1716340" lon="24.9414400">
                  <tag k="name" v="Caf&#233; &amp; Bar"/>
                </node>
              </modify>
              <create/>
              <delete>
                <node id="101" version="2"/>
                <way id="102" version="5" timestamp="2024-05-02T00:00:00Z"/>
              </delete>
              <create>
                <relation id="103" timestamp="2023-01-01T00:00:00Z">
                  <member type="way" ref="102" role="outer"/>
                  <member type="node" ref="100" role=""/>
                  <member type="relation" ref="7" role="sub"/>
                  <tag k="type" v="multipolygon"/>
                </relation>
              </create>
            </osmChange>
            """.utf8
        )
        let read = try ChangeRead.file(document)
        #expect(
            read.changes == [
                ReadChange(
                    .modify,
                    TestElement(
                        kind: .node,
                        id: 100,
                        latitude: 60.1716340,
                        longitude: 24.9414400,
                        tags: [OSMTags.Pair(key: "name", value: "Café & Bar")]
                    ),
                    version: 3
                ),
                ReadChange(.delete, TestElement(kind: .node, id: 101), version: 2),
                ReadChange(.delete, TestElement(kind: .way, id: 102), version: 5),
                ReadChange(
                    .create,
                    TestElement(
                        kind: .relation,
                        id: 103,
                        tags: [OSMTags.Pair(key: "type", value: "multipolygon")],
                        members: [(.node, 100, ""), (.way, 102, "")]
                    ),
                    version: nil
                ),
            ]
        )
        #expect(read.summary.newestTimestamp == "2024-05-02T00:00:00Z")
    }

    @Test func theVisitorCanStop() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let url = scratch.file("changes.osc")
        try OSMXMLTestFile.change(Self.changes).write(to: url)
        var seen = 0
        let summary = try OSMChangeFile.read(url) { _, _ in
            seen += 1
            return seen == 2 ? .stop : .next
        }
        #expect(seen == 2)
        #expect(summary.stoppedEarly)
    }

    @Test func aRaisedCancellationFlagCancels() throws {
        let flag = CancellationFlag()
        flag.cancel()
        #expect(throws: OSMFileError.cancelled) {
            _ = try OSMChangeFile.read(OSMXMLTestFile.change(Self.changes), name: "a.osc", cancellation: flag) { _, _ in
                .next
            }
        }
    }

    /// Versions are read only when asked for: an `<osm>` pass leaves them out, as before.
    @Test func anOSMPassReadsVersionsOnlyWhenAsked() throws {
        let document = OSMXMLTestFile.osm([(.node(1, 60.1, 24.9), 7), (.way(2, [1]), 3)])
        for versions in [false, true] {
            var read: [Int64?] = []
            _ = try OSMXMLReader(options: .init(versions: versions)).read(.memory(document)) { element in
                read.append(element.version)
                return .next
            }
            #expect(read == (versions ? [7, 3] : [nil, nil]))
        }
    }
}

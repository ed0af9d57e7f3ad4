import Foundation
import OSMFiles
import OSMModel
import Testing
import VenuesCore
import VenuesTestSupport

/// OSM XML read plain, gzip- or bzip2-compressed: the same elements and header, and a clear
/// error naming the compressed byte offset for damaged or truncated data.
@Suite("OSM XML: compressed files, header, timestamps")
struct CompressedInputTests {
    static let document = Data(
        """
        <?xml version='1.0' encoding='UTF-8'?>
        <osm version="0.6" generator="osmium/1.15.0" timestamp="2024-05-01T20:21:43Z">
          <bounds minlat="60.1" minlon="24.9" maxlat="60.2" maxlon="25.0"/>
          <node id="1" version="2" timestamp="2019-04-21T09:50:14Z" lat="60.15" lon="24.95">
            <tag k="name" v="Café Ängel"/>
            <tag k="amenity" v="cafe"/>
          </node>
          <node id="2" version="1" timestamp="2021-01-02T03:04:05Z" lat="60.16" lon="24.96"/>
          <way id="10" version="1" timestamp="2015-01-01T00:00:00Z">
            <nd ref="1"/>
            <nd ref="2"/>
            <tag k="name" v="Kauppa"/>
            <tag k="shop" v="bakery"/>
          </way>
        </osm>
        """.utf8
    )

    struct Read: Equatable {
        var header: OSMHeader
        var elements: [String]
        var newest: String?
    }

    static func read(_ data: Data, name: String) throws(OSMFileError) -> Read {
        let scratch = try! ScratchDirectory()
        defer { scratch.cleanUp() }
        let file = scratch.file(name)
        try! data.write(to: file)
        var header: OSMHeader?
        var elements: [String] = []
        let summary = try OSMXMLFile(url: file).read(
            header: { header = $0 },
            progress: { _ in },
            visit: { element in
                #expect(header != nil, "the header comes before the first element")
                let tags = element.tags.pairs.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
                let refs = element.nodeRefs.map(String.init).joined(separator: ",")
                elements.append("\(element.kind.name)/\(element.id) \(tags) [\(refs)]")
                return .next
            }
        )
        return Read(header: header ?? OSMHeader(), elements: elements, newest: summary.newestTimestamp)
    }

    @Test func plainGzipAndBzip2GiveTheSameElementsAndHeader() throws {
        let plain = try Self.read(Self.document, name: "a.osm")
        #expect(plain.elements.count == 3)
        #expect(plain.elements[0] == "node/1 name=Café Ängel,amenity=cafe []")
        #expect(plain.elements[2] == "way/10 name=Kauppa,shop=bakery [1,2]")
        #expect(
            plain.header
                == OSMHeader(
                    bounds: OSMBounds(minLatitude: 60.1, minLongitude: 24.9, maxLatitude: 60.2, maxLongitude: 25.0),
                    generator: "osmium/1.15.0",
                    timestamp: "2024-05-01T20:21:43Z"
                )
        )
        #expect(plain.newest == "2021-01-02T03:04:05Z")
        // The format is told by the bytes, not the name.
        #expect(try Self.read(Compression.gzip(Self.document), name: "a.osm.gz") == plain)
        #expect(try Self.read(Compression.gzip(Self.document), name: "a.osm") == plain)
        #expect(try Self.read(Compression.bzip2(Self.document), name: "a.osm.bz2") == plain)
    }

    @Test func concatenatedGzipMembersAreReadOneAfterAnother() throws {
        let text = String(decoding: Self.document, as: UTF8.self)
        let cut = text.range(of: "<way")!.lowerBound
        let first = Compression.gzip(Data(text[..<cut].utf8))
        let second = Compression.gzip(Data(text[cut...].utf8))
        #expect(try Self.read(first + second, name: "a.osm.gz") == Self.read(Self.document, name: "a.osm"))
    }

    @Test func aTruncatedGzipFileIsAnErrorNamingTheOffset() throws {
        let compressed = Compression.gzip(Self.document)
        let error = #expect(throws: OSMFileError.self) {
            _ = try Self.read(compressed.prefix(compressed.count - 12), name: "cut.osm.gz")
        }
        guard case .malformed(let message) = error else {
            Issue.record("expected malformed, got \(String(describing: error))")
            return
        }
        #expect(message.contains("cut.osm.gz"), "\(message)")
        #expect(message.contains("truncated"), "\(message)")
        #expect(message.contains("compressed byte \(compressed.count - 12)"), "\(message)")
    }

    @Test func corruptGzipDataIsAnErrorNamingTheOffset() throws {
        var compressed = [UInt8](Compression.gzip(Self.document))
        for index in 20..<40 { compressed[index] ^= 0x5A }
        let error = #expect(throws: OSMFileError.self) { _ = try Self.read(Data(compressed), name: "bad.osm.gz") }
        guard case .malformed(let message) = error else {
            Issue.record("expected malformed, got \(String(describing: error))")
            return
        }
        #expect(message.contains("bad.osm.gz"), "\(message)")
        #expect(message.contains("gzip") && message.contains("compressed byte"), "\(message)")
    }

    @Test func aTruncatedBzip2FileIsAnError() throws {
        let compressed = Compression.bzip2(Self.document)
        let error = #expect(throws: OSMFileError.self) {
            _ = try Self.read(compressed.prefix(compressed.count / 2), name: "cut.osm.bz2")
        }
        guard case .malformed(let message) = error else {
            Issue.record("expected malformed, got \(String(describing: error))")
            return
        }
        #expect(message.contains("cut.osm.bz2") && message.contains("bzip2"), "\(message)")
    }

    @Test func xzAndZstdAreNamedAndRefused() throws {
        for (magic, name) in [
            ([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00] as [UInt8], "xz"), ([0x28, 0xB5, 0x2F, 0xFD], "zstd"),
        ] {
            let error = #expect(throws: OSMFileError.self) {
                _ = try Self.read(Data(magic + [UInt8](repeating: 0, count: 32)), name: "a.osm.\(name)")
            }
            #expect(
                error?.description.contains("\(name)-compressed files are not read") == true,
                "\(String(describing: error))"
            )
        }
    }

    @Test func aDoctypeInsideAGzipFileIsStillRefused() throws {
        let hostile = Data(
            #"<?xml version="1.0"?><!DOCTYPE osm [<!ENTITY e "x">]><osm><node id="1" lat="0" lon="0"><tag k="name" v="&e;"/></node></osm>"#
                .utf8
        )
        let error = #expect(throws: OSMFileError.self) {
            _ = try Self.read(Compression.gzip(hostile), name: "h.osm.gz")
        }
        #expect(error?.description.contains("DOCTYPE") == true, "\(String(describing: error))")
    }

    @Test func withoutBoundsTheHeaderHasNone() throws {
        let read = try Self.read(Data(#"<osm version="0.6"><node id="1" lat="1" lon="2"/></osm>"#.utf8), name: "n.osm")
        #expect(read.header == OSMHeader())
        #expect(read.elements == ["node/1  []"])
        #expect(read.newest == nil)
    }

    @Test func progressReportsElementsAndBytesAsTheyGo() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        var text = "<osm version=\"0.6\">\n"
        for id in 1...150_000 { text += "<node id=\"\(id)\" lat=\"1\" lon=\"2\"/>\n" }
        text += "</osm>\n"
        let file = scratch.file("many.osm.gz")
        let compressed = Compression.gzip(Data(text.utf8))
        try compressed.write(to: file)
        var steps: [OSMReadProgress] = []
        let summary = try OSMXMLFile(url: file).read(
            header: { _ in },
            progress: { steps.append($0) },
            visit: { _ in .next }
        )
        #expect(steps.map(\.elements) == [65_536, 131_072])
        #expect(steps[0].bytesRead > 0 && steps[0].bytesRead <= steps[1].bytesRead)
        #expect(summary.elements == 150_000)
        #expect(summary.bytesRead == compressed.count)
    }
}

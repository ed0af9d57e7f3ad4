import Foundation
import OSMFiles
import OSMIndex
import OSMModel
import OSMPBFTestSupport
import OverpassProvider
import Testing
import VenuesCore
import VenuesSQLite
import VenuesTestSupport

/// An import from PBF builds the same index as from the XML of the same data: the same venues,
/// positions, extents, categories, texts and tags (compared row by row and through searches,
/// not as bytes), for the bundled extract and a generated larger one, dense or plain nodes, zlib
/// or raw blobs, one block or many, and a file in no particular order.
@Suite("OSM index: import from PBF", .timeLimit(.minutes(5)))
struct PBFImportTests {
    /// Imports `file`, PBF or XML as its first bytes say, into a new index.
    static func importAny(_ file: URL) async throws -> URL {
        let index = IndexTest.directory("pbf").appendingPathComponent("t.sqlite")
        try await Self.importFile(file, into: index)
        return index
    }

    /// Imports `file` (XML or PBF, as told by ``OSMExtractFile``) into `index`, off the
    /// cooperative pool.
    static func importFile(_ file: URL, into index: URL) async throws {
        try await offCooperativePool {
            _ = try OSMIndexImporter.run(
                source: OSMExtractFile.source(url: file, tags: true, references: true, timestamps: true),
                sourceFile: file,
                destination: index,
                options: .init(generator: "venues tests")
            )
        }
    }

    /// Writes the elements of an XML file as PBF.
    static func pbf(of xml: URL, _ options: PBFTestFile.Options) async throws -> URL {
        let url = IndexTest.directory("pbf").appendingPathComponent("t.osm.pbf")
        try await offCooperativePool { try PBFTestFile.convert(xml: xml, to: url, options) }
        return url
    }

    /// Every venue row and tag key of an index, as text.
    static func rows(_ index: URL) throws -> String {
        let database = try SQLiteConnection(path: index.path, access: .readOnly)
        let venues = try database.text(
            """
            SELECT group_concat(line, char(10)) FROM (SELECT element || '|' || quote(latitude) || '|' ||
            quote(longitude) || '|' || quote(min_latitude) || '|' || quote(max_latitude) || '|' ||
            quote(min_longitude) || '|' || quote(max_longitude) || '|' || categories || '|' || search || '|' ||
            hex(tags) AS line FROM venue ORDER BY element)
            """
        )
        let keys = try database.text(
            "SELECT group_concat(line, char(10)) FROM (SELECT id || '=' || key AS line FROM tag_key ORDER BY id)"
        )
        return (venues ?? "") + "\n--\n" + (keys ?? "")
    }

    /// The metadata that describes the data (not the file or the moment of the import; nor the
    /// newest element timestamp, which the tests' PBF files made from XML do not carry).
    static func dataMeta(_ index: URL) throws -> String? {
        try SQLiteConnection(path: index.path, access: .readOnly).text(
            """
            SELECT group_concat(key || '=' || value, ';') FROM (SELECT key, value FROM meta WHERE key NOT IN
            ('imported_at', 'source_name', 'source_bytes', 'source_generator', 'data_timestamp') ORDER BY key)
            """
        )
    }

    static let variants: [(dense: Bool, compression: PBFTestFile.Compression, perBlock: Int)] = [
        (true, .zlib, 8000), (false, .raw, 3000), (true, .raw, 250),
    ]

    @Test("the bundled extract: the same rows and answers from PBF as from XML")
    func bundledExtract() async throws {
        let fromXML = try await IndexTest.sampleIndex.value
        let expected = try Self.rows(fromXML)
        #expect(expected.split(separator: "\n").count > 1205)
        for variant in Self.variants {
            var options = PBFTestFile.Options()
            options.denseNodes = variant.dense
            options.compression = variant.compression
            options.elementsPerBlock = variant.perBlock
            options.boundingBox = (24_935_176_200, 24_953_414_500, 60_179_113_000, 60_164_155_000)
            let fromPBF = try await Self.importAny(try await Self.pbf(of: IndexTest.sampleFile, options))
            #expect(try Self.rows(fromPBF) == expected, "\(variant)")
            #expect(try Self.dataMeta(fromPBF) == (try Self.dataMeta(fromXML)), "\(variant)")
            for radius in [300, 5000] {
                let query = VenueQuery(center: IndexTest.helsinki, radius: radius, limit: 10_000)
                let answer = try await IndexTest.provider(.index(fromPBF)).nearby(query).venues
                #expect(answer == (try await IndexTest.provider(.index(fromXML)).nearby(query).venues))
            }
            let search = VenueQuery(center: IndexTest.helsinki, radius: 2000, term: "kahvi", limit: 1000)
            let found = try await IndexTest.provider(.index(fromPBF)).search(search).venues
            #expect(!found.isEmpty)
            #expect(found == (try await IndexTest.provider(.index(fromXML)).search(search).venues))
        }
    }

    @Test("the generated larger extract: the same rows from PBF as from XML")
    func largerExtract() async throws {
        let (osm, fromXML) = try await IndexTest.largerFiles.value
        var options = PBFTestFile.Options()
        options.elementsPerBlock = 1000
        let fromPBF = try await Self.importAny(try await Self.pbf(of: osm, options))
        #expect(try Self.rows(fromPBF) == (try Self.rows(fromXML)))
        #expect(try Self.dataMeta(fromPBF) == (try Self.dataMeta(fromXML)))
    }

    @Test("a PBF file in no particular order gives the index its XML gives")
    func unordered() async throws {
        let xml = IndexTest.write(
            """
            <osm version="0.6">
              <relation id="9"><member type="way" ref="8" role=""/><tag k="name" v="Puisto"/><tag k="leisure" v="park"/></relation>
              <way id="8"><nd ref="3"/><nd ref="2"/></way>
              <node id="3" lat="60.15" lon="25.0"/>
              <way id="7"><nd ref="1"/><nd ref="3"/><tag k="name" v="Halli"/><tag k="shop" v="mall"/></way>
              <node id="2" lat="60.2" lon="24.95"><tag k="name" v="Kahvila"/><tag k="amenity" v="cafe"/></node>
              <node id="1" lat="60.1" lon="24.9"/>
            </osm>
            """
        )
        var options = PBFTestFile.Options()
        options.elementsPerBlock = 2
        let fromXML = try await Self.importAny(xml)
        let fromPBF = try await Self.importAny(try await Self.pbf(of: xml, options))
        let rows = try Self.rows(fromPBF)
        #expect(rows.split(separator: "\n").count == 3 + 1 + 4)  // Three venues, the separator, four keys.
        #expect(rows == (try Self.rows(fromXML)))
    }

    @Test("the header's bounds and replication time and the newest element timestamp go to meta")
    func metadata() async throws {
        var elements: [TestElement] = [
            .node(1, 60.1, 24.9, ["name": "Kahvila", "amenity": "cafe"]), .node(2, 60.2, 24.95), .way(3, [1, 2]),
        ]
        elements[0].timestamp = 1_555_840_214
        elements[2].timestamp = 1_555_840_215
        var options = PBFTestFile.Options()
        options.boundingBox = (24_000_000_000, 25_000_000_000, 61_000_000_000, 60_000_000_000)
        options.replicationTimestamp = 1_714_594_903
        options.writingProgram = "osmium/1.15.0"
        let file = IndexTest.directory("pbf").appendingPathComponent("meta.osm.pbf")
        try Data(PBFTestFile.encode(elements, options)).write(to: file)
        let index = try await Self.importAny(file)
        let database = try SQLiteConnection(path: index.path, access: .readOnly)
        func meta(_ key: String) throws -> String? {
            try database.text("SELECT value FROM meta WHERE key = '\(key)'")
        }
        #expect(try meta("data_timestamp") == "2019-04-21T09:50:15Z")
        #expect(try meta("source_timestamp") == "2024-05-01T20:21:43Z")
        #expect(try meta("source_generator") == "osmium/1.15.0")
        #expect(try meta("bounds_origin") == "declared")
        #expect(try meta("bounds_min_latitude") == "60.0")
        #expect(try meta("bounds_max_longitude") == "25.0")
        #expect(try meta("venues") == "1")
    }

    @Test("a damaged PBF file fails the import naming the byte offset, and the old index stays")
    func damagedFile() async throws {
        var options = PBFTestFile.Options()
        options.elementsPerBlock = 4000
        let pbf = try await Self.pbf(of: IndexTest.sampleFile, options)
        let index = try await Self.importAny(pbf)
        let before = try Self.rows(index)
        let bytes = try Data(contentsOf: pbf)
        try bytes.prefix(bytes.count / 2).write(to: pbf)
        let error = await #expect(throws: OSMIndexError.self) { try await Self.importFile(pbf, into: index) }
        let message = error.map { "\($0)" } ?? ""
        #expect(message.contains("t.osm.pbf is not readable OSM PBF: at byte "), "\(message)")
        #expect(message.contains("it is truncated"), "\(message)")
        #expect(try Self.rows(index) == before)
    }

    /// The file blocks of a PBF file: where each blob's bytes start and how many there are.
    static func blobs(of bytes: [UInt8]) -> [(type: String, start: Int, count: Int)] {
        func varint(_ bytes: [UInt8], _ index: inout Int) -> Int {
            var value = 0
            var shift = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                value |= Int(byte & 0x7F) << shift
                if byte < 0x80 { break }
                shift += 7
            }
            return value
        }
        var blobs: [(type: String, start: Int, count: Int)] = []
        var offset = 0
        while offset + 4 <= bytes.count {
            let headerLength = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let header = Array(bytes[offset + 4..<offset + 4 + headerLength])
            var type = ""
            var dataSize = 0
            var index = 0
            while index < header.count {
                let key = varint(header, &index)
                switch (key >> 3, key & 7) {
                case (1, 2):
                    let length = varint(header, &index)
                    type = String(decoding: header[index..<index + length], as: UTF8.self)
                    index += length
                case (3, 0): dataSize = varint(header, &index)
                case (_, 0): _ = varint(header, &index)
                default: index += varint(header, &index)
                }
            }
            let start = offset + 4 + headerLength
            blobs.append((type, start, dataSize))
            offset = start + dataSize
        }
        return blobs
    }

    /// A block in the middle of the file whose zlib data is damaged (its sizes kept): the blocks
    /// before it decode, the import stops at it naming where, and the index imported before
    /// is left as it was, with no temporary file beside it.
    @Test("a corrupt zlib block in the middle of a PBF import leaves the old index as it was")
    func corruptBlockInTheMiddle() async throws {
        var options = PBFTestFile.Options()
        options.elementsPerBlock = 500
        let pbf = try await Self.pbf(of: IndexTest.sampleFile, options)
        let index = try await Self.importAny(pbf)
        let before = try Self.rows(index)
        let beforeBytes = try Data(contentsOf: index)
        var bytes = [UInt8](try Data(contentsOf: pbf))
        let data = Self.blobs(of: bytes).filter { $0.type == "OSMData" }
        #expect(data.count >= 6, "blocks: \(data.count)")
        let middle = data[data.count / 2]
        // Inside the compressed bytes (the blob's zlib_data field holds most of the blob).
        let damageAt = middle.start + middle.count / 2
        for offset in damageAt..<damageAt + 32 { bytes[offset] ^= 0x5A }
        try Data(bytes).write(to: pbf)

        let error = await #expect(throws: OSMIndexError.self) { try await Self.importFile(pbf, into: index) }
        let message = error.map { "\($0)" } ?? ""
        #expect(message.contains("t.osm.pbf is not readable OSM PBF: at byte "), "\(message)")
        #expect(try Self.rows(index) == before)
        #expect(try Data(contentsOf: index) == beforeBytes)
        let left = try FileManager.default.contentsOfDirectory(atPath: index.deletingLastPathComponent().path)
        #expect(left.filter { $0.hasSuffix(".tmp") }.isEmpty, "\(left)")
    }
}

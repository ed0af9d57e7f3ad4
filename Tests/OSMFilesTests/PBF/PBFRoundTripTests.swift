import OSMFiles
import OSMModel
import OSMPBFTestSupport
import Testing

/// Files written by the tests' own encoder read back as the elements written: every element
/// kind, dense and plain nodes, raw and zlib blobs, one block or many, decoded on the reading
/// thread or on two others.
@Suite struct PBFRoundTripTests {
    static let elements: [TestElement] = [
        .node(1, 60.1716340, 24.9414600, ["amenity": "cafe", "name": "Café Ünïcödé 🍵", "name:ja": "カフェ"]),
        .node(2, 60.1716341, 24.9414601),
        .node(3, -33.8688197, 151.2092955, ["shop": "books", "name": "Ye Olde \"<Books>\" & Co"]),
        .node(4, -90, 180),
        .node(5, 90, -180, ["note": ""]),
        .node(1 << 40, 0.0000001, -0.0000001, ["leisure": "park", "name": "x"]),
        .way(10, [1, 2, 3, 1], ["building": "yes", "amenity": "school", "name": "Koulu"]),
        .way(11, [3, 1 << 40]),
        .way(12, []),
        .relation(20, [(.node, 1), (.way, 10), (.relation, 21), (.node, 2), (.way, 11)], ["type": "multipolygon"]),
        .relation(21, []),
        .relation(1 << 33, [(.way, 12)], ["tourism": "museum", "name": "Ateneum"]),
    ]

    static let expected = elements.map(\.asRead)

    @Test(
        "every kind, dense or plain nodes, raw or zlib blobs, one block or many, 0 or 2 decoding threads",
        arguments: [true, false],
        [PBFTestFile.Compression.raw, .zlib]
    )
    func roundTrip(dense: Bool, compression: PBFTestFile.Compression) throws {
        for elementsPerBlock in [1, 3, 100] {
            var options = PBFTestFile.Options()
            options.denseNodes = dense
            options.compression = compression
            options.elementsPerBlock = elementsPerBlock
            let file = PBFTestFile.encode(Self.elements, options)
            for threads in [0, 1, 2] {
                let read = try PBFRead.read(.memory(file), threads: threads)
                #expect(read.elements == Self.expected, "\(elementsPerBlock) per block, \(threads) threads")
                #expect(read.summary.elements == Self.elements.count)
                #expect(read.summary.typeOrdered)
                #expect(!read.summary.stoppedEarly)
                #expect(read.summary.bytesRead == file.count)
            }
        }
    }

    @Test("a node without tags among tagged dense nodes, and a block whose nodes have none")
    func denseTagDelimiters() throws {
        let nodes: [TestElement] = [
            .node(1, 1, 1), .node(2, 2, 2, ["a": "b"]), .node(3, 3, 3), .node(4, 4, 4, ["c": "d", "e": "f"]),
        ]
        var options = PBFTestFile.Options()
        options.elementsPerBlock = 2
        #expect(try PBFRead.read(.memory(PBFTestFile.encode(nodes, options))).elements == nodes)
        let untagged: [TestElement] = [.node(7, 1, 2), .node(8, 3, 4)]
        #expect(try PBFRead.read(.memory(PBFTestFile.encode(untagged))).elements == untagged)
    }

    @Test("granularity, latitude and longitude offsets", arguments: [true, false])
    func granularityAndOffsets(dense: Bool) throws {
        let nodes: [TestElement] = [.node(1, 60.1716, 24.9414), .node(2, -12.5, -77.25), .node(3, 0, 0)]
        var options = PBFTestFile.Options()
        options.denseNodes = dense
        options.granularity = 1000
        options.latitudeOffset = 500_000_000
        options.longitudeOffset = -250_000_000
        options.writesDefaults = true
        let read = try PBFRead.read(.memory(PBFTestFile.encode(nodes, options)))
        #expect(read.elements == nodes)
    }

    @Test("the newest element timestamp, with a date granularity", arguments: [true, false])
    func newestTimestamp(dense: Bool) throws {
        var elements: [TestElement] = [.node(1, 1, 1), .node(2, 2, 2), .way(3, [1, 2]), .relation(4, [(.way, 3)])]
        elements[0].timestamp = 1_555_840_214  // 2019-04-21T09:50:14Z
        elements[1].timestamp = 1_190_644_680  // 2007-09-24T14:38:00Z
        elements[2].timestamp = 1_555_840_213
        elements[3].timestamp = 1_000_000_000
        var options = PBFTestFile.Options()
        options.denseNodes = dense
        options.elementsPerBlock = 1
        #expect(
            try PBFRead.read(.memory(PBFTestFile.encode(elements, options))).summary.newestTimestamp
                == "2019-04-21T09:50:14Z"
        )
        options.dateGranularity = 60_000
        elements[0].timestamp = 1_555_840_200  // 2019-04-21T09:50:00Z, whole minutes
        elements[2].timestamp = 1_555_840_260
        let read = try PBFRead.read(.memory(PBFTestFile.encode(elements, options)))
        #expect(read.summary.newestTimestamp == "2019-04-21T09:51:00Z")
        let untimed = try PBFRead.read(.memory(PBFTestFile.encode(elements, options)), timestamps: false)
        #expect(untimed.summary.newestTimestamp == nil)
        #expect(try PBFRead.read(.memory(PBFTestFile.encode(Self.elements))).summary.newestTimestamp == nil)
    }

    @Test("the header block: bounds, writing program, replication timestamp, features")
    func header() throws {
        var options = PBFTestFile.Options()
        options.boundingBox = (24_935_176_200, 24_953_414_500, 60_179_113_000, 60_164_155_000)
        options.replicationTimestamp = 1_714_594_903
        options.writingProgram = "osmium/1.15.0"
        let read = try PBFRead.read(.memory(PBFTestFile.encode(Self.elements, options)))
        let bounds = try #require(read.header?.bounds)
        #expect(bounds.minLatitude == 60.164155)
        #expect(bounds.maxLatitude == 60.179113)
        #expect(bounds.minLongitude == 24.9351762)
        #expect(bounds.maxLongitude == 24.9534145)
        #expect(read.header?.generator == "osmium/1.15.0")
        #expect(read.header?.timestamp == "2024-05-01T20:21:43Z")
        #expect(read.fileHeader?.requiredFeatures == ["OsmSchema-V0.6", "DenseNodes"])
        #expect(read.fileHeader?.optionalFeatures == ["Sort.Type_then_ID"])

        options.boundingBox = nil
        options.replicationTimestamp = nil
        options.writingProgram = nil
        let bare = try PBFRead.read(.memory(PBFTestFile.encode([], options)))
        #expect(bare.header == OSMHeader())
        #expect(bare.elements.isEmpty)
        // A box that is not a valid rectangle is not passed on as bounds.
        options.boundingBox = (10_000_000_000, 5_000_000_000, 1_000_000_000, 2_000_000_000)
        #expect(try PBFRead.read(.memory(PBFTestFile.encode([], options))).header?.bounds == nil)
    }

    @Test("without tags or references when not asked for them")
    func optionalParts() throws {
        let file = PBFTestFile.encode(Self.elements)
        let bare = try PBFRead.read(.memory(file), tags: false, references: false)
        #expect(bare.elements.map(\.id) == Self.elements.map(\.id))
        #expect(bare.elements.allSatisfy { $0.tags.isEmpty && $0.nodes.isEmpty && $0.members.isEmpty })
        #expect(bare.elements.map(\.latitude) == Self.elements.map(\.latitude))
    }

    @Test("a plain node without coordinates has none, as in XML")
    func nodeWithoutCoordinates() throws {
        var options = PBFTestFile.Options()
        options.denseNodes = false
        let node = TestElement(kind: .node, id: 9, tags: [OSMTags.Pair(key: "a", value: "b")])
        #expect(try PBFRead.read(.memory(PBFTestFile.encode([node], options))).elements == [node])
    }

    @Test("the visitor's stop ends the pass at once, whatever the threads have decoded")
    func stopEarly() throws {
        var options = PBFTestFile.Options()
        options.elementsPerBlock = 2
        let file = PBFTestFile.encode(Self.elements, options)
        for threads in [0, 2] {
            for count in [1, 2, 5, Self.elements.count] {
                let read = try PBFRead.read(.memory(file), threads: threads, stopAfter: count)
                #expect(read.elements == Array(Self.expected.prefix(count)))
                #expect(read.summary.stoppedEarly)
            }
        }
    }

    @Test("a file not in type order is read as it is, and says so")
    func typeOrder() throws {
        let elements: [TestElement] = [.way(1, [5]), .node(5, 1, 1), .relation(2, []), .node(6, 2, 2)]
        let read = try PBFRead.read(.memory(PBFTestFile.encode(elements)))
        #expect(read.elements == elements)
        #expect(!read.summary.typeOrdered)
    }
}

import OSMFiles
import OSMModel
import OSMPBFTestSupport
import Testing
import VenuesCore

/// Damaged and hostile files: each is an error that names the byte offset and the cause, on
/// the reading thread and through the decoding threads alike; none crashes or allocates more
/// than the format's limits.
@Suite struct PBFBadInputTests {
    static let elements: [TestElement] = [
        .node(1, 60.17, 24.94, ["amenity": "cafe", "name": "Kahvila"]), .node(2, 60.18, 24.95),
        .way(3, [1, 2], ["shop": "books", "name": "Kirjat"]),
    ]
    static let header = PBFTestFile.fileBlock(
        type: "OSMHeader",
        blob: PBFTestFile.blob(PBFTestFile.headerBlock(.init()), .raw)
    )

    /// The message of the error reading `bytes`, checked to be the same with and without
    /// decoding threads.
    static func failure(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> String {
        let inline = PBFRead.error(bytes, threads: 0)
        let threaded = PBFRead.error(bytes, threads: 2)
        #expect(inline == threaded, sourceLocation: sourceLocation)
        guard case .malformed(let message) = inline else {
            Issue.record("expected malformed, got \(String(describing: inline))", sourceLocation: sourceLocation)
            return ""
        }
        #expect(message.hasPrefix("the PBF data is not readable OSM PBF: at byte "), sourceLocation: sourceLocation)
        return message
    }

    /// A file with one data block whose content is `block`, stored raw, and where that content
    /// starts in the file.
    static func fileWithBlock(_ block: [UInt8]) -> (file: [UInt8], contentOffset: Int) {
        let data = PBFTestFile.fileBlock(type: "OSMData", blob: PBFTestFile.blob(block, .raw))
        let file = header + data
        // A raw blob stores the block as it is, after its field key and length.
        let contentOffset = file.count - block.count
        return (file, contentOffset)
    }

    /// Where the blob of a file block that follows ``header`` starts in the file.
    static func blobOffset(_ fileBlock: [UInt8]) -> Int {
        header.count + 4 + Int(fileBlock[3])
    }

    /// A primitive block with a string table and one group, built by `group`.
    static func block(strings: [String] = ["", "amenity", "cafe"], _ group: (inout ProtobufWriter) -> Void) -> [UInt8] {
        var block = ProtobufWriter()
        block.message(1) { table in
            for string in strings { table.bytes(1, Array(string.utf8)) }
        }
        block.message(2, group)
        return block.bytes
    }

    // MARK: The file's structure

    @Test("an empty file")
    func empty() {
        #expect(Self.failure([]).hasSuffix("at byte 0: the file is empty"))
    }

    @Test("a file cut anywhere: inside a length, a block header, a blob, a later block")
    func truncated() throws {
        var options = PBFTestFile.Options()
        options.elementsPerBlock = 2
        options.compression = .raw
        let file = PBFTestFile.encode(Self.elements, options)
        let headerEnd = Self.header.count
        #expect(Array(file[0..<headerEnd]) == Self.header)
        // Cut points and the offset each error names.
        let cuts: [(cut: Int, offset: Int, what: String)] = [
            (2, 0, "the file ends inside a block's length (2 of 4 bytes)"),
            (7, 4, "the file ends inside a block header"),
            (headerEnd - 1, 4 + Int(Self.header[3]), "the file ends inside a block ("),
            (headerEnd + 3, headerEnd, "the file ends inside a block's length (3 of 4 bytes)"),
            (file.count - 1, -1, "the file ends inside a block ("),
        ]
        for (cut, offset, what) in cuts {
            let message = Self.failure(Array(file[0..<cut]))
            #expect(message.contains(what), "cut at \(cut): \(message)")
            #expect(message.contains("truncated"), "cut at \(cut): \(message)")
            if offset >= 0 { #expect(message.contains("at byte \(offset):"), "cut at \(cut): \(message)") }
        }
        // The elements of the blocks before the cut were delivered first.
        var delivered: [Int64] = []
        #expect(throws: OSMFileError.self) {
            _ = try OSMPBFReader(options: .init(threads: 2)).read(.memory(Array(file[0..<(file.count - 1)]))) {
                delivered.append($0.id)
                return .next
            }
        }
        #expect(delivered == [1, 2])
    }

    @Test("a block header over 64 KiB, or with a negative length")
    func blockHeaderLimits() {
        let tooLong = Self.failure(Self.header + [0x00, 0x01, 0x00, 0x01] + [UInt8](repeating: 0, count: 16))
        #expect(
            tooLong.contains(
                "at byte \(Self.header.count): a block header says it is 65537 bytes long, over the format's limit of 65536"
            )
        )
        let negative = Self.failure([0xFF, 0xFF, 0xFF, 0xF0, 0, 0])
        #expect(negative.contains("at byte 0: a block header's length is negative"))
    }

    @Test("a blob over 32 MiB, compressed or not, and a negative blob size: refused before any allocation")
    func blobLimits() {
        let limit = 32 * 1024 * 1024
        let declaredLarge = PBFTestFile.fileBlock(type: "OSMData", blob: [0x0A, 0x00], declaredSize: Int64(limit + 1))
        let large = Self.failure(Self.header + declaredLarge)
        #expect(
            large.contains(
                "at byte \(Self.header.count + 4): a block says it is \(limit + 1) bytes long, over the format's limit of \(limit) (32 MiB)"
            )
        )

        let declaredNegative = PBFTestFile.fileBlock(type: "OSMData", blob: [], declaredSize: -5)
        #expect(Self.failure(Self.header + declaredNegative).contains("a block's size is negative (-5)"))

        // A small zlib blob that says it inflates to more than 32 MiB (a zip bomb's first step).
        let bomb = PBFTestFile.blob([1, 2, 3], .zlib, declaredRawSize: Int64(limit + 1))
        let bombBlock = PBFTestFile.fileBlock(type: "OSMData", blob: bomb)
        let inflated = Self.failure(Self.header + bombBlock)
        #expect(
            inflated.contains(
                "at byte \(Self.blobOffset(bombBlock)): a blob is malformed: the blob's uncompressed size, \(limit + 1) bytes, is over the format's limit"
            )
        )
        let negative = PBFTestFile.blob([1, 2, 3], .zlib, declaredRawSize: -1)
        #expect(Self.failure(Self.header + PBFTestFile.fileBlock(type: "OSMData", blob: negative)).contains("negative"))
    }

    @Test("a file block whose header has no type or no size")
    func incompleteBlockHeader() {
        var noSize = ProtobufWriter()
        noSize.string(1, "OSMData")
        let prefix: [UInt8] = [0, 0, 0, UInt8(noSize.bytes.count)]
        #expect(
            Self.failure(Self.header + prefix + noSize.bytes).contains(
                "a block header is malformed: it has no data size"
            )
        )
        var noType = ProtobufWriter()
        noType.int(3, 0)
        #expect(Self.failure([0, 0, 0, UInt8(noType.bytes.count)] + noType.bytes).contains("it has no type"))
    }

    // MARK: Compression

    @Test("a corrupt zlib stream, one cut short, and sizes that do not match")
    func zlib() {
        let content = PBFTestFile.primitiveBlock(Self.elements, .init())
        let compressed = PBFTestFile.zlib(content)
        func file(_ data: [UInt8], rawSize: Int) -> [UInt8] {
            var blob = ProtobufWriter()
            blob.int(2, Int64(rawSize))
            blob.bytes(3, data)
            return Self.header + PBFTestFile.fileBlock(type: "OSMData", blob: blob.bytes)
        }
        let blobOffset = Self.blobOffset(Array(file(compressed, rawSize: content.count)[Self.header.count...]))
        var corrupt = compressed
        for index in 2..<min(12, corrupt.count) { corrupt[index] ^= 0xA5 }
        let damaged = Self.failure(file(corrupt, rawSize: content.count))
        #expect(damaged.contains("at byte \(blobOffset): a zlib blob cannot be inflated: "), "\(damaged)")

        let short = Self.failure(file(Array(compressed.dropLast(8)), rawSize: content.count))
        #expect(short.contains("the zlib data ends early"), "\(short)")

        let larger = Self.failure(file(compressed, rawSize: content.count + 10))
        #expect(
            larger.contains(
                "the zlib data inflates to \(content.count) bytes, but the blob declares \(content.count + 10)"
            )
        )

        let smaller = Self.failure(file(compressed, rawSize: content.count - 1))
        #expect(
            smaller.contains("the zlib data inflates to more than the \(content.count - 1) bytes the blob declares")
        )

        var checksum = compressed
        checksum[checksum.count - 1] ^= 0xFF
        #expect(
            Self.failure(file(checksum, rawSize: content.count)).contains(
                "the zlib data is corrupt (incorrect data check)"
            )
        )

        var withoutSize = ProtobufWriter()
        withoutSize.bytes(3, compressed)
        let noSize = Self.failure(Self.header + PBFTestFile.fileBlock(type: "OSMData", blob: withoutSize.bytes))
        #expect(noSize.contains("does not say its uncompressed size"))
    }

    @Test(
        "compressions this reader lacks are named",
        arguments: [(4, "LZMA"), (5, "bzip2"), (6, "LZ4"), (7, "zstd")]
    )
    func unsupportedCompression(field: Int, name: String) {
        var blob = ProtobufWriter()
        blob.int(2, 3)
        blob.bytes(UInt32(field), [1, 2, 3])
        let message = Self.failure(Self.header + PBFTestFile.fileBlock(type: "OSMData", blob: blob.bytes))
        #expect(
            message.contains("the blob is compressed with \(name), which this reader does not support"),
            "\(message)"
        )
    }

    @Test("a blob with no data")
    func emptyBlob() {
        let message = Self.failure(Self.header + PBFTestFile.fileBlock(type: "OSMData", blob: []))
        #expect(message.contains("the blob holds no data"))
    }

    // MARK: The header

    @Test("a first block that is not OSMHeader, and a file that is not PBF at all")
    func notPBF() {
        let data = PBFTestFile.fileBlock(type: "OSMData", blob: PBFTestFile.blob([], .raw))
        #expect(
            Self.failure(data).hasSuffix(
                "at byte 0: the first block is 'OSMData', not 'OSMHeader': not an OSM PBF file"
            )
        )
        let xml = Array("<?xml version='1.0' encoding='UTF-8'?>\n<osm version='0.6'></osm>\n".utf8)
        #expect(Self.failure(xml).contains("at byte 0: a block header says it is 1010792557 bytes long"))
        #expect(Self.failure(xml).contains("not a PBF file, or corrupt"))
    }

    @Test("required features the reader does not know")
    func requiredFeatures() {
        var options = PBFTestFile.Options()
        options.requiredFeatures = ["OsmSchema-V0.6", "DenseNodes", "Teleportation"]
        let unknown = Self.failure(PBFTestFile.encode(Self.elements, options))
        #expect(unknown.contains("the file requires the feature 'Teleportation', which this reader does not support"))
        options.requiredFeatures = ["OsmSchema-V0.6", "HistoricalInformation"]
        #expect(Self.failure(PBFTestFile.encode(Self.elements, options)).contains("OSM history file"))
        options.requiredFeatures = ["OsmSchema-V0.6", "LocationsOnWays"]
        #expect(Self.failure(PBFTestFile.encode(Self.elements, options)).contains("LocationsOnWays"))
        // Unknown optional features are fine.
        options.requiredFeatures = ["OsmSchema-V0.6"]
        options.optionalFeatures = ["Sort.Type_then_ID", "Teleportation"]
        #expect(PBFRead.error(PBFTestFile.encode(Self.elements, options)) == nil)
    }

    // MARK: The data block

    @Test("a string index outside the string table, in dense nodes and in a way's tags")
    func stringIndexOutOfRange() {
        var position = 0
        let blockBytes = Self.block { group in
            group.message(2) { dense in
                dense.packedDelta(1, [1])
                dense.packedDelta(8, [10])
                dense.packedDelta(9, [10])
                dense.key(10, 2)
                dense.varint(3)
                position = dense.bytes.count
                dense.varint(1)
                dense.varint(99)
                dense.varint(0)
            }
        }
        let (file, contentOffset) = Self.fileWithBlock(blockBytes)
        // The value's position in the block: string table, the group's and the dense field's
        // keys and lengths, then the dense message up to the value.
        let valueInDense = position + 1
        let denseStart = blockBytes.count - (position + 3)
        let message = Self.failure(file)
        #expect(
            message.contains(
                "at byte \(contentOffset + denseStart + valueInDense): the data block is malformed: string index 99 is outside the block's string table (3 entries)"
            ),
            "\(message)"
        )

        let way = Self.block { group in
            group.message(3) { way in
                way.int(1, 7)
                way.packed(2, [1])
                way.packed(3, [3])
            }
        }
        #expect(
            Self.failure(Self.fileWithBlock(way).file).contains(
                "string index 3 is outside the block's string table (3 entries)"
            )
        )
    }

    @Test("a number longer than ten bytes, a length past the end, a wrong wire type")
    func malformedWire() {
        let longVarint = Self.block { group in
            group.message(2) { dense in
                dense.bytes(1, [UInt8](repeating: 0xFF, count: 10) + [0x01])
            }
        }
        #expect(Self.failure(Self.fileWithBlock(longVarint).file).contains("a number is longer than 64 bits"))

        let overflowing = Self.block { group in
            group.message(2) { dense in
                dense.bytes(1, [UInt8](repeating: 0xFF, count: 9) + [0x02])
            }
        }
        #expect(Self.failure(Self.fileWithBlock(overflowing).file).contains("a number is longer than 64 bits"))

        var pastEnd = ProtobufWriter()
        pastEnd.key(2, 2)
        pastEnd.varint(1000)
        pastEnd.raw([1, 2, 3])
        #expect(
            Self.failure(Self.fileWithBlock(pastEnd.bytes).file).contains(
                "a field says it is 1000 bytes long, but only 3 are left"
            )
        )

        var hugeLength = ProtobufWriter()
        hugeLength.key(1, 2)
        hugeLength.varint(UInt64.max)
        #expect(
            Self.failure(Self.fileWithBlock(hugeLength.bytes).file).contains(
                "a field says it is 18446744073709551615 bytes long"
            )
        )

        var endsInNumber = ProtobufWriter()
        endsInNumber.key(17, 0)
        endsInNumber.raw([0x80])
        #expect(Self.failure(Self.fileWithBlock(endsInNumber.bytes).file).contains("the data ends inside a number"))

        var wrongType = ProtobufWriter()
        wrongType.int(2, 5)
        #expect(Self.failure(Self.fileWithBlock(wrongType.bytes).file).contains("field primitivegroup has wire type 0"))

        var group = ProtobufWriter()
        group.key(9, 3)
        #expect(Self.failure(Self.fileWithBlock(group.bytes).file).contains("unexpected group field"))

        var badWireType = ProtobufWriter()
        badWireType.key(9, 7)
        #expect(Self.failure(Self.fileWithBlock(badWireType.bytes).file).contains("invalid wire type 7"))

        var fieldZero = ProtobufWriter()
        fieldZero.key(0, 0)
        fieldZero.varint(1)
        #expect(Self.failure(Self.fileWithBlock(fieldZero.bytes).file).contains("invalid field number 0"))
    }

    @Test("parallel arrays of different lengths")
    func parallelArrays() {
        let fewerLatitudes = Self.block { group in
            group.message(2) { dense in
                dense.packedDelta(1, [1, 2])
                dense.packedDelta(8, [10])
                dense.packedDelta(9, [10, 20])
            }
        }
        #expect(
            Self.failure(Self.fileWithBlock(fewerLatitudes).file).contains(
                "dense nodes have fewer latitudes or longitudes than ids"
            )
        )
        let moreLongitudes = Self.block { group in
            group.message(2) { dense in
                dense.packedDelta(1, [1])
                dense.packedDelta(8, [10])
                dense.packedDelta(9, [10, 20])
            }
        }
        #expect(Self.failure(Self.fileWithBlock(moreLongitudes).file).contains("more latitudes or longitudes than ids"))
        let unpairedKey = Self.block { group in
            group.message(2) { dense in
                dense.packedDelta(1, [1])
                dense.packedDelta(8, [10])
                dense.packedDelta(9, [10])
                dense.packed(10, [1])
            }
        }
        #expect(
            Self.failure(Self.fileWithBlock(unpairedKey).file).contains("keys_vals end between a key and its value")
        )
        let moreKeys = Self.block { group in
            group.message(3) { way in
                way.int(1, 7)
                way.packed(2, [1, 1])
                way.packed(3, [2])
            }
        }
        #expect(Self.failure(Self.fileWithBlock(moreKeys).file).contains("an element has more keys than values"))
        let moreValues = Self.block { group in
            group.message(1) { node in
                node.sint(1, 7)
                node.packed(2, [1])
                node.packed(3, [2, 2])
                node.sint(8, 1)
                node.sint(9, 1)
            }
        }
        #expect(Self.failure(Self.fileWithBlock(moreValues).file).contains("an element has more values than keys"))
        let members = Self.block { group in
            group.message(4) { relation in
                relation.int(1, 7)
                relation.packedDelta(9, [1, 2])
                relation.packed(10, [0])
            }
        }
        #expect(
            Self.failure(Self.fileWithBlock(members).file).contains("a relation has more members than member types")
        )
        let types = Self.block { group in
            group.message(4) { relation in
                relation.int(1, 7)
                relation.packedDelta(9, [1])
                relation.packed(10, [0, 1])
            }
        }
        #expect(Self.failure(Self.fileWithBlock(types).file).contains("a relation has more member types than members"))
        let unknownType = Self.block { group in
            group.message(4) { relation in
                relation.int(1, 7)
                relation.packedDelta(9, [1])
                relation.packed(10, [7])
            }
        }
        #expect(Self.failure(Self.fileWithBlock(unknownType).file).contains("unknown relation member type 7"))
    }

    @Test("a granularity that is not positive, and coordinates that overflow")
    func granularity() {
        var zero = ProtobufWriter()
        zero.int(17, 0)
        #expect(Self.failure(Self.fileWithBlock(zero.bytes).file).contains("granularity 0 is not positive"))
        var dateZero = ProtobufWriter()
        dateZero.int(18, -1000)
        #expect(
            Self.failure(Self.fileWithBlock(dateZero.bytes).file).contains("date granularity -1000 is not positive")
        )
        var tooLarge = ProtobufWriter()
        tooLarge.int(17, 1 << 40)
        #expect(Self.failure(Self.fileWithBlock(tooLarge.bytes).file).contains("a 32-bit field holds 1099511627776"))
        var overflow = Self.block { group in
            group.message(2) { dense in
                dense.packedDelta(1, [1])
                dense.packedDelta(8, [Int64.max / 2])
                dense.packedDelta(9, [1])
            }
        }
        overflow += {
            var granularity = ProtobufWriter()
            granularity.int(17, 1000)
            return granularity.bytes
        }()
        #expect(Self.failure(Self.fileWithBlock(overflow).file).contains("a coordinate is out of range"))
        var noTable = ProtobufWriter()
        noTable.message(2) { group in group.message(3) { way in way.int(1, 1) } }
        #expect(Self.failure(Self.fileWithBlock(noTable.bytes).file).contains("primitive groups but no string table"))
    }

    @Test("an error in a later block comes after the elements of the blocks before it")
    func errorAfterElements() throws {
        var options = PBFTestFile.Options()
        options.elementsPerBlock = 1
        options.compression = .raw
        let good = PBFTestFile.encode(Self.elements, options)
        var bad = ProtobufWriter()
        bad.int(17, 0)
        let file = good + PBFTestFile.fileBlock(type: "OSMData", blob: PBFTestFile.blob(bad.bytes, .raw)) + good
        for threads in [0, 2] {
            var seen: [Int64] = []
            #expect(throws: OSMFileError.self) {
                _ = try OSMPBFReader(options: .init(threads: threads)).read(.memory(file)) {
                    seen.append($0.id)
                    return .next
                }
            }
            #expect(seen == Self.elements.map(\.id))
        }
    }

    @Test("blocks of other types are passed over, and a second header is too")
    func otherBlocks() throws {
        let other = PBFTestFile.fileBlock(type: "_private", blob: [1, 2, 3])
        var options = PBFTestFile.Options()
        options.elementsPerBlock = 1
        options.compression = .raw
        let file = PBFTestFile.encode(Self.elements, options)
        let read = try PBFRead.read(
            .memory(Array(file[0..<Self.header.count]) + other + Array(file[Self.header.count...]))
        )
        #expect(read.elements == Self.elements.map(\.asRead))
        let twice = try PBFRead.read(.memory(file + file))
        #expect(twice.elements.count == 2 * Self.elements.count)
    }
}

import CZlib
package import OSMModel

/// One element to write, as a test describes it.
package struct TestElement: Equatable {
    package enum MemberKind: Int64 {
        case node = 0
        case way = 1
        case relation = 2
    }

    package var kind: OSMElement.Kind
    package var id: Int64
    package var latitude: Double?
    package var longitude: Double?
    package var tags: [OSMTags.Pair] = []
    /// A way's nodes.
    package var nodes: [Int64] = []
    /// A relation's members, in order.
    package var members: [(kind: MemberKind, id: Int64, role: String)] = []
    /// Seconds since 1970.
    package var timestamp: Int64?

    package static func node(
        _ id: Int64,
        _ latitude: Double,
        _ longitude: Double,
        _ tags: [String: String] = [:]
    ) -> Self {
        TestElement(kind: .node, id: id, latitude: latitude, longitude: longitude, tags: pairs(tags))
    }

    package static func way(_ id: Int64, _ nodes: [Int64], _ tags: [String: String] = [:]) -> Self {
        TestElement(kind: .way, id: id, tags: pairs(tags), nodes: nodes)
    }

    package static func relation(
        _ id: Int64,
        _ members: [(MemberKind, Int64)],
        _ tags: [String: String] = [:]
    ) -> Self {
        TestElement(kind: .relation, id: id, tags: pairs(tags), members: members.map { ($0.0, $0.1, "outer") })
    }

    private static func pairs(_ tags: [String: String]) -> [OSMTags.Pair] {
        tags.sorted { $0.key < $1.key }.map { OSMTags.Pair(key: $0.key, value: $0.value) }
    }

    /// The element as a reader gives it (sub-relation members are not kept).
    package init(_ element: OSMElement) {
        kind = element.kind
        id = element.id
        latitude = element.latitude
        longitude = element.longitude
        tags = element.tags.pairs
        nodes = element.kind == .way ? element.nodeRefs : []
        members =
            element.memberNodes.map { (MemberKind.node, $0, "") } + element.memberWays.map { (MemberKind.way, $0, "") }
    }

    package init(
        kind: OSMElement.Kind,
        id: Int64,
        latitude: Double? = nil,
        longitude: Double? = nil,
        tags: [OSMTags.Pair] = [],
        nodes: [Int64] = [],
        members: [(kind: MemberKind, id: Int64, role: String)] = [],
        timestamp: Int64? = nil
    ) {
        self.kind = kind
        self.id = id
        self.latitude = latitude
        self.longitude = longitude
        self.tags = tags
        self.nodes = nodes
        self.members = members
        self.timestamp = timestamp
    }

    /// What a reader gives back: member roles are not read, sub-relations not kept, node
    /// members before way members.
    package var asRead: TestElement {
        var copy = self
        copy.timestamp = nil
        copy.members =
            members.filter { $0.kind == .node }.map { ($0.kind, $0.id, "") }
            + members.filter { $0.kind == .way }.map { ($0.kind, $0.id, "") }
        return copy
    }

    package static func == (lhs: TestElement, rhs: TestElement) -> Bool {
        lhs.kind == rhs.kind && lhs.id == rhs.id && lhs.latitude == rhs.latitude && lhs.longitude == rhs.longitude
            && lhs.tags == rhs.tags && lhs.nodes == rhs.nodes && lhs.timestamp == rhs.timestamp
            && lhs.members.map(\.kind) == rhs.members.map(\.kind) && lhs.members.map(\.id) == rhs.members.map(\.id)
            && lhs.members.map(\.role) == rhs.members.map(\.role)
    }
}

/// The tests' own PBF writer: header and data blocks, dense or plain nodes, raw or zlib blobs,
/// any granularity and offsets; and the pieces (file blocks, blobs) for writing broken files.
package enum PBFTestFile {
    package enum Compression {
        case raw, zlib
    }

    package struct Options {
        package init() {}

        package var compression = Compression.zlib
        package var denseNodes = true
        package var elementsPerBlock = 8000
        package var granularity: Int64 = 100
        package var latitudeOffset: Int64 = 0
        package var longitudeOffset: Int64 = 0
        package var dateGranularity: Int64 = 1000
        package var requiredFeatures = ["OsmSchema-V0.6", "DenseNodes"]
        package var optionalFeatures = ["Sort.Type_then_ID"]
        package var writingProgram: String? = "venues-tests"
        /// left, right, top, bottom in nanodegrees.
        package var boundingBox: (Int64, Int64, Int64, Int64)? = nil
        package var replicationTimestamp: Int64? = nil
        /// Field 17 of `PrimitiveBlock` written only when it differs from the default.
        package var writesDefaults = false
    }

    /// A whole file.
    package static func encode(_ elements: [TestElement], _ options: Options = Options()) -> [UInt8] {
        var file = fileBlock(type: "OSMHeader", blob: blob(headerBlock(options), options.compression))
        var start = 0
        while start < elements.count {
            let end = min(elements.count, start + max(1, options.elementsPerBlock))
            file += fileBlock(
                type: "OSMData",
                blob: blob(primitiveBlock(Array(elements[start..<end]), options), options.compression)
            )
            start = end
        }
        return file
    }

    /// A file block: the 4-byte big-endian length, the `BlobHeader`, the blob.
    package static func fileBlock(type: String, blob: [UInt8], declaredSize: Int64? = nil) -> [UInt8] {
        var header = ProtobufWriter()
        header.string(1, type)
        header.int(3, declaredSize ?? Int64(blob.count))
        let length = UInt32(header.bytes.count)
        return [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
            + header.bytes + blob
    }

    /// A `Blob` holding `content`.
    package static func blob(_ content: [UInt8], _ compression: Compression, declaredRawSize: Int64? = nil) -> [UInt8] {
        var blob = ProtobufWriter()
        switch compression {
        case .raw:
            blob.bytes(1, content)
            if let declaredRawSize { blob.int(2, declaredRawSize) }
        case .zlib:
            blob.int(2, declaredRawSize ?? Int64(content.count))
            blob.bytes(3, zlib(content))
        }
        return blob.bytes
    }

    /// `content` compressed with zlib (with its header and checksum, as PBF wants).
    package static func zlib(_ content: [UInt8]) -> [UInt8] {
        var size = compressBound(uLong(content.count))
        var output = [UInt8](repeating: 0, count: Int(size))
        let status = output.withUnsafeMutableBufferPointer { target in
            content.withUnsafeBufferPointer { source in
                compress2(target.baseAddress, &size, source.baseAddress, uLong(content.count), 6)
            }
        }
        precondition(status == Z_OK, "compress2 failed: \(status)")
        return Array(output[0..<Int(size)])
    }

    package static func headerBlock(_ options: Options) -> [UInt8] {
        var header = ProtobufWriter()
        if let box = options.boundingBox {
            header.message(1) { bbox in
                bbox.sint(1, box.0)
                bbox.sint(2, box.1)
                bbox.sint(3, box.2)
                bbox.sint(4, box.3)
            }
        }
        for feature in options.requiredFeatures { header.string(4, feature) }
        for feature in options.optionalFeatures { header.string(5, feature) }
        if let program = options.writingProgram { header.string(16, program) }
        if let timestamp = options.replicationTimestamp { header.int(32, timestamp) }
        return header.bytes
    }

    /// A `PrimitiveBlock`: a group per run of elements of one kind.
    package static func primitiveBlock(_ elements: [TestElement], _ options: Options) -> [UInt8] {
        var strings = StringTable()
        var groups: [[UInt8]] = []
        var start = 0
        while start < elements.count {
            var end = start + 1
            while end < elements.count, elements[end].kind == elements[start].kind { end += 1 }
            let run = Array(elements[start..<end])
            var group = ProtobufWriter()
            switch run[0].kind {
            case .node where options.denseNodes:
                group.bytes(2, denseNodes(run, options, &strings))
            case .node:
                for node in run { group.bytes(1, plainNode(node, options, &strings)) }
            case .way:
                for way in run { group.bytes(3, wayMessage(way, options, &strings)) }
            case .relation:
                for relation in run { group.bytes(4, relationMessage(relation, options, &strings)) }
            }
            groups.append(group.bytes)
            start = end
        }
        var block = ProtobufWriter()
        block.message(1) { table in
            for string in strings.strings { table.bytes(1, Array(string.utf8)) }
        }
        for group in groups { block.bytes(2, group) }
        if options.granularity != 100 || options.writesDefaults { block.int(17, options.granularity) }
        if options.dateGranularity != 1000 || options.writesDefaults { block.int(18, options.dateGranularity) }
        if options.latitudeOffset != 0 || options.writesDefaults { block.int(19, options.latitudeOffset) }
        if options.longitudeOffset != 0 || options.writesDefaults { block.int(20, options.longitudeOffset) }
        return block.bytes
    }

    /// Index 0 is the empty string, as the format reserves it.
    package struct StringTable {
        package init() {}

        package var strings: [String] = [""]
        package var indices: [String: Int64] = ["": 0]

        package mutating func index(_ string: String) -> Int64 {
            if let index = indices[string] { return index }
            strings.append(string)
            indices[string] = Int64(strings.count - 1)
            return Int64(strings.count - 1)
        }
    }

    package static func raw(_ degrees: Double?, offset: Int64, _ options: Options) -> Int64 {
        let nanodegrees = Int64(((degrees ?? 0) * 1e7).rounded()) * 100
        return (nanodegrees - offset) / options.granularity
    }

    private static func denseNodes(_ nodes: [TestElement], _ options: Options, _ strings: inout StringTable) -> [UInt8]
    {
        var dense = ProtobufWriter()
        dense.packedDelta(1, nodes.map(\.id))
        if nodes.contains(where: { $0.timestamp != nil }) {
            dense.message(5) { info in
                info.packed(1, nodes.map { _ in 1 })
                info.packedDelta(2, nodes.map { ($0.timestamp ?? 0) * 1000 / options.dateGranularity })
            }
        }
        dense.packedDelta(8, nodes.map { raw($0.latitude, offset: options.latitudeOffset, options) })
        dense.packedDelta(9, nodes.map { raw($0.longitude, offset: options.longitudeOffset, options) })
        if nodes.contains(where: { !$0.tags.isEmpty }) {
            var keysValues: [Int64] = []
            for node in nodes {
                for tag in node.tags {
                    keysValues.append(strings.index(tag.key))
                    keysValues.append(strings.index(tag.value))
                }
                keysValues.append(0)
            }
            dense.packed(10, keysValues)
        }
        return dense.bytes
    }

    private static func tags(_ element: TestElement, _ writer: inout ProtobufWriter, _ strings: inout StringTable) {
        guard !element.tags.isEmpty else { return }
        writer.packed(2, element.tags.map { strings.index($0.key) })
        writer.packed(3, element.tags.map { strings.index($0.value) })
    }

    private static func info(_ element: TestElement, _ writer: inout ProtobufWriter, _ options: Options) {
        guard let timestamp = element.timestamp else { return }
        writer.message(4) { info in
            info.int(1, 1)
            info.int(2, timestamp * 1000 / options.dateGranularity)
        }
    }

    private static func plainNode(_ node: TestElement, _ options: Options, _ strings: inout StringTable) -> [UInt8] {
        var writer = ProtobufWriter()
        writer.sint(1, node.id)
        tags(node, &writer, &strings)
        info(node, &writer, options)
        if node.latitude != nil { writer.sint(8, raw(node.latitude, offset: options.latitudeOffset, options)) }
        if node.longitude != nil { writer.sint(9, raw(node.longitude, offset: options.longitudeOffset, options)) }
        return writer.bytes
    }

    private static func wayMessage(_ way: TestElement, _ options: Options, _ strings: inout StringTable) -> [UInt8] {
        var writer = ProtobufWriter()
        writer.int(1, way.id)
        tags(way, &writer, &strings)
        info(way, &writer, options)
        if !way.nodes.isEmpty { writer.packedDelta(8, way.nodes) }
        return writer.bytes
    }

    private static func relationMessage(
        _ relation: TestElement,
        _ options: Options,
        _ strings: inout StringTable
    ) -> [UInt8] {
        var writer = ProtobufWriter()
        writer.int(1, relation.id)
        tags(relation, &writer, &strings)
        info(relation, &writer, options)
        if !relation.members.isEmpty {
            writer.packed(8, relation.members.map { strings.index($0.role) })
            writer.packedDelta(9, relation.members.map(\.id))
            writer.packed(10, relation.members.map(\.kind.rawValue))
        }
        return writer.bytes
    }
}

/// Decodes one `PrimitiveBlock` (the uncompressed content of an `OSMData` blob) into an
/// ``OSMPBFBlock``: its string table, then each primitive group in order — dense nodes, nodes,
/// ways, relations (changesets are passed over).
///
/// Coordinates are `(offset + granularity × value) / 10⁹` degrees, computed as an exact
/// integer of nanodegrees divided once, so a coordinate equals the one read from the same
/// data in XML (`60.171634` gives the same `Double` either way). Ids, coordinates, way
/// references and relation members are delta-coded where the format says so; the sums wrap
/// rather than trap on hostile input. Anything malformed — a length past the end, a number
/// longer than ten bytes, parallel arrays of different lengths, a string index outside the
/// table — throws ``WireError`` with the position in the block.
package struct PrimitiveBlockDecoder {
    /// What to decode besides ids and coordinates.
    package struct Options: Sendable, Hashable {
        /// Decode tags (and the strings they use).
        package var tags: Bool
        /// Decode way nodes and relation members.
        package var references: Bool
        /// Find the newest element timestamp.
        package var timestamps: Bool

        package init(tags: Bool = true, references: Bool = true, timestamps: Bool = false) {
            self.tags = tags
            self.references = references
            self.timestamps = timestamps
        }
    }

    /// The largest string table accepted: more entries than a 32 MiB block could hold.
    static let maximumStrings = 1 << 25

    private let options: Options
    private var block = OSMPBFBlock()
    /// Where each string of the table lies in the block, for making it a `String` when used.
    private var stringRanges: [Range<Int>] = []
    private var stringMade: [Bool] = []
    private var base: UnsafeRawPointer?
    private var granularity: Int64 = 100
    private var latitudeOffset: Int64 = 0
    private var longitudeOffset: Int64 = 0
    private var dateGranularity: Int64 = 1000
    private var newestTimestamp: Int64?

    private init(options: Options) {
        self.options = options
    }

    /// Decodes a whole `PrimitiveBlock`.
    package static func decode(_ bytes: UnsafeRawBufferPointer, options: Options) throws(WireError) -> OSMPBFBlock {
        var decoder = PrimitiveBlockDecoder(options: options)
        decoder.base = bytes.baseAddress
        return try decoder.run(ProtobufCursor(bytes))
    }

    private mutating func run(_ blockCursor: ProtobufCursor) throws(WireError) -> OSMPBFBlock {
        var cursor = blockCursor
        var groups: [ProtobufCursor] = []
        var sawStringTable = false
        while let field = try cursor.nextField() {
            switch field.number {
            case 1:
                try cursor.expect(field.type, is: .lengthDelimited, field: "stringtable")
                try readStringTable(try cursor.message())
                sawStringTable = true
            case 2:
                try cursor.expect(field.type, is: .lengthDelimited, field: "primitivegroup")
                groups.append(try cursor.message())
            case 17:
                let start = cursor.position
                granularity = Int64(try cursor.int32())
                guard granularity > 0 else { throw WireError("granularity \(granularity) is not positive", at: start) }
            case 18:
                let start = cursor.position
                dateGranularity = Int64(try cursor.int32())
                guard dateGranularity > 0 else {
                    throw WireError("date granularity \(dateGranularity) is not positive", at: start)
                }
            case 19:
                latitudeOffset = try cursor.int64()
            case 20:
                longitudeOffset = try cursor.int64()
            default:
                try cursor.skip(field.type)
            }
        }
        guard sawStringTable || groups.isEmpty else {
            throw WireError("the block has primitive groups but no string table", at: 0)
        }
        for group in groups {
            try readGroup(group)
        }
        if let newestTimestamp {
            let (milliseconds, overflow) = newestTimestamp.multipliedReportingOverflow(by: dateGranularity)
            block.newestTimestamp = overflow ? nil : milliseconds
        }
        return block
    }

    // MARK: Strings

    private mutating func readStringTable(_ table: ProtobufCursor) throws(WireError) {
        var cursor = table
        stringRanges.removeAll()
        while let field = try cursor.nextField() {
            guard field.number == 1 else {
                try cursor.skip(field.type)
                continue
            }
            try cursor.expect(field.type, is: .lengthDelimited, field: "stringtable.s")
            let string = try cursor.message()
            guard stringRanges.count < Self.maximumStrings else {
                throw WireError("the string table has more than \(Self.maximumStrings) entries", at: string.position)
            }
            stringRanges.append(string.position..<(string.position + string.remaining))
        }
        if options.tags {
            block.strings = [String](repeating: "", count: stringRanges.count)
            stringMade = [Bool](repeating: false, count: stringRanges.count)
        }
    }

    /// Checks a string index and makes its `String` the first time it is used.
    @inline(__always)
    private mutating func string(_ index: UInt64, at position: Int) throws(WireError) -> UInt32 {
        guard index < UInt64(stringRanges.count) else {
            throw WireError(
                "string index \(index) is outside the block's string table (\(stringRanges.count) entries)",
                at: position
            )
        }
        let slot = Int(index)
        if !stringMade[slot] {
            let range = stringRanges[slot]
            block.strings[slot] = String(
                decoding: UnsafeRawBufferPointer(start: base.map { $0 + range.lowerBound }, count: range.count),
                as: UTF8.self
            )
            stringMade[slot] = true
        }
        return UInt32(slot)
    }

    // MARK: Groups

    private mutating func readGroup(_ group: ProtobufCursor) throws(WireError) {
        var cursor = group
        while let field = try cursor.nextField() {
            switch field.number {
            case 1:
                try cursor.expect(field.type, is: .lengthDelimited, field: "nodes")
                try readNode(try cursor.message())
            case 2:
                try cursor.expect(field.type, is: .lengthDelimited, field: "dense")
                try readDenseNodes(try cursor.message())
            case 3:
                try cursor.expect(field.type, is: .lengthDelimited, field: "ways")
                try readWay(try cursor.message())
            case 4:
                try cursor.expect(field.type, is: .lengthDelimited, field: "relations")
                try readRelation(try cursor.message())
            default:
                try cursor.skip(field.type)
            }
        }
    }

    /// Degrees from a coordinate in granularity units.
    @inline(__always)
    private func degrees(_ value: Int64, offset: Int64, at position: Int) throws(WireError) -> Double {
        let (scaled, overflow) = value.multipliedReportingOverflow(by: granularity)
        let (nanodegrees, overflow2) = scaled.addingReportingOverflow(offset)
        guard !overflow, !overflow2 else { throw WireError("a coordinate is out of range", at: position) }
        return Double(nanodegrees) / 1e9
    }

    /// Closes the current element's tag and reference lists.
    @inline(__always)
    private mutating func endElement() {
        block.tagEnds.append(Int32(truncatingIfNeeded: block.tagStrings.count / 2))
        block.nodeReferenceEnds.append(Int32(truncatingIfNeeded: block.nodeReferences.count))
        block.wayReferenceEnds.append(Int32(truncatingIfNeeded: block.wayReferences.count))
    }

    private mutating func noteTimestamp(_ timestamp: Int64) {
        if newestTimestamp.map({ timestamp > $0 }) ?? true { newestTimestamp = timestamp }
    }

    // MARK: Dense nodes

    private mutating func readDenseNodes(_ dense: ProtobufCursor) throws(WireError) {
        var cursor = dense
        var ids = ProtobufCursor(UnsafeRawBufferPointer(start: nil, count: 0))
        var latitudes = ids
        var longitudes = ids
        var keysValues = ids
        var timestamps = ids
        while let field = try cursor.nextField() {
            switch field.number {
            case 1:
                try cursor.expect(field.type, is: .lengthDelimited, field: "dense.id")
                ids = try cursor.message()
            case 5:
                try cursor.expect(field.type, is: .lengthDelimited, field: "dense.denseinfo")
                let info = try cursor.message()
                if options.timestamps { timestamps = try Self.denseTimestamps(info) }
            case 8:
                try cursor.expect(field.type, is: .lengthDelimited, field: "dense.lat")
                latitudes = try cursor.message()
            case 9:
                try cursor.expect(field.type, is: .lengthDelimited, field: "dense.lon")
                longitudes = try cursor.message()
            case 10:
                try cursor.expect(field.type, is: .lengthDelimited, field: "dense.keys_vals")
                keysValues = try cursor.message()
            default:
                try cursor.skip(field.type)
            }
        }
        let expected = block.ids.count + Self.varintCount(ids)
        block.kinds.reserveCapacity(expected)
        block.ids.reserveCapacity(expected)
        block.latitudes.reserveCapacity(expected)
        block.longitudes.reserveCapacity(expected)
        block.tagEnds.reserveCapacity(expected)
        block.nodeReferenceEnds.reserveCapacity(expected)
        block.wayReferenceEnds.reserveCapacity(expected)

        var id: Int64 = 0
        var latitude: Int64 = 0
        var longitude: Int64 = 0
        var timestamp: Int64 = 0
        let readsTags = options.tags
        while !ids.isAtEnd {
            id &+= try ids.sint64()
            guard !latitudes.isAtEnd, !longitudes.isAtEnd else {
                throw WireError("dense nodes have fewer latitudes or longitudes than ids", at: ids.position)
            }
            let position = latitudes.position
            latitude &+= try latitudes.sint64()
            longitude &+= try longitudes.sint64()
            block.kinds.append(.node)
            block.ids.append(id)
            block.latitudes.append(try degrees(latitude, offset: latitudeOffset, at: position))
            block.longitudes.append(try degrees(longitude, offset: longitudeOffset, at: position))
            if readsTags {
                while !keysValues.isAtEnd {
                    let keyPosition = keysValues.position
                    let key = try keysValues.varint()
                    if key == 0 { break }
                    guard !keysValues.isAtEnd else {
                        throw WireError("dense nodes' keys_vals end between a key and its value", at: keyPosition)
                    }
                    let valuePosition = keysValues.position
                    let value = try keysValues.varint()
                    block.tagStrings.append(try string(key, at: keyPosition))
                    block.tagStrings.append(try string(value, at: valuePosition))
                }
            }
            if !timestamps.isAtEnd {
                timestamp &+= try timestamps.sint64()
                noteTimestamp(timestamp)
            }
            endElement()
        }
        guard latitudes.isAtEnd, longitudes.isAtEnd else {
            throw WireError("dense nodes have more latitudes or longitudes than ids", at: latitudes.position)
        }
    }

    /// The packed, delta-coded timestamps of a `DenseInfo`.
    private static func denseTimestamps(_ info: ProtobufCursor) throws(WireError) -> ProtobufCursor {
        var cursor = info
        var timestamps = ProtobufCursor(UnsafeRawBufferPointer(start: nil, count: 0))
        while let field = try cursor.nextField() {
            if field.number == 2 {
                try cursor.expect(field.type, is: .lengthDelimited, field: "denseinfo.timestamp")
                timestamps = try cursor.message()
            } else {
                try cursor.skip(field.type)
            }
        }
        return timestamps
    }

    /// How many varints a packed field holds (for reserving capacity).
    private static func varintCount(_ packed: ProtobufCursor) -> Int { packed.varintsLeft }

    // MARK: Nodes, ways, relations

    /// Tags from parallel `keys` and `vals` arrays.
    private mutating func appendTags(keys: ProtobufCursor, values: ProtobufCursor) throws(WireError) {
        var keys = keys
        var values = values
        while !keys.isAtEnd {
            guard !values.isAtEnd else { throw WireError("an element has more keys than values", at: keys.position) }
            let keyPosition = keys.position
            let key = try keys.varint()
            let valuePosition = values.position
            let value = try values.varint()
            block.tagStrings.append(try string(key, at: keyPosition))
            block.tagStrings.append(try string(value, at: valuePosition))
        }
        guard values.isAtEnd else { throw WireError("an element has more values than keys", at: values.position) }
    }

    /// The `timestamp` of an `Info`.
    private mutating func readInfo(_ info: ProtobufCursor) throws(WireError) {
        var cursor = info
        while let field = try cursor.nextField() {
            if field.number == 2, field.type == .varint {
                noteTimestamp(try cursor.int64())
            } else {
                try cursor.skip(field.type)
            }
        }
    }

    private mutating func readNode(_ node: ProtobufCursor) throws(WireError) {
        var cursor = node
        let start = cursor.position
        var id: Int64 = 0
        var latitude: Int64?
        var longitude: Int64?
        var keys = ProtobufCursor(UnsafeRawBufferPointer(start: nil, count: 0))
        var values = keys
        while let field = try cursor.nextField() {
            switch (field.number, field.type) {
            case (1, .varint): id = try cursor.sint64()
            case (2, .lengthDelimited): keys = try cursor.message()
            case (3, .lengthDelimited): values = try cursor.message()
            case (4, .lengthDelimited):
                let info = try cursor.message()
                if options.timestamps { try readInfo(info) }
            case (8, .varint): latitude = try cursor.sint64()
            case (9, .varint): longitude = try cursor.sint64()
            case (1, _), (2, _), (3, _), (4, _), (8, _), (9, _):
                throw WireError("node field \(field.number) has wire type \(field.type.rawValue)", at: cursor.position)
            default: try cursor.skip(field.type)
            }
        }
        block.kinds.append(.node)
        block.ids.append(id)
        if let latitude, let longitude {
            block.latitudes.append(try degrees(latitude, offset: latitudeOffset, at: start))
            block.longitudes.append(try degrees(longitude, offset: longitudeOffset, at: start))
        } else {
            block.latitudes.append(.nan)
            block.longitudes.append(.nan)
        }
        if options.tags { try appendTags(keys: keys, values: values) }
        endElement()
    }

    private mutating func readWay(_ way: ProtobufCursor) throws(WireError) {
        var cursor = way
        var id: Int64 = 0
        var keys = ProtobufCursor(UnsafeRawBufferPointer(start: nil, count: 0))
        var values = keys
        var references = keys
        while let field = try cursor.nextField() {
            switch (field.number, field.type) {
            case (1, .varint): id = try cursor.int64()
            case (2, .lengthDelimited): keys = try cursor.message()
            case (3, .lengthDelimited): values = try cursor.message()
            case (4, .lengthDelimited):
                let info = try cursor.message()
                if options.timestamps { try readInfo(info) }
            case (8, .lengthDelimited): references = try cursor.message()
            case (1, _), (2, _), (3, _), (4, _), (8, _):
                throw WireError("way field \(field.number) has wire type \(field.type.rawValue)", at: cursor.position)
            default: try cursor.skip(field.type)
            }
        }
        block.kinds.append(.way)
        block.ids.append(id)
        block.latitudes.append(.nan)
        block.longitudes.append(.nan)
        if options.tags { try appendTags(keys: keys, values: values) }
        if options.references {
            var node: Int64 = 0
            while !references.isAtEnd {
                node &+= try references.sint64()
                block.nodeReferences.append(node)
            }
        }
        endElement()
    }

    private mutating func readRelation(_ relation: ProtobufCursor) throws(WireError) {
        var cursor = relation
        var id: Int64 = 0
        var keys = ProtobufCursor(UnsafeRawBufferPointer(start: nil, count: 0))
        var values = keys
        var members = keys
        var types = keys
        while let field = try cursor.nextField() {
            switch (field.number, field.type) {
            case (1, .varint): id = try cursor.int64()
            case (2, .lengthDelimited): keys = try cursor.message()
            case (3, .lengthDelimited): values = try cursor.message()
            case (4, .lengthDelimited):
                let info = try cursor.message()
                if options.timestamps { try readInfo(info) }
            case (9, .lengthDelimited): members = try cursor.message()
            case (10, .lengthDelimited): types = try cursor.message()
            case (1, _), (2, _), (3, _), (4, _), (9, _), (10, _):
                throw WireError(
                    "relation field \(field.number) has wire type \(field.type.rawValue)",
                    at: cursor.position
                )
            default: try cursor.skip(field.type)
            }
        }
        block.kinds.append(.relation)
        block.ids.append(id)
        block.latitudes.append(.nan)
        block.longitudes.append(.nan)
        if options.tags { try appendTags(keys: keys, values: values) }
        if options.references {
            var member: Int64 = 0
            while !members.isAtEnd {
                member &+= try members.sint64()
                guard !types.isAtEnd else {
                    throw WireError("a relation has more members than member types", at: members.position)
                }
                let typePosition = types.position
                switch try types.varint() {
                case 0: block.nodeReferences.append(member)
                case 1: block.wayReferences.append(member)
                case 2: break  // Sub-relations are not followed.
                case let other: throw WireError("unknown relation member type \(other)", at: typePosition)
                }
            }
            guard types.isAtEnd else {
                throw WireError("a relation has more member types than members", at: types.position)
            }
        }
        endElement()
    }
}

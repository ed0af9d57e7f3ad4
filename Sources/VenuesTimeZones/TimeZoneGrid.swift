import Foundation

/// The time-zone quadtree of `timezones.bin`: the zone of every cell of a grid of 7.5° / 2⁹
/// (0.0146484375°) over the whole globe, stored as a tree per 7.5° root cell whose leaves are
/// cells that one zone covers whole.
///
/// `scripts/make-timezone-grid.py` writes the file, base64-encoded, into `TimeZoneGridData.swift`
/// (`TimeZoneGrid.base64`) and documents its layout; `docs/time-zones.md` gives the source, the
/// licence and the precision.
///
/// Reading the file decodes only its header; a root cell's tree is decoded when a position in it
/// is first asked for (at most 0.4 ms), under a lock, and kept. In memory a tree is
/// an array of 32-bit slots, the root first, then four slots for the children (SW, SE, NW, NE)
/// of each split cell. A slot is one of
///
/// - a leaf: bit 31 set, the zone index in the low bits;
/// - a split cell whose four children are all leaves at the finest level with at most two zones
///   between them: bit 30 set, zone A in bits 0–9, zone B in bits 10–19, and in bits 20–23 a mask
///   of the children that are B (most split cells of the last level: one slot instead of five);
/// - any other split cell: the index of its first child's slot.
struct TimeZoneGrid: Sendable {
    /// The IANA identifiers, indexed by zone index.
    let identifiers: [String]
    /// Where the boundaries come from, e.g. "timezone-boundary-builder 2026c".
    let dataVersion: String
    /// How many times a root cell is halved down to the finest cell.
    let levels: Int
    /// The side of a root cell in degrees (the grid is `rootColumns` x `rootRows` of them).
    let rootDegrees: Double
    let rootColumns: Int
    let rootRows: Int
    /// The file; root cell `r`'s tree is `bytes[treeStarts[r]..<treeStarts[r + 1]]`.
    private let bytes: [UInt8]
    private let treeStarts: [Int]
    /// Per root cell, its leaf slot when one zone covers it whole (most of the ocean), else 0.
    private let rootLeaves: [UInt32]
    private let trees: TreeCache

    private static let leafFlag: UInt32 = 0x8000_0000
    private static let pairFlag: UInt32 = 0x4000_0000
    private static let zoneMask: UInt32 = 0x3FF
    private static let maximumZoneCount = 1024
    private static let moveToFrontRanks = 4

    /// Reads the header of the file written by `scripts/make-timezone-grid.py`; the trees are
    /// decoded when first needed (`decodeAll()` checks them all).
    init(decoding bytes: [UInt8]) throws(TimeZoneGridError) {
        var reader = ByteReader(bytes: bytes)
        guard try reader.bytes(4) == Array("VTZ1".utf8) else { throw .badMagic }
        let levels = Int(try reader.byte())
        _ = try reader.byte()  // the coast level: informational
        let rootColumns = Int(try reader.uint16())
        let rootRows = Int(try reader.uint16())
        guard (1...12).contains(levels), rootColumns > 0, rootColumns == 2 * rootRows else {
            throw .badHeader
        }
        let dataVersion = try reader.string()
        let zoneCount = try reader.varint()
        guard (1...Self.maximumZoneCount).contains(zoneCount) else { throw .badHeader }
        var identifiers: [String] = []
        identifiers.reserveCapacity(zoneCount)
        for _ in 0..<zoneCount {
            identifiers.append(try reader.string())
        }
        let rootCount = rootColumns * rootRows
        var lengths: [Int] = []
        lengths.reserveCapacity(rootCount)
        for _ in 0..<rootCount {
            let length = try reader.varint()
            guard length <= bytes.count else { throw .truncated }
            lengths.append(length)
        }
        var treeStarts = [reader.position]
        treeStarts.reserveCapacity(rootCount + 1)
        for length in lengths {
            treeStarts.append(treeStarts[treeStarts.count - 1] + length)
        }
        guard treeStarts[rootCount] == bytes.count else { throw .truncated }

        self.identifiers = identifiers
        self.dataVersion = dataVersion
        self.levels = levels
        self.rootDegrees = 360 / Double(rootColumns)
        self.rootColumns = rootColumns
        self.rootRows = rootRows
        self.bytes = bytes
        self.treeStarts = treeStarts
        self.rootLeaves = try (0..<rootCount).map { (root) throws(TimeZoneGridError) in
            // A root leaf is the tree's first zone code, so its move-to-front rank is its index.
            var bits = BitReader(bytes: bytes, range: treeStarts[root]..<treeStarts[root + 1])
            guard !(try bits.bit()) else { return 0 }
            var zone = 0
            while zone < Self.moveToFrontRanks {
                guard try bits.bit() else { break }
                zone += 1
            }
            if zone == Self.moveToFrontRanks {
                zone = try bits.value(width: Self.indexWidth(zoneCount: zoneCount))
            }
            guard zone < zoneCount else { throw .badZone }
            return Self.leafFlag | UInt32(zone)
        }
        self.trees = TreeCache(count: rootCount)
    }

    /// The zone index at a position, or nil for a latitude outside −90…90 or a coordinate that is
    /// not finite. Any finite longitude is taken modulo 360.
    func zoneIndex(latitude: Double, longitude: Double) -> Int? {
        guard latitude.isFinite, longitude.isFinite, latitude >= -90, latitude <= 90 else { return nil }
        var longitude = longitude
        if longitude < -180 || longitude >= 180 {
            longitude = longitude.truncatingRemainder(dividingBy: 360)
            if longitude < -180 {
                longitude += 360
            } else if longitude >= 180 {
                longitude -= 360
            }
        }
        let cellsPerDegree = Double(1 << levels) / rootDegrees
        // Both offsets are ≥ 0, so truncation is the floor; the far edges (90°, and 180° − ε
        // rounded up) fall into the last cell.
        let row = min(Int((latitude + 90) * cellsPerDegree), (rootRows << levels) - 1)
        let column = min(Int((longitude + 180) * cellsPerDegree), (rootColumns << levels) - 1)
        return zoneIndex(row: row, column: column)
    }

    /// The zone index of a cell of the finest grid (rows from the south, columns from −180°).
    func zoneIndex(row: Int, column: Int) -> Int {
        let root = (row >> levels) * rootColumns + (column >> levels)
        let rootLeaf = rootLeaves[root]
        if rootLeaf != 0 {
            return Int(rootLeaf & Self.zoneMask)
        }
        let tree = trees.tree(root) { decodedTree(root) }
        return tree.withUnsafeBufferPointer { slots in
            var slot = slots[0]
            var shift = levels
            while slot & Self.leafFlag == 0 {
                shift -= 1
                let child = ((row >> shift) & 1) << 1 | ((column >> shift) & 1)
                if slot & Self.pairFlag != 0 {
                    let isB = (slot >> (20 + UInt32(child))) & 1 != 0
                    return Int(isB ? (slot >> 10) & Self.zoneMask : slot & Self.zoneMask)
                }
                slot = slots[Int(slot) + child]
            }
            return Int(slot & Self.zoneMask)
        }
    }

    /// The file embedded in `TimeZoneGridData.swift`, decoded from base64.
    static func embeddedFile() throws(TimeZoneGridError) -> [UInt8] {
        guard let bytes = base64.withUTF8Buffer({ Base64.decode($0) }) else { throw .badBase64 }
        return bytes
    }

    /// Decodes every root cell's tree (which are then kept), checking the whole file; returns
    /// how many slots they take.
    @discardableResult
    func decodeAll() throws(TimeZoneGridError) -> Int {
        var slotCount = 0
        for root in rootLeaves.indices {
            let tree = try decodeTree(root)
            _ = trees.tree(root) { tree }
            slotCount += tree.count
        }
        return slotCount
    }

    /// The width of a zone index in the bit stream: ceil(log2(zone count)), at least 1.
    private static func indexWidth(zoneCount: Int) -> Int {
        max(1, Int.bitWidth - (zoneCount - 1).leadingZeroBitCount)
    }

    private func decodedTree(_ root: Int) -> [UInt32] {
        do {
            return try decodeTree(root)
        } catch {
            fatalError("VenuesTimeZones: root cell \(root) of timezones.bin is damaged (\(error))")
        }
    }

    private func decodeTree(_ root: Int) throws(TimeZoneGridError) -> [UInt32] {
        var decoder = TreeDecoder(
            bytes: bytes,
            range: treeStarts[root]..<treeStarts[root + 1],
            zoneCount: identifiers.count
        )
        decoder.slots = [0]
        try decoder.decodeNode(level: 0, levels: levels, into: 0)
        guard decoder.bits.isAtPadding else { throw .trailingBits }
        return Array(decoder.slots[...])  // without the growth's spare capacity
    }

    private struct TreeDecoder {
        var bits: BitReader
        let zoneCount: Int
        let indexWidth: Int
        var slots: [UInt32] = []
        /// Zone indices, most recently coded first; in order at the start of a root cell.
        var recent: [UInt16]

        init(bytes: [UInt8], range: Range<Int>, zoneCount: Int) {
            self.bits = BitReader(bytes: bytes, range: range)
            self.zoneCount = zoneCount
            self.indexWidth = TimeZoneGrid.indexWidth(zoneCount: zoneCount)
            self.recent = (0..<zoneCount).map { UInt16($0) }
        }

        mutating func decodeNode(level: Int, levels: Int, into slot: Int) throws(TimeZoneGridError) {
            let isSplit = level < levels ? try bits.bit() : false
            if !isSplit {
                slots[slot] = TimeZoneGrid.leafFlag | UInt32(try zone())
                return
            }
            if level == levels - 1 {
                try decodeFinestChildren(into: slot)
                return
            }
            let first = slots.count
            guard first < Int(TimeZoneGrid.pairFlag) else { throw .tooLarge }
            slots[slot] = UInt32(first)
            slots.append(contentsOf: repeatElement(0, count: 4))
            for child in 0..<4 {
                try decodeNode(level: level + 1, levels: levels, into: first + child)
            }
        }

        /// Four leaves at the finest level: one pair slot when they hold two zones, else a block.
        mutating func decodeFinestChildren(into slot: Int) throws(TimeZoneGridError) {
            let children = [try zone(), try zone(), try zone(), try zone()]
            let a = children[0]
            let b = children.first { $0 != a } ?? a
            var mask: UInt32 = 0
            var isPair = true
            for (index, zone) in children.enumerated() {
                if zone == b && b != a {
                    mask |= 1 << UInt32(index)
                } else if zone != a {
                    isPair = false
                }
            }
            if isPair {
                slots[slot] = TimeZoneGrid.pairFlag | mask << 20 | UInt32(b) << 10 | UInt32(a)
                return
            }
            guard slots.count < Int(TimeZoneGrid.pairFlag) else { throw .tooLarge }
            slots[slot] = UInt32(slots.count)
            for zone in children {
                slots.append(TimeZoneGrid.leafFlag | UInt32(zone))
            }
        }

        /// A move-to-front rank: r < 4 one-bits then a zero-bit, or four one-bits and the index.
        mutating func zone() throws(TimeZoneGridError) -> Int {
            var rank = 0
            while rank < TimeZoneGrid.moveToFrontRanks {
                guard try bits.bit() else { break }
                rank += 1
            }
            if rank == TimeZoneGrid.moveToFrontRanks {
                let zone = try bits.value(width: indexWidth)
                guard zone < zoneCount, let index = recent.firstIndex(of: UInt16(zone)) else {
                    throw .badZone
                }
                rank = index
            }
            let zone = recent[rank]
            while rank > 0 {
                recent[rank] = recent[rank - 1]
                rank -= 1
            }
            recent[0] = zone
            return Int(zone)
        }
    }
}

/// Why `timezones.bin` could not be decoded.
enum TimeZoneGridError: Error, Equatable {
    case badBase64
    case truncated
    case badMagic
    case badHeader
    case badZone
    case tooLarge
    case trailingBits
}

/// The decoded trees, per root cell, made when first asked for.
private final class TreeCache: @unchecked Sendable {
    private let lock = NSLock()
    private var trees: [[UInt32]?]

    init(count: Int) {
        trees = Array(repeating: nil, count: count)
    }

    func tree(_ root: Int, decode: () -> [UInt32]) -> [UInt32] {
        lock.lock()
        defer { lock.unlock() }
        if let tree = trees[root] {
            return tree
        }
        let tree = decode()
        trees[root] = tree
        return tree
    }
}

private struct ByteReader {
    let bytes: [UInt8]
    var position = 0

    mutating func byte() throws(TimeZoneGridError) -> UInt8 {
        guard position < bytes.count else { throw .truncated }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func bytes(_ count: Int) throws(TimeZoneGridError) -> [UInt8] {
        guard count >= 0, count <= bytes.count - position else { throw .truncated }
        defer { position += count }
        return Array(bytes[position..<(position + count)])
    }

    mutating func uint16() throws(TimeZoneGridError) -> UInt16 {
        let low = UInt16(try byte())
        return low | UInt16(try byte()) << 8
    }

    /// Unsigned LEB128.
    mutating func varint() throws(TimeZoneGridError) -> Int {
        var value = 0
        var shift = 0
        while true {
            let byte = try byte()
            guard shift < 56 else { throw .badHeader }
            value |= Int(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
    }

    mutating func string() throws(TimeZoneGridError) -> String {
        String(decoding: try bytes(try varint()), as: UTF8.self)
    }
}

/// Reads the bits of a byte range, most significant first.
private struct BitReader {
    let bytes: [UInt8]
    /// The bit positions of the range.
    private var position: Int
    private let end: Int

    init(bytes: [UInt8], range: Range<Int>) {
        self.bytes = bytes
        self.position = range.lowerBound * 8
        self.end = range.upperBound * 8
    }

    /// Whether only the zero-bits padding the last byte are left.
    var isAtPadding: Bool {
        end - position < 8 && (position..<end).allSatisfy { bytes[$0 >> 3] & (0x80 >> UInt8($0 & 7)) == 0 }
    }

    mutating func bit() throws(TimeZoneGridError) -> Bool {
        guard position < end else { throw .truncated }
        defer { position += 1 }
        return bytes[position >> 3] & (0x80 >> UInt8(position & 7)) != 0
    }

    mutating func value(width: Int) throws(TimeZoneGridError) -> Int {
        var value = 0
        for _ in 0..<width {
            value = value << 1 | (try bit() ? 1 : 0)
        }
        return value
    }
}

/// Base64 (RFC 4648, with padding), ignoring line breaks and the spaces that indent them.
enum Base64 {
    private static let values: [UInt8] = {
        var values = [UInt8](repeating: 0xFF, count: 256)
        for (value, character) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            values[Int(character)] = UInt8(value)
        }
        return values
    }()

    /// The bytes, or nil when a character is outside the alphabet or the length is wrong.
    ///
    /// Four characters of the alphabet in a row (all of a line but its break) are three bytes at
    /// once; anything else goes a character at a time. The embedded file is read at the first
    /// zone lookup of every process that shows opening hours, so this is on the path of a
    /// listing: a character at a time with a growing array, it was a tenth of one.
    static func decode(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        values.withUnsafeBufferPointer { values in
            var failed = false
            let bytes = [UInt8](unsafeUninitializedCapacity: text.count / 4 * 3 + 3) { output, written in
                var accumulator: UInt32 = 0
                var bitCount = 0
                var characters = 0
                var padding = 0
                var index = 0
                while index < text.count {
                    if bitCount == 0, padding == 0, index + 4 <= text.count {
                        let a = values[Int(text[index])]
                        let b = values[Int(text[index + 1])]
                        let c = values[Int(text[index + 2])]
                        let d = values[Int(text[index + 3])]
                        // 0xFF marks everything outside the alphabet: four values below 64 are
                        // four characters of it.
                        if (a | b | c | d) & 0xC0 == 0 {
                            let quad = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                            output[written] = UInt8(truncatingIfNeeded: quad >> 16)
                            output[written + 1] = UInt8(truncatingIfNeeded: quad >> 8)
                            output[written + 2] = UInt8(truncatingIfNeeded: quad)
                            written += 3
                            characters += 4
                            index += 4
                            continue
                        }
                    }
                    let character = text[index]
                    index += 1
                    switch character {
                    case UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: " "):
                        continue
                    case UInt8(ascii: "="):
                        padding += 1
                        characters += 1
                        continue
                    default:
                        break
                    }
                    let value = values[Int(character)]
                    guard value != 0xFF, padding == 0 else {
                        failed = true
                        return
                    }
                    characters += 1
                    accumulator = accumulator << 6 | UInt32(value)
                    bitCount += 6
                    if bitCount >= 8 {
                        bitCount -= 8
                        output[written] = UInt8(truncatingIfNeeded: accumulator >> UInt32(bitCount))
                        written += 1
                    }
                }
                failed = characters % 4 != 0 || padding > 2
            }
            return failed ? nil : bytes
        }
    }
}

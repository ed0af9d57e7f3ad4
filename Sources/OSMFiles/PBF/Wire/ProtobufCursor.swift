/// A forward-only reader of protobuf wire format over bytes it does not own, in the manner of
/// protozero: no message objects, no copies; fields are read in file order as the decoder asks.
///
/// Every read is checked against the end of the buffer and every length against what is
/// left, so malformed input ends in a ``WireError`` rather than a read out of bounds. The
/// cursor is only valid while the bytes it reads are alive (inside a `withUnsafeBytes`).
struct ProtobufCursor {
    /// How a field's value is written (the low three bits of its key).
    enum WireType: UInt8 {
        case varint = 0
        case fixed64 = 1
        case lengthDelimited = 2
        case startGroup = 3
        case endGroup = 4
        case fixed32 = 5
    }

    private let base: UnsafeRawPointer?
    /// Where the next read starts, from the start of the outermost buffer.
    private(set) var position: Int
    private let end: Int

    /// A cursor over all of `bytes`.
    init(_ bytes: UnsafeRawBufferPointer) {
        base = bytes.baseAddress
        position = 0
        end = bytes.count
    }

    private init(base: UnsafeRawPointer?, position: Int, end: Int) {
        self.base = base
        self.position = position
        self.end = end
    }

    /// Whether every byte has been read.
    var isAtEnd: Bool { position >= end }

    /// The bytes left.
    var remaining: Int { end - position }

    /// How many varints the bytes left hold, if they are all varints (a packed field): the
    /// bytes without the continuation bit.
    var varintsLeft: Int {
        guard let base, position < end else { return 0 }
        var count = 0
        for offset in position..<end where base.load(fromByteOffset: offset, as: UInt8.self) < 0x80 { count += 1 }
        return count
    }

    /// The next field's number and wire type, or `nil` at the end of the buffer.
    @inline(__always)
    mutating func nextField() throws(WireError) -> (number: UInt32, type: WireType)? {
        guard position < end else { return nil }
        let start = position
        let key = try varint()
        let number = key >> 3
        guard number > 0, number <= 0x1FFF_FFFF else { throw WireError("invalid field number \(number)", at: start) }
        guard let type = WireType(rawValue: UInt8(key & 7)) else {
            throw WireError("invalid wire type \(key & 7) for field \(number)", at: start)
        }
        return (UInt32(number), type)
    }

    /// A base-128 varint of at most ten bytes.
    @inline(__always)
    mutating func varint() throws(WireError) -> UInt64 {
        guard position < end, let base else { throw WireError("the data ends inside a number", at: position) }
        let first = base.load(fromByteOffset: position, as: UInt8.self)
        position &+= 1
        if first < 0x80 { return UInt64(first) }
        return try varintTail(first)
    }

    private mutating func varintTail(_ first: UInt8) throws(WireError) -> UInt64 {
        let start = position - 1
        var result = UInt64(first & 0x7F)
        var shift: UInt64 = 7
        while true {
            guard position < end, let base else { throw WireError("the data ends inside a number", at: start) }
            let byte = base.load(fromByteOffset: position, as: UInt8.self)
            position &+= 1
            if shift == 63, byte > 1 { throw WireError("a number is longer than 64 bits", at: start) }
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
            if shift > 63 { throw WireError("a number is longer than 64 bits", at: start) }
        }
    }

    /// A varint as a signed 64-bit integer (`int64`).
    @inline(__always)
    mutating func int64() throws(WireError) -> Int64 { Int64(bitPattern: try varint()) }

    /// A zigzag varint (`sint64`, `sint32`).
    @inline(__always)
    mutating func sint64() throws(WireError) -> Int64 { Self.zigzag(try varint()) }

    /// A varint that must fit 32 bits (`int32` as written by conforming writers, `uint32`).
    mutating func int32() throws(WireError) -> Int32 {
        let start = position
        let value = Int64(bitPattern: try varint())
        guard let result = Int32(exactly: value) else { throw WireError("a 32-bit field holds \(value)", at: start) }
        return result
    }

    /// A `bool`.
    mutating func bool() throws(WireError) -> Bool { try varint() != 0 }

    /// Decodes zigzag encoding: 0, -1, 1, -2… from 0, 1, 2, 3…
    @inline(__always)
    static func zigzag(_ value: UInt64) -> Int64 {
        Int64(bitPattern: (value >> 1) ^ (0 &- (value & 1)))
    }

    /// The length prefix of a length-delimited field, checked against the bytes left.
    private mutating func length() throws(WireError) -> Int {
        let start = position
        let length = try varint()
        guard length <= UInt64(end - position) else {
            throw WireError(
                "a field says it is \(length) bytes long, but only \(end - position) are left",
                at: start
            )
        }
        return Int(length)
    }

    /// A length-delimited field (an embedded message, packed numbers) as a cursor of its own,
    /// whose positions stay relative to the outermost buffer.
    mutating func message() throws(WireError) -> ProtobufCursor {
        let length = try length()
        let start = position
        position += length
        return ProtobufCursor(base: base, position: start, end: start + length)
    }

    /// A length-delimited field (`bytes`, `string`) as the bytes themselves.
    mutating func bytes() throws(WireError) -> UnsafeRawBufferPointer {
        let length = try length()
        let start = position
        position += length
        guard let base else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: base + start, count: length)
    }

    /// A length-delimited field as a `String` (invalid UTF-8 is repaired, as Swift does).
    mutating func string() throws(WireError) -> String {
        String(decoding: try bytes(), as: UTF8.self)
    }

    /// Passes over a field's value of the given wire type.
    mutating func skip(_ type: WireType) throws(WireError) {
        let start = position
        switch type {
        case .varint:
            _ = try varint()
        case .fixed64:
            guard end - position >= 8 else { throw WireError("the data ends inside a fixed64 field", at: start) }
            position += 8
        case .fixed32:
            guard end - position >= 4 else { throw WireError("the data ends inside a fixed32 field", at: start) }
            position += 4
        case .lengthDelimited:
            position += try length()
        case .startGroup, .endGroup:
            // Groups are deprecated and no OSM PBF message has one.
            throw WireError("unexpected group field", at: start)
        }
    }

    /// Checks that a field has the wire type its schema gives it.
    @inline(__always)
    func expect(_ type: WireType, is wanted: WireType, field: StaticString) throws(WireError) {
        guard type == wanted else { throw WireError("field \(field) has wire type \(type.rawValue)", at: position) }
    }
}

/// Malformed protobuf data: what was wrong, at which byte of the decoded buffer.
package struct WireError: Error, Hashable {
    package var reason: String
    package var position: Int

    package init(_ reason: String, at position: Int) {
        self.reason = reason
        self.position = position
    }
}

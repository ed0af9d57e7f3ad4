/// Writes protobuf wire format, for the tests' own PBF files.
package struct ProtobufWriter {
    package private(set) var bytes: [UInt8] = []

    package init() {}

    package mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    package mutating func key(_ field: UInt32, _ wireType: UInt8) {
        varint(UInt64(field) << 3 | UInt64(wireType))
    }

    package static func zigzag(_ value: Int64) -> UInt64 {
        UInt64(bitPattern: (value << 1) ^ (value >> 63))
    }

    /// A varint field (`int32`, `int64`, `uint32`, `bool`, enums).
    package mutating func int(_ field: UInt32, _ value: Int64) {
        key(field, 0)
        varint(UInt64(bitPattern: value))
    }

    /// A zigzag varint field (`sint32`, `sint64`).
    package mutating func sint(_ field: UInt32, _ value: Int64) {
        key(field, 0)
        varint(Self.zigzag(value))
    }

    /// A length-delimited field.
    package mutating func bytes(_ field: UInt32, _ value: [UInt8]) {
        key(field, 2)
        varint(UInt64(value.count))
        bytes += value
    }

    package mutating func string(_ field: UInt32, _ value: String) {
        bytes(field, Array(value.utf8))
    }

    /// An embedded message.
    package mutating func message(_ field: UInt32, _ build: (inout ProtobufWriter) -> Void) {
        var inner = ProtobufWriter()
        build(&inner)
        bytes(field, inner.bytes)
    }

    /// A packed repeated varint field.
    package mutating func packed(_ field: UInt32, _ values: [Int64]) {
        var inner = ProtobufWriter()
        for value in values { inner.varint(UInt64(bitPattern: value)) }
        bytes(field, inner.bytes)
    }

    /// A packed repeated zigzag field.
    package mutating func packedSigned(_ field: UInt32, _ values: [Int64]) {
        var inner = ProtobufWriter()
        for value in values { inner.varint(Self.zigzag(value)) }
        bytes(field, inner.bytes)
    }

    /// A packed repeated zigzag field, delta-coded.
    package mutating func packedDelta(_ field: UInt32, _ values: [Int64]) {
        var previous: Int64 = 0
        packedSigned(
            field,
            values.map { value in
                defer { previous = value }
                return value &- previous
            }
        )
    }

    /// Raw bytes, as they are.
    package mutating func raw(_ value: [UInt8]) {
        bytes += value
    }
}

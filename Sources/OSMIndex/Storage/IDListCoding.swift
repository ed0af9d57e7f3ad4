/// The id lists of the `update_*` tables and of the words (``OSMIndexSchema``): each id as a LEB128 varint of
/// the zigzag-coded difference from the one before (the first from 0), so that the nearby ids
/// of one way's nodes take a byte or two each.
enum IDListCoding {
    /// The blob of `ids`, in their order.
    static func encode(_ ids: [Int64]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(ids.count * 2)
        var previous: Int64 = 0
        for id in ids {
            appendDelta(id &- previous, to: &bytes)
            previous = id
        }
        return bytes
    }

    /// Appends one difference from the id before, zigzag-coded (the word lists are coded alike,
    /// ``WordIndexBuilder``).
    static func appendDelta(_ delta: Int64, to bytes: inout [UInt8]) {
        TagCoding.appendVarint(UInt64(bitPattern: (delta << 1) ^ (delta >> 63)), to: &bytes)
    }

    /// The ids of a blob; `nil` when it is damaged (a varint cut short).
    static func decode(_ bytes: UnsafeRawBufferPointer) -> [Int64]? {
        var ids: [Int64] = []
        var offset = 0
        var value: Int64 = 0
        while offset < bytes.count {
            guard let raw = TagCoding.readVarint(bytes, &offset) else { return nil }
            value &+= Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
            ids.append(value)
        }
        return ids
    }

    /// Appends the ids of a blob to `ids`, as far as they can be read (a search's hot path: no
    /// check, no new array).
    static func append(decoding bytes: UnsafeRawBufferPointer, to ids: inout [Int64]) {
        var offset = 0
        var value: Int64 = 0
        while offset < bytes.count, let raw = TagCoding.readVarint(bytes, &offset) {
            value &+= Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
            ids.append(value)
        }
    }

    /// The ids of a blob held in an array.
    static func decode(_ bytes: [UInt8]) -> [Int64]? {
        bytes.withUnsafeBytes { decode($0) }
    }
}

import OSMModel

/// The `venue.tags` blob: every tag of the element as `key id, value length, value bytes`
/// (both numbers LEB128 varints), in the element's order. Key ids refer to `tag_key`.
enum TagCoding {
    /// Appends `value` as an unsigned LEB128 varint.
    static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Reads an unsigned LEB128 varint at `offset`, advancing it; `nil` when malformed.
    static func readVarint(_ bytes: UnsafeRawBufferPointer, _ offset: inout Int) -> UInt64? {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count, shift < 64 {
            let byte = bytes[offset]
            offset += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
        }
        return nil
    }

    /// Decodes a blob into tags, naming keys with `key(id)`; `nil` when the blob is damaged or
    /// names an unknown key.
    /// With `keeping`, only the keys (by id) it accepts are named and kept.
    static func decode(
        _ bytes: UnsafeRawBufferPointer,
        keeping: ((Int) -> Bool)? = nil,
        key: (Int) -> String?
    ) -> OSMTags? {
        var tags = OSMTags()
        var offset = 0
        while offset < bytes.count {
            guard let id = readVarint(bytes, &offset), let length = readVarint(bytes, &offset),
                length <= UInt64(bytes.count - offset)
            else { return nil }
            if let keeping, !keeping(Int(id)) {
                offset += Int(length)
                continue
            }
            guard let name = key(Int(id)) else { return nil }
            let value = String(
                decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + Int(length)]),
                as: UTF8.self
            )
            offset += Int(length)
            tags.append(key: name, value: value)
        }
        return tags
    }
}

extension TagCoding {
    /// What a blob says of one key.
    enum Lookup: Equatable {
        /// The blob has no tag of that key.
        case absent
        /// The value of the key's first tag: where its UTF-8 bytes are in the blob.
        case found(Range<Int>)
        /// The blob is damaged before the key was found.
        case damaged
    }

    /// The value of the first tag of the key numbered `keyID` in a blob, found without decoding
    /// the other tags.
    static func lookUp(_ keyID: Int, in bytes: UnsafeRawBufferPointer) -> Lookup {
        var offset = 0
        while offset < bytes.count {
            guard let id = readVarint(bytes, &offset), let length = readVarint(bytes, &offset),
                length <= UInt64(bytes.count - offset)
            else { return .damaged }
            let end = offset + Int(length)
            if id == UInt64(keyID) { return .found(offset..<end) }
            offset = end
        }
        return .absent
    }
}

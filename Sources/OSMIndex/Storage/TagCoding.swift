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
    static func decode(_ bytes: UnsafeRawBufferPointer, key: (Int) -> String?) -> OSMTags? {
        var tags = OSMTags()
        var offset = 0
        while offset < bytes.count {
            guard let id = readVarint(bytes, &offset), let length = readVarint(bytes, &offset),
                length <= UInt64(bytes.count - offset), let name = key(Int(id))
            else { return nil }
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

/// Numbers tag keys as an import meets them, and encodes tags with those numbers.
struct TagKeyDictionary {
    private var ids: [String: Int] = [:]
    /// Keys numbered since the last ``takeNewKeys()``, for the `tag_key` table.
    private var fresh: [(id: Int, key: String)] = []

    /// The `venue.tags` blob of `tags`, numbering new keys.
    mutating func encode(_ tags: OSMTags) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(tags.pairs.count * 16)
        for pair in tags.pairs {
            let id: Int
            if let known = ids[pair.key] {
                id = known
            } else {
                id = ids.count + 1
                ids[pair.key] = id
                fresh.append((id, pair.key))
            }
            TagCoding.appendVarint(UInt64(id), to: &bytes)
            var value = pair.value
            value.withUTF8 { utf8 in
                TagCoding.appendVarint(UInt64(utf8.count), to: &bytes)
                bytes.append(contentsOf: utf8)
            }
        }
        return bytes
    }

    /// The keys numbered since the last call.
    mutating func takeNewKeys() -> [(id: Int, key: String)] {
        defer { fresh.removeAll() }
        return fresh
    }
}

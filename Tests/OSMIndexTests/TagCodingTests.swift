import Testing

@testable import OSMIndex

/// A tag's value found in a row's blob without decoding the others (``TagCoding/lookUp(_:in:)``).
@Suite("OSM index: a tag looked up in a row's blob")
struct TagCodingTests {
    /// A blob of `(key id, value)` pairs, coded as an import codes them.
    static func blob(_ pairs: [(Int, String)]) -> [UInt8] {
        var bytes: [UInt8] = []
        for (key, value) in pairs {
            TagCoding.appendVarint(UInt64(key), to: &bytes)
            TagCoding.appendVarint(UInt64(value.utf8.count), to: &bytes)
            bytes += Array(value.utf8)
        }
        return bytes
    }

    static func value(_ key: Int, in bytes: [UInt8]) -> String? {
        bytes.withUnsafeBytes { blob in
            guard case .found(let range) = TagCoding.lookUp(key, in: blob) else { return nil }
            return String(decoding: UnsafeRawBufferPointer(rebasing: blob[range]), as: UTF8.self)
        }
    }

    @Test func findsTheFirstValueOfTheKeyWhereverItIs() {
        let long = String(repeating: "Mo-Fr 09:00-17:00; ", count: 10) + "Sa off"
        let bytes = Self.blob([(1, "Kahvila"), (300, long), (7, ""), (2, "cafe"), (300, "later")])
        #expect(Self.value(1, in: bytes) == "Kahvila")
        // A key id and a length of two bytes each.
        #expect(Self.value(300, in: bytes) == long)
        #expect(Self.value(7, in: bytes) == "")
        #expect(Self.value(2, in: bytes) == "cafe")
        #expect(bytes.withUnsafeBytes { TagCoding.lookUp(8, in: $0) } == .absent)
        #expect([UInt8]().withUnsafeBytes { TagCoding.lookUp(1, in: $0) } == .absent)
    }

    @Test func aDamagedBlobIsSaidToBeDamaged() {
        let bytes = Self.blob([(1, "Kahvila"), (2, "cafe")])
        // Cut inside the second value: the first is still found, the second not.
        let cut = Array(bytes.dropLast(2))
        #expect(Self.value(1, in: cut) == "Kahvila")
        #expect(cut.withUnsafeBytes { TagCoding.lookUp(2, in: $0) } == .damaged)
        // A varint that never ends.
        #expect([UInt8]([0x81, 0x82, 0x83]).withUnsafeBytes { TagCoding.lookUp(1, in: $0) } == .damaged)
    }
}

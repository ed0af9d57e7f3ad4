/// Numbers distinct strings 0, 1, 2, … in the order first seen.
///
/// Looks strings up by a 64-bit FNV-1a hash of their UTF-8 bytes (cheaper than `String`'s
/// own hashing) and confirms each hit byte for byte, so a hash collision costs a slower
/// lookup, never a wrong id. Strings are compared as bytes: two spellings of one text in
/// different Unicode normal forms get different ids (the deduplicator interns normalised
/// text, which has one spelling).
struct StringInterner {
    private var ids: [UInt64: Int32] = [:]
    /// Strings whose hash an earlier, different string already has.
    private var collided: [String: Int32] = [:]
    private(set) var strings: [String] = []

    init(capacity: Int = 0) {
        ids.reserveCapacity(capacity)
        strings.reserveCapacity(capacity)
    }

    var count: Int { strings.count }

    /// The string's id, and whether it was new.
    mutating func intern(_ string: String) -> (id: Int32, isNew: Bool) {
        let hash = Self.hash(string)
        if let known = ids[hash] {
            if strings[Int(known)].utf8.elementsEqual(string.utf8) { return (known, false) }
            if let other = collided[string] { return (other, false) }
            let id = Int32(strings.count)
            collided[string] = id
            strings.append(string)
            return (id, true)
        }
        let id = Int32(strings.count)
        ids[hash] = id
        strings.append(string)
        return (id, true)
    }

    /// 64-bit FNV-1a of the UTF-8 bytes.
    static func hash(_ string: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in string.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }
}

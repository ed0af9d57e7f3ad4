import Foundation

/// Numbers distinct strings 0, 1, 2, … in the order first seen.
///
/// An open-addressing table keyed by a 64-bit FNV-1a hash (``FNV1a``) of the strings' UTF-8
/// bytes: cheaper than `String`'s own hashing, and than a `Dictionary`, which hashes even an
/// integer key again. A lookup compares the stored hash, then the bytes, so a hash collision costs a longer
/// probe, never a wrong id. Strings are compared as bytes: two spellings of one text in
/// different Unicode normal forms get different ids (the deduplicator interns normalised text,
/// which has one spelling).
struct StringInterner {
    /// Per slot: the id of the string stored there, or -1; a power of two long, at most half full.
    private var slots: [Int32]
    /// Per id: its string's hash.
    private var hashes: [UInt64] = []
    private(set) var strings: [String] = []

    init(capacity: Int = 0) {
        var size = 16
        while size < 2 * capacity { size *= 2 }
        slots = [Int32](repeating: -1, count: size)
        hashes.reserveCapacity(capacity)
        strings.reserveCapacity(capacity)
    }

    var count: Int { strings.count }

    /// The string's id, and whether it was new.
    mutating func intern(_ string: String) -> (id: Int32, isNew: Bool) {
        let hash = Self.hash(string)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let id = slots[slot]
            if id < 0 { break }
            if hashes[Int(id)] == hash, Self.sameBytes(strings[Int(id)], string) { return (id, false) }
            slot = (slot + 1) & mask
        }
        let id = Int32(strings.count)
        slots[slot] = id
        hashes.append(hash)
        strings.append(string)
        if 2 * strings.count > slots.count { grow() }
        return (id, true)
    }

    /// Doubles the table and puts every id back.
    private mutating func grow() {
        slots = [Int32](repeating: -1, count: 2 * slots.count)
        let mask = slots.count - 1
        for (id, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(id)
        }
    }

    /// ``FNV1a`` of the UTF-8 bytes, its high bits folded into the low ones (which pick the slot).
    static func hash(_ string: String) -> UInt64 {
        var hash = FNV1a()
        hash.add(string)
        return hash.value ^ (hash.value >> 32)
    }

    /// Whether two strings have the same UTF-8 bytes (`==` compares canonical equivalence).
    private static func sameBytes(_ a: String, _ b: String) -> Bool {
        let (first, second) = (a.utf8, b.utf8)
        guard first.count == second.count else { return false }
        return first.withContiguousStorageIfAvailable { x in
            second.withContiguousStorageIfAvailable { y in
                x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0
            }
        }.flatMap { $0 } ?? first.elementsEqual(second)
    }
}

import Foundation
import OSMModel

/// Numbers tag keys as an import meets them (`tag_key.id`), and says which keys the category
/// rules read.
///
/// Every tag of every venue is looked up here, so keys are found by their UTF-8 bytes in an
/// open-addressing table with an FNV-1a hash. A `Dictionary<String, Int>` (SipHash with a
/// per-process seed, then a string comparison) cost several times more per key.
struct TagKeyTable {
    /// What an import knows about one key.
    struct Key {
        /// `tag_key.id`, from 1.
        var id: Int
        /// The index of the key among the category rules' keys (``VenueRules/maskTableIndex(of:)``), or `nil`.
        var maskTable: Int?
    }

    /// For each slot, the index in `keys` plus one; 0 when empty.
    private var slots = [Int32](repeating: 0, count: 1024)
    private var keys: [Key] = []
    /// The keys' UTF-8 bytes, one after the other; `ends[i]` is where key `i` ends.
    private var bytes: [UInt8] = []
    private var ends: [Int] = []
    /// Keys numbered since the last ``takeNewKeys()``, for the `tag_key` table.
    private var fresh: [(id: Int, key: String)] = []

    /// An empty table: the first key is numbered 1.
    init() {}

    /// A table that holds `keys` already, numbered from 1 in their order (an index's `tag_key`
    /// rows by id), so that new keys are numbered after them. None of them is a new key.
    init(numbered keys: [String]) {
        for key in keys { _ = self.key(key) }
        fresh.removeAll()
    }

    /// The key `key`, numbered now when it is new.
    mutating func key(_ key: String) -> Key {
        var text = key
        return text.withUTF8 { utf8 in find(utf8) ?? insert(key, utf8) }
    }

    /// The keys numbered since the last call.
    mutating func takeNewKeys() -> [(id: Int, key: String)] {
        defer { fresh.removeAll() }
        return fresh
    }

    private func find(_ utf8: UnsafeBufferPointer<UInt8>) -> Key? {
        let mask = slots.count - 1
        var slot = Self.hash(utf8) & mask
        while true {
            let entry = Int(slots[slot])
            guard entry != 0 else { return nil }
            if storedBytesEqual(entry - 1, utf8) { return keys[entry - 1] }
            slot = (slot + 1) & mask
        }
    }

    private mutating func insert(_ key: String, _ utf8: UnsafeBufferPointer<UInt8>) -> Key {
        let entry = Key(
            id: keys.count + 1,
            maskTable: VenueRules.maskTableIndex(of: key)
        )
        keys.append(entry)
        bytes.append(contentsOf: utf8)
        ends.append(bytes.count)
        fresh.append((entry.id, key))
        if keys.count * 2 > slots.count {
            rehash(capacity: slots.count * 2)
        } else {
            place(keys.count - 1, hash: Self.hash(utf8))
        }
        return entry
    }

    private mutating func rehash(capacity: Int) {
        slots = [Int32](repeating: 0, count: capacity)
        for index in keys.indices {
            let hash = storedBytes(index) { Self.hash($0) }
            place(index, hash: hash)
        }
    }

    private mutating func place(_ index: Int, hash: Int) {
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(index + 1)
    }

    private func storedBytes<Result>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let start = index == 0 ? 0 : ends[index - 1]
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<ends[index]])) }
    }

    private func storedBytesEqual(_ index: Int, _ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        storedBytes(index) { stored in
            stored.count == utf8.count
                && (stored.count == 0 || memcmp(stored.baseAddress!, utf8.baseAddress!, stored.count) == 0)
        }
    }

    /// FNV-1a (64-bit) of the bytes.
    private static func hash(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }
}

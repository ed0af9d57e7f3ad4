import Foundation

/// The tags of one OSM element, in document order.
///
/// A linear list: elements carry a handful of tags, so a search beats hashing.
struct OSMTags: Sendable, Hashable {
    /// Key–value pairs as they appeared.
    var pairs: [Pair] = []

    /// One `<tag k v/>`.
    struct Pair: Sendable, Hashable {
        var key: String
        var value: String
    }

    /// The value for a key, if the element has it.
    subscript(key: String) -> String? {
        for pair in pairs where pair.key == key { return pair.value }
        return nil
    }

    /// The first non-empty value among the keys, trimmed.
    func first(_ keys: String...) -> String? {
        for key in keys {
            if let value = self[key]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty {
                return value
            }
        }
        return nil
    }

    var isEmpty: Bool { pairs.isEmpty }

    /// A copy with its own exactly sized storage (see ``OSMExtractSearch``).
    func compacted() -> OSMTags {
        OSMTags(pairs: pairs.withUnsafeBufferPointer { Array($0) })
    }

    mutating func removeAll() { pairs.removeAll(keepingCapacity: true) }

    mutating func append(key: String, value: String) { pairs.append(Pair(key: key, value: value)) }
}

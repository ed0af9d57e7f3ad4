import Foundation

/// The tags of one OSM element, in document order.
///
/// A linear list: elements carry a handful of tags, so a search beats hashing.
package struct OSMTags: Sendable, Hashable {
    /// Key–value pairs as they appeared.
    package var pairs: [Pair] = []

    /// One `<tag k v/>`.
    package struct Pair: Sendable, Hashable {
        package var key: String
        package var value: String

        package init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    /// Tags from key–value pairs in document order.
    package init(pairs: [Pair] = []) {
        self.pairs = pairs
    }

    /// The value for a key, if the element has it.
    package subscript(key: String) -> String? {
        for pair in pairs where pair.key == key { return pair.value }
        return nil
    }

    /// The first non-empty value among the keys, trimmed.
    package func first(_ keys: String...) -> String? {
        for key in keys {
            if let value = self[key].map({ Self.trimmed($0) }), !value.isEmpty { return value }
        }
        return nil
    }

    /// The value without white space at either end; most values have none, and are returned
    /// as they are without the cost of Foundation's trimming.
    package static func trimmed(_ value: some StringProtocol) -> String {
        guard let first = value.unicodeScalars.first, let last = value.unicodeScalars.last,
            first.properties.isWhitespace || last.properties.isWhitespace
        else { return String(value) }
        return value.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    package var isEmpty: Bool { pairs.isEmpty }

    /// A copy with its own exactly sized storage (see ``OSMExtractSearch``).
    package func compacted() -> OSMTags {
        OSMTags(pairs: pairs.withUnsafeBufferPointer { Array($0) })
    }

    package mutating func removeAll() { pairs.removeAll(keepingCapacity: true) }

    package mutating func append(key: String, value: String) { pairs.append(Pair(key: key, value: value)) }
}

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
            if let value = self[key].map(Self.trimmed), !value.isEmpty {
                return value
            }
        }
        return nil
    }

    /// The value without leading and trailing white space and newlines. Most values have none:
    /// those whose first and last characters are plain ASCII non-space are returned as they
    /// are, without Foundation's trimming (every venue found goes through here).
    static func trimmed(_ value: String) -> String {
        guard let first = value.utf8.first, let last = value.utf8.last, isPlainASCII(first), isPlainASCII(last)
        else { return value.trimmingCharacters(in: .whitespacesAndNewlines) }
        return value
    }

    /// An ASCII byte that is not white space or a newline (tab, line feed, vertical tab, form
    /// feed, carriage return, space: the ASCII members of `whitespacesAndNewlines`).
    private static func isPlainASCII(_ byte: UInt8) -> Bool {
        byte < 0x80 && byte != 0x20 && !(0x09...0x0D).contains(byte)
    }

    package var isEmpty: Bool { pairs.isEmpty }

    /// A copy with its own exactly sized storage (see ``OSMExtractSearch``).
    package func compacted() -> OSMTags {
        OSMTags(pairs: pairs.withUnsafeBufferPointer { Array($0) })
    }

    package mutating func removeAll() { pairs.removeAll(keepingCapacity: true) }

    package mutating func append(key: String, value: String) { pairs.append(Pair(key: key, value: value)) }
}

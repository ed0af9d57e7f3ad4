import Foundation
import OSMModel

/// The venue ways and relations of an import, set aside until every node has gone by and they
/// can be placed: their row (all but the position) and their node and member-way references,
/// in an unlinked temporary file, so that a country's buildings do not sit in memory.
final class PendingElementStore {
    /// One way or relation waiting for its position.
    struct Element {
        var kind: OSMElement.Kind
        var id: Int64
        var categories: Int64
        var search: String
        var tags: [UInt8]
        /// A way's nodes, or a relation's member nodes.
        var nodes: [Int64]
        /// A relation's member ways.
        var ways: [Int64]
    }

    private let file: SpillFile
    /// Elements stored.
    private(set) var count = 0

    init(directory: URL) throws(OSMIndexError) {
        file = try SpillFile(directory: directory)
    }

    func append(_ element: Element) throws(OSMIndexError) {
        try file.append(element.kind.rawValue)
        try file.appendSignedVarint(element.id)
        try file.appendVarint(UInt64(bitPattern: element.categories))
        let search = Array(element.search.utf8)
        try file.appendVarint(UInt64(search.count))
        try file.append(contentsOf: search)
        try file.appendVarint(UInt64(element.tags.count))
        try file.append(contentsOf: element.tags)
        for list in [element.nodes, element.ways] {
            try file.appendVarint(UInt64(list.count))
            var previous: Int64 = 0
            for value in list {
                try file.appendSignedVarint(value &- previous)
                previous = value
            }
        }
        count += 1
    }

    /// Calls `body` with every element, in the order they were appended.
    func forEachElement(_ body: (Element) throws(OSMIndexError) -> Void) throws(OSMIndexError) {
        var reader = try file.reader()
        for _ in 0..<count {
            guard let kind = OSMElement.Kind(rawValue: try reader.byte()) else {
                throw .temporaryFiles("a damaged element")
            }
            let id = try reader.signedVarint()
            let categories = Int64(bitPattern: try reader.varint())
            let search = String(decoding: try reader.bytes(Int(try reader.varint())), as: UTF8.self)
            let tags = try reader.bytes(Int(try reader.varint()))
            var lists: [[Int64]] = []
            for _ in 0..<2 {
                let length = Int(try reader.varint())
                var list: [Int64] = []
                list.reserveCapacity(length)
                var value: Int64 = 0
                for _ in 0..<length {
                    value &+= try reader.signedVarint()
                    list.append(value)
                }
                lists.append(list)
            }
            try body(
                Element(
                    kind: kind,
                    id: id,
                    categories: categories,
                    search: search,
                    tags: tags,
                    nodes: lists[0],
                    ways: lists[1]
                )
            )
        }
    }
}

@available(*, unavailable)
extension PendingElementStore: Sendable {}

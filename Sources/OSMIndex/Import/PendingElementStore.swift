import Foundation
import OSMModel
import OSMSpill

/// The venue ways and relations of an import, set aside until every node has gone by and they
/// can be placed: their tags and their node and member-way references, in an unlinked temporary
/// file, so that a country's buildings do not sit in memory.
final class PendingElementStore {
    /// One way or relation waiting for its position.
    struct Element {
        var kind: OSMElement.Kind
        var id: Int64
        var tags: OSMTags
        /// A way's nodes, or a relation's member nodes.
        var nodes: [Int64]
        /// A relation's member ways.
        var ways: [Int64]
    }

    private let file: SpillFile
    /// Elements stored.
    private(set) var count = 0

    init(directory: URL) throws(OSMFileError) {
        file = try SpillFile(directory: directory)
    }

    func append(_ element: Element) throws(OSMFileError) {
        try file.append(element.kind.rawValue)
        try file.appendSignedVarint(element.id)
        try file.appendVarint(UInt64(element.tags.pairs.count))
        for pair in element.tags.pairs {
            for text in [pair.key, pair.value] {
                let bytes = Array(text.utf8)
                try file.appendVarint(UInt64(bytes.count))
                try file.append(contentsOf: bytes)
            }
        }
        try file.appendIDList(element.nodes)
        try file.appendIDList(element.ways)
        count += 1
    }

    /// Calls `body` with every element, in the order they were appended.
    func forEachElement(_ body: (Element) throws(OSMFileError) -> Void) throws(OSMFileError) {
        var reader = try file.reader()
        for _ in 0..<count {
            guard let kind = OSMElement.Kind(rawValue: try reader.byte()) else {
                throw .temporaryFile("a damaged element")
            }
            let id = try reader.signedVarint()
            var tags = OSMTags()
            for _ in 0..<Int(try reader.varint()) {
                let key = String(decoding: try reader.bytes(Int(try reader.varint())), as: UTF8.self)
                let value = String(decoding: try reader.bytes(Int(try reader.varint())), as: UTF8.self)
                tags.append(key: key, value: value)
            }
            let nodes = try reader.idList()
            let ways = try reader.idList()
            try body(
                Element(
                    kind: kind,
                    id: id,
                    tags: tags,
                    nodes: nodes,
                    ways: ways
                )
            )
        }
    }
}

@available(*, unavailable)
extension PendingElementStore: Sendable {}

package import Foundation
package import OSMModel

/// Every way's node list, set aside during a pass over an OSM file because a relation (which comes after the
/// ways) may have any way as a member. Stored compactly in an unlinked temporary file (ids as
/// differences, zig-zag varints: a few bytes per node) and read back once, for the member ways
/// of the relations kept.
package final class WayNodeListStore {
    private let file: SpillFile
    private var lastID: Int64 = 0
    /// Ways stored.
    package private(set) var count = 0

    package init(directory: URL) throws(OSMFileError) {
        file = try SpillFile(directory: directory)
    }

    /// Appends a way's node list.
    package func append(id: Int64, nodes: [Int64]) throws(OSMFileError) {
        try file.appendSignedVarint(id &- lastID)
        lastID = id
        try file.appendIDList(nodes)
        count += 1
    }

    /// The node lists of the wanted ways (sorted, without duplicates) that the file had.
    package func nodeLists(of wanted: [Int64]) throws(OSMFileError) -> [Int64: [Int64]] {
        var result: [Int64: [Int64]] = [:]
        guard !wanted.isEmpty else { return result }
        var reader = try file.reader()
        var id: Int64 = 0
        for _ in 0..<count {
            id &+= try reader.signedVarint()
            let keep = wanted.sortedContains(id)
            let nodes = try reader.idList(keeping: keep)
            if keep { result[id] = nodes }
        }
        return result
    }

    /// Bytes of the temporary file.
    package var size: Int { file.size }
}

@available(*, unavailable)
extension WayNodeListStore: Sendable {}

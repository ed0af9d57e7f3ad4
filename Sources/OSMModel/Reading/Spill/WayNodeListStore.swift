package import Foundation

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
        try file.appendVarint(UInt64(nodes.count))
        var previous: Int64 = 0
        for node in nodes {
            try file.appendSignedVarint(node &- previous)
            previous = node
        }
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
            let length = Int(try reader.varint())
            let keep = binarySearch(wanted, id)
            var nodes: [Int64] = []
            if keep { nodes.reserveCapacity(length) }
            var node: Int64 = 0
            for _ in 0..<length {
                node &+= try reader.signedVarint()
                if keep { nodes.append(node) }
            }
            if keep { result[id] = nodes }
        }
        return result
    }

    /// Bytes of the temporary file.
    package var size: Int { file.size }
}

@available(*, unavailable)
extension WayNodeListStore: Sendable {}

/// Whether a sorted array holds `value`.
private func binarySearch(_ sorted: [Int64], _ value: Int64) -> Bool {
    var low = 0
    var high = sorted.count
    while low < high {
        let middle = (low + high) / 2
        if sorted[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low < sorted.count && sorted[low] == value
}

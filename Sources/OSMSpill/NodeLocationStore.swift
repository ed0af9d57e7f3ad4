package import Foundation
package import OSMModel

/// Every node's position, set aside during a pass over an OSM file (an import, a search of an
/// extract) so that ways and relations can be placed once all nodes have gone by, without
/// holding a country's nodes in memory.
///
/// Nodes are appended to an unlinked temporary file as 16-byte records (id, latitude and
/// longitude in 1e-7 degrees: OSM's own precision). ``seal()`` maps the file into memory
/// (sorting the records by id first when the file did not list nodes in id order), and
/// ``position(of:)`` finds a node by binary search. The kernel pages the file in and out as
/// needed: memory is bounded by what is looked up, not by the file.
package final class NodeLocationStore {
    struct Record {
        var id: Int64
        var latitude: Int32
        var longitude: Int32
    }

    private let file: SpillFile
    private var pending: [Record] = []
    private var lastID = Int64.min
    /// Whether every node had a larger id than the one before.
    package private(set) var isSorted = true
    /// Nodes stored.
    package private(set) var count = 0
    private var mapping: UnsafeMutableRawPointer?
    private var records = UnsafeBufferPointer<Record>(start: nil, count: 0)

    package init(directory: URL) throws(OSMFileError) {
        file = try SpillFile(directory: directory)
        pending.reserveCapacity(1 << 16)
    }

    deinit {
        if let mapping { munmap(mapping, count * MemoryLayout<Record>.stride) }
    }

    /// Appends a node.
    package func append(id: Int64, latitude: Int32, longitude: Int32) throws(OSMFileError) {
        if id <= lastID { isSorted = false }
        lastID = id
        pending.append(Record(id: id, latitude: latitude, longitude: longitude))
        count += 1
        if pending.count == pending.capacity { try writePending() }
    }

    private func writePending() throws(OSMFileError) {
        let written = pending.withUnsafeBytes { bytes in
            Result { () throws(OSMFileError) in try file.append(contentsOf: bytes) }
        }
        try written.get()
        pending.removeAll(keepingCapacity: true)
    }

    /// Ends appending: maps the records and sorts them by id if they were not.
    package func seal() throws(OSMFileError) {
        try writePending()
        try file.flush()
        guard count > 0 else { return }
        let length = count * MemoryLayout<Record>.stride
        guard let address = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, file.descriptor, 0),
            address != MAP_FAILED
        else {
            throw .temporaryFile(
                "cannot map node positions: \(String(cString: strerror(errno)))"
            )
        }
        mapping = address
        let typed = address.bindMemory(to: Record.self, capacity: count)
        if !isSorted {
            var buffer = UnsafeMutableBufferPointer(start: typed, count: count)
            buffer.sort { $0.id < $1.id }
        }
        madvise(address, length, MADV_RANDOM)
        records = UnsafeBufferPointer(start: typed, count: count)
    }

    /// A node's position in 1e-7 degrees, when the file had the node (after ``seal()``).
    package func position(of id: Int64) -> (latitude: Int32, longitude: Int32)? {
        var low = 0
        var high = records.count
        while low < high {
            let middle = (low + high) / 2
            if records[middle].id < id { low = middle + 1 } else { high = middle }
        }
        guard low < records.count, records[low].id == id else { return nil }
        return (records[low].latitude, records[low].longitude)
    }

    /// Lets the kernel take back the mapped pages looked up so far: they stay in the page cache
    /// (a later lookup maps them again, a minor fault), but stop counting towards the import's
    /// own memory. Placing a country's ways touches most of the file otherwise (109 MB of
    /// 160 MB on the 4M-venue benchmark).
    package func dropResidentPages() {
        guard let mapping else { return }
        madvise(mapping, count * MemoryLayout<Record>.stride, MADV_DONTNEED)
    }

    /// Unmaps the records: no lookups after this.
    package func release() {
        guard let mapping else { return }
        munmap(mapping, count * MemoryLayout<Record>.stride)
        self.mapping = nil
        records = UnsafeBufferPointer(start: nil, count: 0)
    }

    /// Bytes of the temporary file.
    package var size: Int { file.size }
}

@available(*, unavailable)
extension NodeLocationStore: Sendable {}

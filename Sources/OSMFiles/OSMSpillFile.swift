import Foundation
package import VenuesCore

/// An anonymous temporary file that the first pass over a local extract writes every node's
/// coordinates (and every way's node list) to, so that positions can be looked up afterwards
/// without keeping them in memory and without reading the XML again.
///
/// Records are appended in document order and read back by one sequential merge scan against
/// a sorted list of wanted ids, which requires the document to list ids in ascending order
/// (as `osmium` and planet extracts do); ``isSortedByID`` tells whether it did. The file is
/// unlinked as soon as it is created, so it disappears with the process.
///
/// Layout: nodes are 16 bytes (`Int64` id, `Int32` latitude and longitude in 1e-7 degrees,
/// the precision of OSM); ways are an `Int64` id, an `Int32` count, then `Int64` node ids.
package final class OSMSpillFile {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var lastID = Int64.min
    private static let flushSize = 1 << 20

    /// Whether every record so far had a larger id than the one before.
    package private(set) var isSortedByID = true
    /// Records written.
    package private(set) var count = 0
    /// Bytes written.
    package private(set) var size = 0

    package init() throws(ProviderError) {
        var template = Array((NSTemporaryDirectory() + "/venues-osm-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw .unreachable("cannot create a temporary file: \(String(cString: strerror(errno)))")
        }
        _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
        self.descriptor = descriptor
        buffer.reserveCapacity(Self.flushSize + 4096)
    }

    deinit {
        close(descriptor)
    }

    /// Appends a node.
    package func appendNode(id: Int64, latitude: Double, longitude: Double) throws(ProviderError) {
        noteID(id)
        append(id)
        append(Int32((latitude * 1e7).rounded()))
        append(Int32((longitude * 1e7).rounded()))
        try flushIfFull()
    }

    /// Appends a way's node list.
    package func appendWay(id: Int64, nodes: [Int64]) throws(ProviderError) {
        noteID(id)
        append(id)
        append(Int32(nodes.count))
        for node in nodes { append(node) }
        try flushIfFull()
    }

    /// The positions of the wanted nodes found in a node spill. `wanted` must be sorted.
    package func positions(of wanted: [Int64]) throws(ProviderError) -> [Int64: (latitude: Double, longitude: Double)] {
        var result: [Int64: (latitude: Double, longitude: Double)] = [:]
        result.reserveCapacity(wanted.count)
        var next = 0
        try scan { reader throws(ProviderError) in
            guard let id = try reader.int64() else { return false }
            let latitude = try reader.int32()
            let longitude = try reader.int32()
            while next < wanted.count, wanted[next] < id { next += 1 }
            if next < wanted.count, wanted[next] == id {
                result[id] = (Double(latitude) / 1e7, Double(longitude) / 1e7)
                next += 1
            }
            return next < wanted.count
        }
        return result
    }

    /// The node lists of the wanted ways found in a way spill. `wanted` must be sorted.
    package func nodeLists(of wanted: [Int64]) throws(ProviderError) -> [Int64: [Int64]] {
        var result: [Int64: [Int64]] = [:]
        var next = 0
        try scan { reader throws(ProviderError) in
            guard let id = try reader.int64() else { return false }
            let count = Int(try reader.int32())
            while next < wanted.count, wanted[next] < id { next += 1 }
            if next < wanted.count, wanted[next] == id {
                var nodes: [Int64] = []
                nodes.reserveCapacity(count)
                for _ in 0..<count { nodes.append(try reader.int64() ?? 0) }
                result[id] = nodes
                next += 1
            } else {
                try reader.skip(count * 8)
            }
            return next < wanted.count
        }
        return result
    }

    // MARK: Writing

    private func noteID(_ id: Int64) {
        if id <= lastID { isSortedByID = false }
        lastID = id
        count += 1
    }

    private func append<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { buffer.append(contentsOf: $0) }
    }

    private func flushIfFull() throws(ProviderError) {
        if buffer.count >= Self.flushSize { try flush() }
    }

    /// Writes what is buffered.
    package func flush() throws(ProviderError) {
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            guard written > 0 else {
                throw .unreachable("cannot write a temporary file: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
        size += buffer.count
        buffer.removeAll(keepingCapacity: true)
    }

    // MARK: Reading

    /// Reads the file from the start in chunks; `record` reads one record and says whether
    /// to go on.
    private func scan(_ record: (inout ChunkReader) throws(ProviderError) -> Bool) throws(ProviderError) {
        try flush()
        var reader = ChunkReader(descriptor: descriptor)
        while try record(&reader) {}
    }

    /// Sequential little-endian reads through a 1 MiB window.
    private struct ChunkReader {
        let descriptor: Int32
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var start = 0
        var end = 0
        var fileOffset: off_t = 0

        init(descriptor: Int32) {
            self.descriptor = descriptor
        }

        /// Makes `count` bytes available; false at the end of the file.
        mutating func fill(_ count: Int) throws(ProviderError) -> Bool {
            if end - start >= count { return true }
            let remaining = end - start
            chunk.withUnsafeMutableBytes { bytes in
                bytes.baseAddress!.copyMemory(from: bytes.baseAddress! + start, byteCount: remaining)
            }
            start = 0
            end = remaining
            while end < count {
                let read = chunk.withUnsafeMutableBytes { bytes in
                    pread(descriptor, bytes.baseAddress! + end, bytes.count - end, fileOffset)
                }
                if read < 0 {
                    throw .unreachable("cannot read a temporary file: \(String(cString: strerror(errno)))")
                }
                if read == 0 { return false }
                end += read
                fileOffset += off_t(read)
            }
            return true
        }

        mutating func int64() throws(ProviderError) -> Int64? {
            guard try fill(8) else { return nil }
            let value = chunk.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: start, as: Int64.self) }
            start += 8
            return Int64(littleEndian: value)
        }

        mutating func int32() throws(ProviderError) -> Int32 {
            guard try fill(4) else { throw .invalidResponse("temporary file truncated") }
            let value = chunk.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: start, as: Int32.self) }
            start += 4
            return Int32(littleEndian: value)
        }

        mutating func skip(_ count: Int) throws(ProviderError) {
            var left = count
            while left > 0 {
                guard try fill(1) else { throw .invalidResponse("temporary file truncated") }
                let step = min(left, end - start)
                start += step
                left -= step
            }
        }
    }
}

@available(*, unavailable)
extension OSMSpillFile: Sendable {}

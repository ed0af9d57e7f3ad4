package import Foundation
package import OSMModel

/// The one spill file of a pass over an OSM file: an anonymous temporary file for what the pass
/// sets aside until the end (node positions, way node lists, the import's ways and relations to
/// place), appended to through a buffer and read back sequentially. It is unlinked as soon as it
/// is made, so it disappears with the process, whatever happens. An import makes it beside the
/// index being written (the disk that has room for it), a search of an extract in the temporary
/// folder.
package final class SpillFile {
    package let descriptor: Int32
    /// Where the file lives, for messages.
    private let directory: String
    private var buffer: [UInt8] = []
    private static let flushSize = 1 << 20
    /// Bytes written (including those still buffered).
    package private(set) var size = 0

    package init(directory: URL) throws(OSMFileError) {
        var template = Array((directory.path + "/.venues-spill-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw .temporaryFile("cannot create one in \(directory.path): \(String(cString: strerror(errno)))")
        }
        _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
        self.descriptor = descriptor
        self.directory = directory.path
        buffer.reserveCapacity(Self.flushSize + 4096)
    }

    deinit {
        close(descriptor)
    }

    package func append(_ byte: UInt8) throws(OSMFileError) {
        buffer.append(byte)
        size += 1
        if buffer.count >= Self.flushSize { try flush() }
    }

    package func append<Bytes: Collection<UInt8>>(contentsOf bytes: Bytes) throws(OSMFileError) {
        buffer.append(contentsOf: bytes)
        size += bytes.count
        if buffer.count >= Self.flushSize { try flush() }
    }

    package func appendVarint(_ value: UInt64) throws(OSMFileError) {
        var rest = value
        while rest >= 0x80 {
            buffer.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            size += 1
            rest >>= 7
        }
        buffer.append(UInt8(rest))
        size += 1
        if buffer.count >= Self.flushSize { try flush() }
    }

    /// A signed number as a zig-zag varint (small magnitudes, either sign, in few bytes).
    package func appendSignedVarint(_ value: Int64) throws(OSMFileError) {
        try appendVarint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    /// A list of ids: its length, then each id as its difference from the one before (zig-zag
    /// varints: a few bytes each for the nearby ids of a way or a relation). Read back with
    /// ``SpillReader/idList(keeping:)``.
    package func appendIDList(_ ids: [Int64]) throws(OSMFileError) {
        try appendVarint(UInt64(ids.count))
        var previous: Int64 = 0
        for id in ids {
            try appendSignedVarint(id &- previous)
            previous = id
        }
    }

    /// Writes what is buffered.
    package func flush() throws(OSMFileError) {
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { bytes in
                Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                throw .temporaryFile(
                    "cannot write in \(directory): \(String(cString: strerror(errno)))"
                )
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// A reader from the start of the file (after flushing).
    package func reader() throws(OSMFileError) -> SpillReader {
        try flush()
        return SpillReader(descriptor: descriptor, size: size)
    }
}

@available(*, unavailable)
extension SpillFile: Sendable {}

/// Sequential reads of a ``SpillFile`` through a 1 MiB window.
package struct SpillReader {
    private let descriptor: Int32
    private let size: Int
    private var chunk = [UInt8](repeating: 0, count: 1 << 20)
    private var start = 0
    private var end = 0
    private var fileOffset = 0

    package init(descriptor: Int32, size: Int) {
        self.descriptor = descriptor
        self.size = size
    }

    /// Whether every byte has been read.
    package var isAtEnd: Bool { start == end && fileOffset >= size }

    private mutating func fill() throws(OSMFileError) {
        guard start == end else { return }
        let count = chunk.withUnsafeMutableBytes { bytes in
            pread(descriptor, bytes.baseAddress!, min(bytes.count, size - fileOffset), off_t(fileOffset))
        }
        guard count > 0 else {
            throw .temporaryFile(
                count < 0 ? String(cString: strerror(errno)) : "it ended early"
            )
        }
        start = 0
        end = count
        fileOffset += count
    }

    package mutating func byte() throws(OSMFileError) -> UInt8 {
        try fill()
        defer { start += 1 }
        return chunk[start]
    }

    package mutating func varint() throws(OSMFileError) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = try byte()
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
            guard shift < 64 else { throw .temporaryFile("a damaged number") }
        }
    }

    package mutating func signedVarint() throws(OSMFileError) -> Int64 {
        let value = try varint()
        return Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
    }

    /// A list written by ``SpillFile/appendIDList(_:)``; read past and not kept (empty) unless
    /// `keeping`.
    package mutating func idList(keeping: Bool = true) throws(OSMFileError) -> [Int64] {
        let length = Int(try varint())
        var ids: [Int64] = []
        if keeping { ids.reserveCapacity(length) }
        var id: Int64 = 0
        for _ in 0..<length {
            id &+= try signedVarint()
            if keeping { ids.append(id) }
        }
        return ids
    }

    package mutating func bytes(_ count: Int) throws(OSMFileError) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(count)
        while result.count < count {
            try fill()
            let take = min(count - result.count, end - start)
            result.append(contentsOf: chunk[start..<start + take])
            start += take
        }
        return result
    }
}

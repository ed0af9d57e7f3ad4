import Foundation

/// An anonymous temporary file for what an import sets aside until the end (node positions,
/// way node lists, the ways and relations to place): appended to through a buffer, read back
/// sequentially. It is unlinked as soon as it is made, so it disappears with the process,
/// whatever happens; it lives beside the index being written, on the disk that has room for it.
final class SpillFile {
    let descriptor: Int32
    /// Where the file lives, for messages.
    private let directory: String
    private var buffer: [UInt8] = []
    private static let flushSize = 1 << 20
    /// Bytes written (including those still buffered).
    private(set) var size = 0

    init(directory: URL) throws(OSMIndexError) {
        var template = Array((directory.path + "/.venues-import-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw .temporaryFiles("cannot create one in \(directory.path): \(String(cString: strerror(errno)))")
        }
        _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
        self.descriptor = descriptor
        self.directory = directory.path
        buffer.reserveCapacity(Self.flushSize + 4096)
    }

    deinit {
        close(descriptor)
    }

    func append(_ byte: UInt8) throws(OSMIndexError) {
        buffer.append(byte)
        size += 1
        if buffer.count >= Self.flushSize { try flush() }
    }

    func append<Bytes: Collection<UInt8>>(contentsOf bytes: Bytes) throws(OSMIndexError) {
        buffer.append(contentsOf: bytes)
        size += bytes.count
        if buffer.count >= Self.flushSize { try flush() }
    }

    func appendVarint(_ value: UInt64) throws(OSMIndexError) {
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
    func appendSignedVarint(_ value: Int64) throws(OSMIndexError) {
        try appendVarint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    /// Writes what is buffered.
    func flush() throws(OSMIndexError) {
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { bytes in
                Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                throw .temporaryFiles(
                    "cannot write in \(directory): \(String(cString: strerror(errno)))"
                )
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// A reader from the start of the file (after flushing).
    func reader() throws(OSMIndexError) -> SpillReader {
        try flush()
        return SpillReader(descriptor: descriptor, size: size)
    }
}

@available(*, unavailable)
extension SpillFile: Sendable {}

/// Sequential reads of a ``SpillFile`` through a 1 MiB window.
struct SpillReader {
    private let descriptor: Int32
    private let size: Int
    private var chunk = [UInt8](repeating: 0, count: 1 << 20)
    private var start = 0
    private var end = 0
    private var fileOffset = 0

    init(descriptor: Int32, size: Int) {
        self.descriptor = descriptor
        self.size = size
    }

    /// Whether every byte has been read.
    var isAtEnd: Bool { start == end && fileOffset >= size }

    private mutating func fill() throws(OSMIndexError) {
        guard start == end else { return }
        let count = chunk.withUnsafeMutableBytes { bytes in
            pread(descriptor, bytes.baseAddress!, min(bytes.count, size - fileOffset), off_t(fileOffset))
        }
        guard count > 0 else {
            throw .temporaryFiles(
                count < 0 ? String(cString: strerror(errno)) : "it ended early"
            )
        }
        start = 0
        end = count
        fileOffset += count
    }

    mutating func byte() throws(OSMIndexError) -> UInt8 {
        try fill()
        defer { start += 1 }
        return chunk[start]
    }

    mutating func varint() throws(OSMIndexError) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = try byte()
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
            guard shift < 64 else { throw .temporaryFiles("a damaged number") }
        }
    }

    mutating func signedVarint() throws(OSMIndexError) -> Int64 {
        let value = try varint()
        return Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
    }

    mutating func bytes(_ count: Int) throws(OSMIndexError) -> [UInt8] {
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

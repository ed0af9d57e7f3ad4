import Foundation

/// The bytes of an open file: read as they are, or decompressed on the fly.
///
/// ``FileCompression/detect(descriptor:)`` chooses the stream from the file's first bytes; a
/// reader (the OSM XML reader, the Overture GeoJSON reader) asks for a buffer's worth at a time
/// and never sees the compressed bytes.
package protocol FileByteStream: AnyObject {
    /// Fills `buffer` with the next bytes: the count, or 0 at the end of the data.
    ///
    /// Throws ``InputFailure`` for a read error or a damaged or truncated compressed stream.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(InputFailure) -> Int

    /// Bytes of the file consumed so far (compressed bytes for a compressed file).
    var fileBytesRead: Int { get }
}

/// Why the bytes of a file could not be read, in words for the user.
package struct InputFailure: Error, Sendable {
    /// What went wrong.
    package var message: String

    /// A failure saying `message`.
    package init(message: String) {
        self.message = message
    }
}

/// How a file is compressed, told by its first bytes (never by its name).
package enum FileCompression: Sendable, Hashable {
    case none
    case gzip
    case bzip2

    /// Reads the first bytes at offset 0 (without moving the file position) and names the
    /// compression. Throws for formats that are recognised but not read (xz, zstd).
    package static func detect(descriptor: Int32) throws(InputFailure) -> FileCompression {
        var head = [UInt8](repeating: 0, count: 6)
        let count = head.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count >= 2 else { return .none }
        if head[0] == 0x1F && head[1] == 0x8B { return .gzip }
        if count >= 4, head[0] == UInt8(ascii: "B"), head[1] == UInt8(ascii: "Z"), head[2] == UInt8(ascii: "h"),
            (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(head[3])
        {
            return .bzip2
        }
        if count >= 6, head == [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00] {
            throw InputFailure(message: "xz-compressed files are not read: decompress first (xz -d FILE.xz)")
        }
        if count >= 4, head[0..<4] == [0x28, 0xB5, 0x2F, 0xFD] {
            throw InputFailure(message: "zstd-compressed files are not read: decompress first (zstd -d FILE.zst)")
        }
        return .none
    }

    /// The stream that reads `descriptor`'s bytes, decompressed.
    package func stream(descriptor: Int32) throws(InputFailure) -> any FileByteStream {
        switch self {
        case .none: PlainFileStream(descriptor: descriptor)
        case .gzip: try GzipFileStream(descriptor: descriptor)
        case .bzip2: try Bzip2FileStream(descriptor: descriptor)
        }
    }
}

/// `read(2)` with EINTR retried; the count, 0 at the end, or an ``InputFailure``.
func readRetrying(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(InputFailure) -> Int {
    var count: Int
    repeat {
        count = read(descriptor, buffer.baseAddress, buffer.count)
    } while count < 0 && errno == EINTR
    guard count >= 0 else { throw InputFailure(message: "read error: \(String(cString: strerror(errno)))") }
    return count
}

/// A file read as it is.
final class PlainFileStream: FileByteStream {
    private let descriptor: Int32
    private(set) var fileBytesRead = 0

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(InputFailure) -> Int {
        let count = try readRetrying(descriptor, into: buffer)
        fileBytesRead += count
        return count
    }
}

/// The compressed bytes of a file, read a chunk at a time for a decompressor.
final class CompressedInputBuffer {
    private let descriptor: Int32
    private let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 18, alignment: 16)
    /// Where the unused bytes of the chunk start, and how many there are.
    private var start = 0
    private(set) var available = 0
    /// Bytes read from the file so far.
    private(set) var fileBytesRead = 0
    /// Whether the file has ended.
    private(set) var atEnd = false

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        storage.deallocate()
    }

    /// The first unused byte (valid until the next ``refillIfEmpty()``).
    var next: UnsafeMutableRawPointer { storage.baseAddress!.advanced(by: start) }

    /// Reads the next chunk when every byte has been used; `false` at the end of the file.
    func refillIfEmpty() throws(InputFailure) -> Bool {
        if available > 0 { return true }
        if atEnd { return false }
        let count = try readRetrying(descriptor, into: storage)
        start = 0
        available = count
        fileBytesRead += count
        if count == 0 { atEnd = true }
        return count > 0
    }

    /// Marks `count` bytes as used.
    func consume(_ count: Int) {
        start += count
        available -= count
    }

    /// The offset in the file of the first unused byte.
    var fileOffset: Int { fileBytesRead - available }
}

@available(*, unavailable)
extension CompressedInputBuffer: Sendable {}

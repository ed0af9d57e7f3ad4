import Foundation

/// One file block of a PBF file as read from disk, not yet decompressed or decoded.
struct RawBlob: Sendable {
    /// The block's type: `OSMHeader`, `OSMData`, or something a reader passes over.
    var type: String
    /// Where the block (its 4-byte length) starts in the file.
    var offset: Int
    /// Where the `Blob` message starts in the file.
    var blobOffset: Int
    /// The `Blob` message.
    var bytes: [UInt8]
}

/// Where a PBF file's bytes come from: a file read with `pread`, or bytes in memory.
enum PBFBytes: @unchecked Sendable {
    /// An open descriptor, owned by whoever opened it; `pread` keeps no shared position.
    case descriptor(Int32)
    /// A whole file in memory.
    case memory([UInt8])
}

/// Reads a PBF file block by block: a 4-byte big-endian length, a `BlobHeader` of that length,
/// then a `Blob` of the header's `datasize`.
///
/// Every length is checked before anything is allocated: a header over
/// ``OSMPBFLimits/maximumBlobHeaderSize``, a blob over ``OSMPBFLimits/maximumBlobSize``, a
/// negative size or a file that ends inside a block is an ``OSMPBFError`` naming the offset.
/// Not thread-safe: one reader at a time (the pipeline serialises it).
struct BlobReader {
    private let source: PBFBytes
    /// The file's size, when known: a block said to run past it is reported as truncated
    /// before its buffer is allocated.
    private let size: Int?
    /// The offset of the next block.
    private(set) var offset = 0
    /// Blocks read so far.
    private(set) var count = 0

    init(_ source: PBFBytes) {
        self.source = source
        switch source {
        case .memory(let bytes):
            size = bytes.count
        case .descriptor(let descriptor):
            var status = stat()
            size = fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG ? Int(status.st_size) : nil
        }
    }

    /// The next block, or `nil` at the end of the file.
    mutating func next() throws(OSMPBFError) -> RawBlob? {
        let start = offset
        var prefix = [UInt8](repeating: 0, count: 4)
        let got = try read(into: &prefix, at: start)
        if got == 0 { return nil }
        guard got == 4 else {
            throw OSMPBFError(
                offset: start,
                reason: "the file ends inside a block's length (\(got) of 4 bytes): it is truncated"
            )
        }
        let length = Int(
            Int32(
                bitPattern: UInt32(prefix[0]) << 24 | UInt32(prefix[1]) << 16 | UInt32(prefix[2]) << 8
                    | UInt32(prefix[3])
            )
        )
        guard length >= 0 else {
            throw OSMPBFError(
                offset: start,
                reason: "a block header's length is negative (\(length)): not a PBF file, or corrupt"
            )
        }
        guard length <= OSMPBFLimits.maximumBlobHeaderSize else {
            throw OSMPBFError(
                offset: start,
                reason:
                    "a block header says it is \(length) bytes long, over the format's limit of \(OSMPBFLimits.maximumBlobHeaderSize): not a PBF file, or corrupt"
            )
        }
        var headerBytes = [UInt8](repeating: 0, count: length)
        let headerOffset = start + 4
        let headerGot = try read(into: &headerBytes, at: headerOffset)
        guard headerGot == length else {
            throw OSMPBFError(
                offset: headerOffset,
                reason: "the file ends inside a block header (\(headerGot) of \(length) bytes): it is truncated"
            )
        }
        let header: (type: String, size: Int)
        do throws(WireError) {
            header = try headerBytes.withBytes { bytes throws(WireError) in try Self.decodeHeader(bytes) }
        } catch {
            throw OSMPBFError(
                offset: headerOffset + error.position,
                reason: "a block header is malformed: \(error.reason)"
            )
        }
        guard header.size >= 0 else {
            throw OSMPBFError(offset: headerOffset, reason: "a block's size is negative (\(header.size))")
        }
        guard header.size <= OSMPBFLimits.maximumBlobSize else {
            throw OSMPBFError(
                offset: headerOffset,
                reason:
                    "a block says it is \(header.size) bytes long, over the format's limit of \(OSMPBFLimits.maximumBlobSize) (32 MiB)"
            )
        }
        let blobOffset = headerOffset + length
        if let size, blobOffset + header.size > size {
            throw Self.truncatedBlob(at: blobOffset, present: size - blobOffset, size: header.size)
        }
        var blob = [UInt8](unsafeUninitializedCapacity: header.size) { _, count in count = header.size }
        let blobGot = try read(into: &blob, at: blobOffset)
        guard blobGot == header.size else {
            throw Self.truncatedBlob(at: blobOffset, present: blobGot, size: header.size)
        }
        offset = blobOffset + header.size
        count += 1
        return RawBlob(type: header.type, offset: start, blobOffset: blobOffset, bytes: blob)
    }

    private static func truncatedBlob(at offset: Int, present: Int, size: Int) -> OSMPBFError {
        OSMPBFError(
            offset: offset,
            reason: "the file ends inside a block (\(present) of \(size) bytes): it is truncated"
        )
    }

    /// Reads up to `buffer.count` bytes at `position`; fewer only at the end of the file.
    private func read(into buffer: inout [UInt8], at position: Int) throws(OSMPBFError) -> Int {
        switch source {
        case .memory(let bytes):
            guard position < bytes.count else { return 0 }
            let count = min(buffer.count, bytes.count - position)
            buffer.withUnsafeMutableBytes { target in
                bytes.withUnsafeBytes { whole in
                    target.copyMemory(from: UnsafeRawBufferPointer(rebasing: whole[position..<(position + count)]))
                }
            }
            return count
        case .descriptor(let descriptor):
            var done = 0
            let wanted = buffer.count
            while done < wanted {
                let got = buffer.withUnsafeMutableBytes { target in
                    pread(descriptor, target.baseAddress! + done, wanted - done, off_t(position + done))
                }
                if got < 0 {
                    if errno == EINTR { continue }
                    throw OSMPBFError(
                        offset: position + done,
                        reason: "cannot read the file: \(String(cString: strerror(errno)))"
                    )
                }
                if got == 0 { break }
                done += got
            }
            return done
        }
    }

    /// A `BlobHeader`'s `type` and `datasize`.
    private static func decodeHeader(_ bytes: UnsafeRawBufferPointer) throws(WireError) -> (type: String, size: Int) {
        var cursor = ProtobufCursor(bytes)
        var type: String?
        var size: Int?
        while let field = try cursor.nextField() {
            switch (field.number, field.type) {
            case (1, .lengthDelimited): type = try cursor.string()
            case (3, .varint): size = Int(Int64(bitPattern: try cursor.varint()))
            default: try cursor.skip(field.type)
            }
        }
        guard let type else { throw WireError("it has no type", at: 0) }
        guard let size else { throw WireError("it has no data size", at: 0) }
        return (type, size)
    }
}

/// Turns a ``RawBlob`` into what it holds: decompresses it (raw or zlib) and decodes the
/// header or data block inside. One per decoding thread: it keeps its zlib stream and its
/// output buffer from one blob to the next.
final class BlobDecoder {
    /// What a `Blob` message holds.
    private enum Content {
        case raw(UnsafeRawBufferPointer, position: Int)
        case zlib(UnsafeRawBufferPointer, size: Int)
    }

    private let options: PrimitiveBlockDecoder.Options
    private let inflater = ZlibInflater()
    private var buffer: [UInt8] = []

    init(options: PrimitiveBlockDecoder.Options) {
        self.options = options
    }

    /// Decodes an `OSMData` blob.
    func data(_ blob: RawBlob) throws(OSMPBFError) -> OSMPBFBlock {
        var block = try withContent(of: blob, what: "data block") { bytes throws(WireError) in
            try PrimitiveBlockDecoder.decode(bytes, options: options)
        }
        block.fileEnd = blob.blobOffset + blob.bytes.count
        return block
    }

    /// Decodes an `OSMHeader` blob.
    func header(_ blob: RawBlob) throws(OSMPBFError) -> OSMPBFHeader {
        try withContent(of: blob, what: "header block") { bytes throws(WireError) in
            try OSMPBFHeader.decode(bytes)
        }
    }

    /// Calls `body` with the blob's uncompressed bytes, turning wire errors into file errors.
    private func withContent<Value>(
        of blob: RawBlob,
        what: String,
        _ body: (UnsafeRawBufferPointer) throws(WireError) -> Value
    ) throws(OSMPBFError) -> Value {
        try blob.bytes.withBytes { message throws(OSMPBFError) in
            let content: Content
            do throws(WireError) {
                content = try Self.content(of: message)
            } catch {
                throw OSMPBFError(
                    offset: blob.blobOffset + error.position,
                    reason: "a blob is malformed: \(error.reason)"
                )
            }
            switch content {
            case .raw(let bytes, let position):
                do throws(WireError) {
                    return try body(bytes)
                } catch {
                    throw OSMPBFError(
                        offset: blob.blobOffset + position + error.position,
                        reason: "the \(what) is malformed: \(error.reason)"
                    )
                }
            case .zlib(let compressed, let size):
                if buffer.count < size {
                    buffer = [UInt8](unsafeUninitializedCapacity: size) { _, count in count = size }
                }
                return try buffer.withMutableBytes { whole throws(OSMPBFError) in
                    let output = UnsafeMutableRawBufferPointer(rebasing: whole[0..<size])
                    do throws(WireError) {
                        try inflater.inflate(compressed, into: output)
                    } catch {
                        throw OSMPBFError(
                            offset: blob.blobOffset,
                            reason: "a zlib blob cannot be inflated: \(error.reason)"
                        )
                    }
                    do throws(WireError) {
                        return try body(UnsafeRawBufferPointer(output))
                    } catch {
                        throw OSMPBFError(
                            offset: blob.blobOffset,
                            reason:
                                "the \(what) is malformed: \(error.reason) (at byte \(error.position) of its \(size) inflated bytes)"
                        )
                    }
                }
            }
        }
    }

    /// Finds the data in a `Blob` message and checks its sizes.
    private static func content(of message: UnsafeRawBufferPointer) throws(WireError) -> Content {
        var cursor = ProtobufCursor(message)
        var rawSize: Int64?
        var content: Content?
        while let field = try cursor.nextField() {
            let start = cursor.position
            switch (field.number, field.type) {
            case (1, .lengthDelimited):
                let bytes = try cursor.bytes()
                content = .raw(bytes, position: cursor.position - bytes.count)
            case (2, .varint):
                rawSize = Int64(try cursor.int32())
            case (3, .lengthDelimited):
                content = .zlib(try cursor.bytes(), size: 0)
            case (4, .lengthDelimited):
                throw WireError(
                    "the blob is compressed with LZMA, which this reader does not support (only zlib and uncompressed blobs): recompress it with `osmium cat IN.osm.pbf -o OUT.osm.pbf`",
                    at: start
                )
            case (5, .lengthDelimited):
                throw WireError(
                    "the blob is compressed with bzip2, which this reader does not support (an encoding PBF retired in 2010)",
                    at: start
                )
            case (6, .lengthDelimited):
                throw WireError(
                    "the blob is compressed with LZ4, which this reader does not support (only zlib and uncompressed blobs): recompress it with `osmium cat IN.osm.pbf -o OUT.osm.pbf`",
                    at: start
                )
            case (7, .lengthDelimited):
                throw WireError(
                    "the blob is compressed with zstd, which this reader does not support (only zlib and uncompressed blobs): recompress it with `osmium cat IN.osm.pbf -o OUT.osm.pbf`",
                    at: start
                )
            case (1...7, _):
                throw WireError("blob field \(field.number) has wire type \(field.type.rawValue)", at: start)
            default:
                try cursor.skip(field.type)
            }
        }
        switch content {
        case nil:
            throw WireError("the blob holds no data (or data in an unknown compression)", at: 0)
        case .raw(let bytes, let position):
            guard bytes.count <= OSMPBFLimits.maximumBlobSize else {
                throw WireError("the blob is larger than the format's limit of 32 MiB", at: position)
            }
            return .raw(bytes, position: position)
        case .zlib(let bytes, _):
            guard let rawSize else {
                throw WireError("a zlib blob does not say its uncompressed size (raw_size)", at: 0)
            }
            guard rawSize >= 0 else { throw WireError("the blob's uncompressed size is negative (\(rawSize))", at: 0) }
            guard rawSize <= OSMPBFLimits.maximumBlobSize else {
                throw WireError(
                    "the blob's uncompressed size, \(rawSize) bytes, is over the format's limit of \(OSMPBFLimits.maximumBlobSize) (32 MiB)",
                    at: 0
                )
            }
            return .zlib(bytes, size: Int(rawSize))
        }
    }
}

@available(*, unavailable)
extension BlobDecoder: Sendable {}

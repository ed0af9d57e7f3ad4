internal import CBZip2
import Foundation

/// A bzip2 file decompressed with libbz2 as it is read. Concatenated streams (what `pbzip2`
/// writes) are read one after another.
final class Bzip2FileStream: FileByteStream {
    private let input: CompressedInputBuffer
    private var stream = bz_stream()
    private var streamEnded = false

    init(descriptor: Int32) throws(InputFailure) {
        input = CompressedInputBuffer(descriptor: descriptor)
        let code = BZ2_bzDecompressInit(&stream, 0, 0)
        guard code == BZ_OK else { throw InputFailure(message: "libbz2 could not start (code \(code))") }
    }

    deinit {
        BZ2_bzDecompressEnd(&stream)
    }

    var fileBytesRead: Int { input.fileBytesRead }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(InputFailure) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            guard try input.refillIfEmpty() else {
                if streamEnded { return 0 }
                throw InputFailure(
                    message:
                        "the bzip2 data ends early at compressed byte \(input.fileBytesRead): the file is truncated"
                )
            }
            if streamEnded {
                // Another stream follows.
                BZ2_bzDecompressEnd(&stream)
                stream = bz_stream()
                let code = BZ2_bzDecompressInit(&stream, 0, 0)
                guard code == BZ_OK else { throw InputFailure(message: "libbz2 could not restart (code \(code))") }
                streamEnded = false
            }
            stream.next_in = input.next.assumingMemoryBound(to: CChar.self)
            stream.avail_in = UInt32(input.available)
            stream.next_out = base.assumingMemoryBound(to: CChar.self)
            stream.avail_out = UInt32(buffer.count)
            let code = BZ2_bzDecompress(&stream)
            let consumed = input.available - Int(stream.avail_in)
            let produced = buffer.count - Int(stream.avail_out)
            input.consume(consumed)
            switch code {
            case BZ_STREAM_END:
                streamEnded = true
            case BZ_OK:
                break
            case BZ_DATA_ERROR_MAGIC:
                throw InputFailure(message: "not bzip2 data near compressed byte \(input.fileOffset)")
            case BZ_MEM_ERROR:
                throw InputFailure(message: "out of memory while decompressing bzip2 data")
            default:
                throw InputFailure(
                    message: "corrupt bzip2 data near compressed byte \(input.fileOffset) (libbz2 code \(code))"
                )
            }
            if produced > 0 { return produced }
        }
    }
}

@available(*, unavailable)
extension Bzip2FileStream: Sendable {}

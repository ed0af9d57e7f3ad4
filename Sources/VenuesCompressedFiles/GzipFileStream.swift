internal import CZlib
import Foundation

/// A gzip (or zlib) file decompressed with zlib as it is read. Concatenated gzip members (what
/// `pigz` and `cat a.gz b.gz` write) are read one after another.
final class GzipFileStream: FileByteStream {
    private let input: CompressedInputBuffer
    private var stream = z_stream()
    /// Whether the current member has ended (the next bytes, if any, start a new one).
    private var memberEnded = false

    init(descriptor: Int32) throws(InputFailure) {
        input = CompressedInputBuffer(descriptor: descriptor)
        // 15 + 32: the largest window, and a gzip or zlib header detected automatically.
        let code = czlib_inflate_init2(&stream, 15 + 32)
        guard code == Z_OK else { throw InputFailure(message: "zlib could not start (code \(code))") }
    }

    deinit {
        inflateEnd(&stream)
    }

    var fileBytesRead: Int { input.fileBytesRead }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(InputFailure) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            guard try input.refillIfEmpty() else {
                if memberEnded { return 0 }
                throw InputFailure(
                    message:
                        "the gzip data ends early at compressed byte \(input.fileBytesRead): the file is truncated"
                )
            }
            if memberEnded {
                // Another member follows.
                inflateReset(&stream)
                memberEnded = false
            }
            stream.next_in = input.next.assumingMemoryBound(to: Bytef.self)
            stream.avail_in = uInt(input.available)
            stream.next_out = base.assumingMemoryBound(to: Bytef.self)
            stream.avail_out = uInt(buffer.count)
            let code = inflate(&stream, Z_NO_FLUSH)
            let consumed = input.available - Int(stream.avail_in)
            let produced = buffer.count - Int(stream.avail_out)
            input.consume(consumed)
            switch code {
            case Z_STREAM_END:
                memberEnded = true
            case Z_OK, Z_BUF_ERROR:
                break
            default:
                let detail = stream.msg.map { String(cString: $0) } ?? "zlib code \(code)"
                throw InputFailure(message: "corrupt gzip data near compressed byte \(input.fileOffset): \(detail)")
            }
            if produced > 0 { return produced }
        }
    }
}

@available(*, unavailable)
extension GzipFileStream: Sendable {}

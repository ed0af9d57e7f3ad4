internal import CZlib

/// Inflates zlib blobs (`zlib_data`) into a buffer of the size the blob declares, reusing one
/// zlib stream for every blob a decoding thread handles.
///
/// The output never grows past the declared size (at most ``OSMPBFLimits/maximumBlobSize``),
/// so a small blob that would inflate to gigabytes stops at that size with an error.
final class ZlibInflater {
    private var stream = z_stream()
    private var initialised = false

    init() {}

    deinit {
        if initialised { inflateEnd(&stream) }
    }

    /// Inflates `input`, which must give exactly `output.count` bytes, into `output`.
    ///
    /// Throws the reason when the stream is damaged, ends early, or holds more than declared.
    func inflate(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws(WireError) {
        if initialised {
            guard inflateReset(&stream) == Z_OK else { throw WireError("zlib could not be reset", at: 0) }
        } else {
            stream = z_stream()
            guard czlib_inflate_init2(&stream, 15) == Z_OK else {
                throw WireError("zlib could not be initialised (out of memory?)", at: 0)
            }
            initialised = true
        }
        stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.avail_in = uInt(input.count)
        stream.next_out = output.baseAddress?.assumingMemoryBound(to: Bytef.self)
        stream.avail_out = uInt(output.count)
        // One call: all the input is there and the output has room for everything declared.
        let status = CZlib.inflate(&stream, Z_FINISH)
        let produced = output.count - Int(stream.avail_out)
        let consumed = input.count - Int(stream.avail_in)
        switch status {
        case Z_STREAM_END:
            guard produced == output.count else {
                throw WireError(
                    "the zlib data inflates to \(produced) bytes, but the blob declares \(output.count)",
                    at: consumed
                )
            }
        case Z_BUF_ERROR where stream.avail_out == 0:
            throw WireError(
                "the zlib data inflates to more than the \(output.count) bytes the blob declares",
                at: consumed
            )
        case Z_BUF_ERROR:
            throw WireError(
                "the zlib data ends early (truncated after \(produced) of \(output.count) bytes)",
                at: consumed
            )
        case Z_NEED_DICT:
            throw WireError("the zlib data needs a preset dictionary, which PBF never uses", at: consumed)
        default:
            let message = stream.msg.map { String(cString: $0) } ?? "error \(status)"
            throw WireError("the zlib data is corrupt (\(message))", at: consumed)
        }
    }
}

@available(*, unavailable)
extension ZlibInflater: Sendable {}

internal import CLibXML2
import Foundation
import VenuesCompressedFiles

/// A file read for libxml2 (`xmlReaderForIO`) through ``XMLPrologGuard``: the bytes of the
/// prolog are checked before libxml2 receives them, and a refused document ends the input with
/// a read error, so libxml2 never parses the refused bytes.
///
/// The bytes come from a ``FileByteStream`` (the file as it is, or decompressed), so the guard
/// checks the XML text, never compressed bytes. The descriptor is owned by the caller, who
/// closes it after freeing the reader. Pass ``context`` and ``readCallback`` to
/// `xmlReaderForIO`, keeping this object alive meanwhile.
final class GuardedFileInput {
    private let stream: any FileByteStream
    private var prolog = XMLPrologGuard()
    /// Why the document was refused, once the guard has refused it.
    private(set) var refusal: String?
    /// Why the bytes could not be read (a read error, damaged compressed data).
    private(set) var failure: String?

    init(stream: any FileByteStream) {
        self.stream = stream
    }

    /// Bytes of the file consumed so far (compressed bytes for a compressed file).
    var fileBytesRead: Int { stream.fileBytesRead }

    /// The unretained pointer libxml2 hands back to ``readCallback``.
    var context: UnsafeMutableRawPointer {
        Unmanaged.passUnretained(self).toOpaque()
    }

    /// Reads up to `length` bytes into `buffer`: the count, 0 at the end of the file, or -1 on
    /// a read error or a refused prolog.
    static let readCallback: xmlInputReadCallback = { context, buffer, length in
        guard let context, let buffer, length > 0 else { return -1 }
        let input = Unmanaged<GuardedFileInput>.fromOpaque(context).takeUnretainedValue()
        return input.read(into: buffer, length: Int(length))
    }

    private func read(into buffer: UnsafeMutablePointer<CChar>, length: Int) -> Int32 {
        guard refusal == nil, failure == nil else { return -1 }
        let count: Int
        do {
            count = try stream.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: length))
        } catch {
            failure = error.message
            return -1
        }
        guard count > 0 else { return 0 }
        if prolog.verdict == .undecided,
            case .refused(let reason) = prolog.inspect(UnsafeRawBufferPointer(start: buffer, count: count))
        {
            refusal = reason
            return -1
        }
        return Int32(count)
    }
}

@available(*, unavailable)
extension GuardedFileInput: Sendable {}

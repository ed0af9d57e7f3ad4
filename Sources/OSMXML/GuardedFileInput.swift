internal import CLibXML2
import Foundation

/// A file descriptor read for libxml2 (`xmlReaderForIO`) through ``XMLPrologGuard``: the bytes
/// of the prolog are checked before libxml2 receives them, and a refused document ends the
/// input with a read error, so libxml2 never parses the refused bytes.
///
/// The descriptor is owned by the caller, who closes it after freeing the reader. Pass
/// ``context`` and ``readCallback`` to `xmlReaderForIO`, keeping this object alive meanwhile.
final class GuardedFileInput {
    private let descriptor: Int32
    private var prolog = XMLPrologGuard()
    /// Why the document was refused, once the guard has refused it.
    private(set) var refusal: String?

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

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
        guard refusal == nil else { return -1 }
        var count: Int
        repeat {
            count = Foundation.read(descriptor, buffer, length)
        } while count < 0 && errno == EINTR
        guard count > 0 else { return count == 0 ? 0 : -1 }
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

package import Foundation

/// The bytes of a file, decompressed on the fly when it is gzip- or bzip2-compressed (told by
/// its first bytes, never by its name): what the Overture GeoJSON reader reads (the OSM XML
/// reader reads the same streams through its prolog guard).
package final class DecompressedFile {
    private let descriptor: Int32
    private let stream: any FileByteStream
    /// The file, for messages.
    package let url: URL

    /// Opens the file at `url`; `format` names what is expected, for the message about a folder.
    package init(url: URL, format: String) throws(CompressedFileError) {
        self.url = url
        descriptor = try FileOpener.open(url, format: format)
        do {
            stream = try FileCompression.detect(descriptor: descriptor).stream(descriptor: descriptor)
        } catch {
            close(descriptor)
            throw .readFailed("cannot read \(url.path): \(error.message)")
        }
    }

    deinit {
        close(descriptor)
    }

    /// Fills `buffer` with the next bytes: the count, or 0 at the end of the data. Throws
    /// ``CompressedFileError/readFailed(_:)`` for a read error or damaged compressed data.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(CompressedFileError) -> Int {
        do {
            return try stream.read(into: buffer)
        } catch {
            throw .readFailed("cannot read \(url.path): \(error.message)")
        }
    }

    /// Bytes of the file consumed so far (compressed bytes for a compressed file).
    package var fileBytesRead: Int { stream.fileBytesRead }
}

@available(*, unavailable)
extension DecompressedFile: Sendable {}

/// Why a file could not be opened or read, in words for the user.
package enum CompressedFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// There is no file at this path.
    case notFound(path: String)
    /// The file cannot be opened (permissions…).
    case unreadable(path: String, reason: String)
    /// The path is a folder, not a file of `format`.
    case isDirectory(path: String, format: String)
    /// A read failed, or the compressed data is damaged: the message says which and where.
    case readFailed(String)

    package var description: String {
        switch self {
        case .notFound(let path): "no such file: \(path)"
        case .unreadable(let path, let reason): "cannot open \(path): \(reason)"
        case .isDirectory(let path, let format): "\(path) is a folder, not a \(format) file"
        case .readFailed(let message): message
        }
    }
}

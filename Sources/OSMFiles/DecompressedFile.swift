package import Foundation
package import OSMModel

/// The bytes of a file, decompressed on the fly when it is gzip- or bzip2-compressed (told by
/// its first bytes, never by its name): for readers of other formats that share the OSM files'
/// input (the Overture GeoJSON reader).
package final class DecompressedFile {
    private let descriptor: Int32
    private let stream: any FileByteStream
    /// The file, for messages.
    package let url: URL

    /// Opens the file at `url`; `format` names what is expected, for the message about a folder.
    package init(url: URL, format: String) throws(OSMFileError) {
        self.url = url
        descriptor = try OSMFileOpener.open(url, format: format)
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
    /// ``OSMFileError/readFailed(_:)`` for a read error or damaged compressed data.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(OSMFileError) -> Int {
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

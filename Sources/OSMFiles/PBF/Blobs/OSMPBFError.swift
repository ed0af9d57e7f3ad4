/// Why a PBF file could not be read, and where: the byte offset in the file of the blob (or
/// the part of it) that is wrong, and the cause in words.
package struct OSMPBFError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The byte offset in the file.
    package var offset: Int
    /// What is wrong there.
    package var reason: String

    package init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }

    /// `at byte 1234: …`.
    package var description: String { "at byte \(offset): \(reason)" }
}

/// The format's size limits (the OSM wiki's PBF format page): a `BlobHeader` must be less than
/// 64 KiB, and a blob, compressed or not, less than 32 MiB. Nothing larger is ever allocated.
package enum OSMPBFLimits {
    /// The largest `BlobHeader` accepted, in bytes.
    package static let maximumBlobHeaderSize = 64 * 1024
    /// The largest blob accepted, compressed (`datasize`) or uncompressed (`raw_size`), in bytes.
    package static let maximumBlobSize = 32 * 1024 * 1024
}

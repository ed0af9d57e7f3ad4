package import Foundation

extension OSMFile where Reader == OSMPBFReader {
    /// Whether the file starts as a PBF file does: a 4-byte length, then a `BlobHeader` whose
    /// first field is the type `OSMHeader`. Reads 15 bytes; `false` when the file cannot be
    /// read.
    package static func looksLikePBF(_ url: URL) -> Bool {
        guard let descriptor = try? OSMFileOpener.open(url, format: "OSM PBF") else { return false }
        defer { close(descriptor) }
        var start = [UInt8](repeating: 0, count: 15)
        let count = start.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, 15, 0) }
        guard count == 15 else { return false }
        return looksLikePBF(start)
    }

    /// Whether `bytes` (the first 15 or more of a file) start as a PBF file does.
    package static func looksLikePBF(_ bytes: [UInt8]) -> Bool {
        // Length below 64 KiB; field 1 (type), length-delimited, 9 bytes long: "OSMHeader".
        bytes.count >= 15 && bytes[0] == 0 && bytes[1] == 0 && bytes[4] == 0x0A && bytes[5] == 9
            && Array(bytes[6..<15]) == Array("OSMHeader".utf8)
    }
}

package import Foundation
package import OSMModel
import VenuesCore

/// A reader of one OSM file format, as ``OSMFile`` wraps it: made with its options and a
/// cancellation flag, it reads a whole file into a visitor.
package protocol OSMFormatReader {
    /// What the reader collects.
    associatedtype Options

    /// What an import needs: tags, references and timestamps.
    static var importOptions: Options { get }

    init(options: Options, cancellation: CancellationFlag?)

    /// Reads the file at `url` (see the reader's own `read` for what it throws).
    func read(
        fileAt url: URL,
        header: @escaping (OSMHeader) -> Void,
        progress: @escaping (OSMReadProgress) -> Void,
        visit: (inout OSMElement) -> OSMVisit
    ) throws(OSMFileError) -> OSMReadSummary
}

/// An OSM file of one format (``OSMXMLFile``, ``OSMPBFFile``) as an ``OSMElementSource``: what
/// the local index imports from and the local extract search reads.
package struct OSMFile<Reader: OSMFormatReader>: OSMElementSource {
    /// The file.
    package let url: URL
    /// What the reader collects; by default all an import needs (``OSMFormatReader/importOptions``).
    package var options: Reader.Options
    /// Raised to stop a pass early (``OSMFileError/cancelled``).
    package var cancellation: CancellationFlag?

    package init(url: URL, options: Reader.Options = Reader.importOptions, cancellation: CancellationFlag? = nil) {
        self.url = url
        self.options = options
        self.cancellation = cancellation
    }

    package var displayName: String { url.lastPathComponent }

    package func read(
        header: (OSMHeader) -> Void,
        progress: (OSMReadProgress) -> Void,
        visit: (inout OSMElement) -> OSMVisit
    ) throws(OSMFileError) -> OSMReadSummary {
        try withoutActuallyEscaping(header) { header throws(OSMFileError) in
            try withoutActuallyEscaping(progress) { progress throws(OSMFileError) in
                try Reader(options: options, cancellation: cancellation)
                    .read(fileAt: url, header: header, progress: progress, visit: visit)
            }
        }
    }
}

/// An OSM XML file (plain, gzip or bzip2).
package typealias OSMXMLFile = OSMFile<OSMXMLReader>
/// An OSM PBF file (`.osm.pbf`), decoded on one thread per processor by default.
package typealias OSMPBFFile = OSMFile<OSMPBFReader>

extension OSMXMLReader: OSMFormatReader {
    package static var importOptions: Options { .init(tags: true, references: true, timestamps: true) }

    package func read(
        fileAt url: URL,
        header: @escaping (OSMHeader) -> Void,
        progress: @escaping (OSMReadProgress) -> Void,
        visit: (inout OSMElement) -> OSMVisit
    ) throws(OSMFileError) -> OSMReadSummary {
        try read(.file(url), header: header, progress: progress, visit: visit)
    }
}

extension OSMPBFReader: OSMFormatReader {
    package static var importOptions: Options { .init(tags: true, references: true, timestamps: true) }

    package func read(
        fileAt url: URL,
        header: @escaping (OSMHeader) -> Void,
        progress: @escaping (OSMReadProgress) -> Void,
        visit: (inout OSMElement) -> OSMVisit
    ) throws(OSMFileError) -> OSMReadSummary {
        try read(.file(url), header: header, progress: progress, visit: visit)
    }
}

package import Foundation
package import OSMModel

/// How far an import has got, for a progress line.
package struct OSMImportProgress: Sendable, Hashable {
    /// What the import is doing.
    package enum Phase: Sendable, Hashable {
        /// Reading the OSM file.
        case reading
        /// Placing ways and relations at the centre of their nodes.
        case placing
        /// Building the position and word indexes and checking the file.
        case indexing
    }

    package var phase: Phase
    /// Bytes of the OSM file read (compressed bytes for a compressed file).
    package var bytesRead: Int
    /// The OSM file's size, when known.
    package var totalBytes: Int?
    /// Elements read.
    package var elements: Int
    /// Venues found so far.
    package var venues: Int
    /// Seconds since the import started.
    package var seconds: Double
}

/// What an import did.
package struct OSMImportSummary: Sendable, Hashable {
    /// The index written.
    package var index: URL
    /// Its size in bytes.
    package var indexBytes: Int
    /// The OSM file read.
    package var source: URL
    /// Its size in bytes.
    package var sourceBytes: Int
    /// Venues found, by element type.
    package var nodeVenues: Int
    package var wayVenues: Int
    package var relationVenues: Int
    /// Elements found a second time (the first is kept).
    package var duplicates: Int
    /// Elements read, by type.
    package var nodes: Int
    package var ways: Int
    package var relations: Int
    /// The area the index covers (declared by the file, else around its nodes).
    package var bounds: OSMBounds?
    /// The newest element timestamp (or the file's own timestamp).
    package var dataTimestamp: String?
    /// Seconds spent reading the file, placing ways and relations, and finishing the indexes.
    package var readingSeconds: Double
    package var placingSeconds: Double
    package var indexingSeconds: Double
    /// Seconds in all.
    package var seconds: Double
    /// Things worth saying: elements skipped, leftovers of earlier imports removed.
    package var notes: [String]

    /// Venues indexed.
    package var venues: Int { nodeVenues + wayVenues + relationVenues - duplicates }
}

package import Foundation
package import OSMIndex
package import OSMModel

/// `venues overture import`: an Overture file into an index of the OSM index engine, with its
/// guarantees (``OSMIndexImporter``): the R-tree, the words of the text search, a lock, and an
/// atomic replacement — a file with a line that cannot be read leaves the old index as it was.
package enum OvertureImport {
    /// Imports the places of `file` into the index at `destination`.
    package static func run(
        file: URL,
        destination: URL,
        generator: String,
        progress: (@Sendable (OSMImportProgress) -> Void)? = nil,
        cancellation: CancellationFlag? = nil
    ) throws(OSMIndexError) -> OSMImportSummary {
        let source = OvertureElementSource(url: file, cancellation: cancellation)
        let counts = source.counts
        return try OSMIndexImporter.run(
            source: source,
            sourceFile: file,
            destination: destination,
            options: .init(
                generator: generator,
                progress: progress,
                cancellation: cancellation,
                content: .overture,
                notes: { counts.notes }
            )
        )
    }

    /// The directory of imported Overture indexes beside the OSM one (`$VENUES_DATA_DIR/osm` →
    /// `$VENUES_DATA_DIR/overture`).
    package static func directory(besideOSMIndexes osm: URL) -> URL {
        osm.deletingLastPathComponent().appendingPathComponent("overture", isDirectory: true)
    }

    /// Whether `directory` holds an index file (`*.sqlite`, not hidden), read or not.
    package static func hasIndexes(in directory: URL) -> Bool {
        !OSMIndexCatalog(directory: directory).files().isEmpty
    }

    /// The name an import gives an index of `file` by default: the file's name without `.gz`,
    /// `.bz2`, `.geojsonseq`, `.geojsonl`, `.geojson`, `.json` (`helsinki-places.geojsonseq.gz` →
    /// `helsinki-places`).
    package static func defaultName(forSource file: URL) -> String {
        var name = file.lastPathComponent
        for suffix in [".gz", ".bz2", ".geojsonseq", ".geojsonl", ".geojson", ".jsonl", ".json", ".ndjson"]
        where name.lowercased().hasSuffix(suffix) {
            name = String(name.dropLast(suffix.count))
        }
        return name
    }
}

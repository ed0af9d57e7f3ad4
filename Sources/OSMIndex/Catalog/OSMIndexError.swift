package import OSMModel
import VenuesSQLite

/// Why an index could not be imported, opened or removed, in words for the user.
package enum OSMIndexError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The OSM file could not be read: the message names the file and where (line or byte).
    case source(OSMFileError)
    /// The index could not be written (disk full, permissions…).
    case write(path: String, reason: String)
    /// The import's temporary files (beside the index) could not be written or read back.
    case temporaryFiles(String)
    /// Another import (or removal) of the same index holds its lock.
    case busy(path: String)
    /// The file is not an index of this program (not SQLite, or another application's file).
    case notAnIndex(path: String, reason: String)
    /// The file is an index, but damaged (cut short, pages overwritten): SQLite found it
    /// malformed, or a read fell short of the file's end.
    case damaged(path: String, reason: String)
    /// The index was written by a newer version of venues.
    case newerSchema(path: String, version: Int64)
    /// The index was written by an earlier version of venues, in a schema this one no longer
    /// reads: it must be imported again.
    case olderSchema(path: String, version: Int64)
    /// There is no index at this path.
    case notFound(path: String)
    /// An index name that cannot be a file name.
    case invalidName(String)
    /// The import was cancelled.
    case cancelled
    /// The index cannot take updates (``OSMIndexUpdater``): the reason says why and what to do.
    case notUpdatable(path: String, reason: String)

    package var description: String {
        switch self {
        case .source(let error):
            error.description
        case .write(let path, let reason):
            "cannot write the index \(path): \(reason)"
        case .temporaryFiles(let reason):
            "cannot use the import's temporary files: \(reason)"
        case .busy(let path):
            "another venues process is importing, updating or removing this index (it holds the lock \(path)); try again when it has finished"
        case .notAnIndex(let path, let reason):
            "\(path) is not a venues OSM index (\(reason)); make one with: venues osm import FILE.osm"
        case .damaged(let path, let reason):
            "the OSM index \(path) is damaged (\(reason)): remove it (venues osm remove NAME) and import its file again"
        case .newerSchema(let path, let version):
            "\(path) is an index of schema version \(version), written by a newer venues; this one reads version \(OSMIndexSchema.version): upgrade venues, or import the file again"
        case .olderSchema(let path, let version):
            "\(path) was imported by an earlier venues (schema \(version)); this one reads schema \(OSMIndexSchema.version): import it again (venues osm import FILE, or venues overture import FILE)"
        case .notFound(let path):
            "no OSM index at \(path)"
        case .invalidName(let name):
            "'\(name)' cannot name an index: use letters, digits, '-', '_' and '.', not starting with '.'"
        case .cancelled:
            "the import was cancelled"
        case .notUpdatable(let path, let reason):
            "the OSM index \(path) cannot be updated: \(reason)"
        }
    }
}

extension OSMIndexError {
    /// The error for a failed read of the index at `path`: ``damaged(path:reason:)`` when SQLite
    /// says the file is malformed or shorter than it should be, else
    /// ``notAnIndex(path:reason:)`` with `reason` before SQLite's message.
    static func reading(_ error: SQLiteError, path: String, reason: String = "cannot read it") -> OSMIndexError {
        if error.isCorrupt || error.isShortRead { return .damaged(path: path, reason: error.message) }
        if error.isNotADatabase { return .notAnIndex(path: path, reason: "not an SQLite database") }
        return .notAnIndex(path: path, reason: "\(reason): \(error.message)")
    }

    /// An import's failure for a failure of its OSM file or its spill files: cancelled, the
    /// temporary files, or the file itself (``source(_:)``).
    package init(_ error: OSMFileError) {
        switch error {
        case .cancelled: self = .cancelled
        case .temporaryFile(let reason): self = .temporaryFiles(reason)
        default: self = .source(error)
        }
    }
}

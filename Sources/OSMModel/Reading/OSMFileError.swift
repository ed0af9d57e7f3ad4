/// Why an OSM file could not be read: the one error of the OSM files room, whatever the format
/// (XML, PBF) or the part (opening, decoding, the spill files). Providers and the importer
/// translate it into their own errors.
package enum OSMFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing at the path (or a path through something that is not a folder).
    case notFound(path: String)
    /// The path is a folder; `format` names what was expected (`OSM XML`, `OSM PBF`).
    case isDirectory(path: String, format: String)
    /// The file exists but cannot be opened: the system's reason.
    case unreadable(path: String, reason: String)
    /// Reading failed part way (an I/O error): the message names the file.
    case readFailed(String)
    /// The content is not what the format says (malformed XML, a damaged PBF block, a refused
    /// prolog): the message names the file and where (a line or a byte offset).
    case malformed(String)
    /// A temporary spill file could not be made, written or read back.
    case temporaryFile(String)
    /// The pass was cancelled (its cancellation flag was raised).
    case cancelled

    package var description: String {
        switch self {
        case .notFound(let path): "OSM file not found: \(path)"
        case .isDirectory(let path, let format): "\(path) is a directory, not an \(format) file"
        case .unreadable(let path, let reason): "cannot open the OSM file \(path): \(reason)"
        case .readFailed(let message), .malformed(let message), .temporaryFile(let message): message
        case .cancelled: "cancelled"
        }
    }
}

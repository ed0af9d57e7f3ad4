/// Why the favourites file could not be read or saved.
///
/// Every message names the file. When reading fails (``unreadable(path:reason:)``,
/// ``corrupt(path:reason:)``, ``unsupportedVersion(path:version:)``) the file has not been
/// touched and will not be: the user must fix it or move it away.
public enum FavoritesError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file exists but cannot be read (permissions, a directory in its place, I/O error).
    case unreadable(path: String, reason: String)
    /// The file is not a valid favourites file (not JSON, wrong shape or types, bad ids).
    case corrupt(path: String, reason: String)
    /// The file has a format version this version of venues does not know.
    case unsupportedVersion(path: String, version: Int)
    /// Another process held the lock for too long, or the lock file cannot be created.
    case lockFailed(path: String, reason: String)
    /// Saving failed; the previous file is unchanged.
    case writeFailed(path: String, reason: String)

    /// The favourites file concerned.
    public var path: String {
        switch self {
        case .unreadable(let path, _), .corrupt(let path, _), .unsupportedVersion(let path, _),
            .lockFailed(let path, _), .writeFailed(let path, _):
            path
        }
    }

    public var description: String {
        let untouched = "venues has not changed it"
        switch self {
        case .unreadable(let path, let reason):
            return
                "cannot read the favourites file \(path): \(reason); \(untouched): check its permissions, or move it away"
        case .corrupt(let path, let reason):
            return
                "the favourites file \(path) is not valid: \(reason); \(untouched): fix it, or move it away to start a new list"
        case .unsupportedVersion(let path, let version):
            return
                "the favourites file \(path) has format version \(version), but this venues reads version \(FavoritesFile.currentVersion) (was it written by a newer venues?); \(untouched): upgrade venues, or move the file away"
        case .lockFailed(let path, let reason):
            return "cannot update the favourites file \(path): \(reason)"
        case .writeFailed(let path, let reason):
            return "cannot save the favourites file \(path): \(reason); the previous file is unchanged"
        }
    }
}

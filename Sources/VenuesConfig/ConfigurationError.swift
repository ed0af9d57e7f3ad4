/// A configuration file that could not be used.
public enum ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `--config FILE` or `$VENUES_CONFIG` names a file that does not exist.
    case missingFile(String)
    /// The file exists but cannot be read.
    case unreadable(path: String, reason: String)
    /// The file was read but a key or value is wrong; `reason` names the setting.
    case invalid(path: String, reason: String)

    public var description: String {
        switch self {
        case .missingFile(let path):
            "configuration file \(path) does not exist"
        case .unreadable(let path, let reason):
            "cannot read configuration file \(path): \(reason)"
        case .invalid(let path, let reason):
            "configuration file \(path) is invalid: \(reason) (see Config/venues.example.json for every setting)"
        }
    }

    /// The same error naming `path`, when it was raised before the file's path was known.
    func located(in path: String) -> ConfigurationError {
        switch self {
        case .invalid(let existing, let reason) where existing.isEmpty: .invalid(path: path, reason: reason)
        default: self
        }
    }
}

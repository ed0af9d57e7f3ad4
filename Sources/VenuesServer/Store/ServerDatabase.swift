public import Foundation
public import VenuesServerStore

/// Where `venues serve` keeps its store: the `--database` option (or `$VENUES_DATABASE_URL`).
///
/// - nothing: SQLite, `server.sqlite` in the data directory (`$VENUES_DATA_DIR`, else
///   `$XDG_DATA_HOME/venues`, else `~/.local/share/venues`);
/// - `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=…]` (or `postgresql://`):
///   PostgreSQL, shared by every instance pointed at it;
/// - `sqlite:///PATH`, `file:///PATH` or a plain path: SQLite at that file.
public enum ServerDatabase: Sendable, Equatable, CustomStringConvertible {
    /// An SQLite file.
    case sqlite(path: String)
    /// A PostgreSQL database, by URL (which may hold a password).
    case postgres(url: String)

    /// The default file's name in the data directory.
    public static let defaultFileName = "server.sqlite"

    /// The database `text` names, or the default file in `dataDirectory` when `text` is `nil`.
    public static func parse(_ text: String?, dataDirectory: URL) throws(ServerStoreError) -> ServerDatabase {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
            return .sqlite(path: dataDirectory.appendingPathComponent(defaultFileName, isDirectory: false).path)
        }
        let lowered = text.lowercased()
        if lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://") {
            return .postgres(url: text)
        }
        for prefix in ["sqlite://", "file://"] where lowered.hasPrefix(prefix) {
            let path = String(text.dropFirst(prefix.count))
            guard path.hasPrefix("/") else {
                throw .failed("'\(text)' names no absolute path: expected \(prefix)/PATH/TO/FILE.sqlite")
            }
            return .sqlite(path: path.removingPercentEncoding ?? path)
        }
        if lowered.contains("://") {
            throw .failed(
                "'\(Self.redacted(text))' is not a database this server knows: expected postgres://…, sqlite:///PATH or a file path"
            )
        }
        return .sqlite(path: text)
    }

    /// The database without a password, for messages and logs.
    public var description: String {
        switch self {
        case .sqlite(let path): "SQLite at \(path)"
        case .postgres(let url): "PostgreSQL at \(Self.redacted(url))"
        }
    }

    /// `url` with any password replaced by `***`.
    static func redacted(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.password != nil else { return url }
        components.password = "***"
        return components.string ?? "(a URL)"
    }
}

public import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `venues` keeps its files, following the XDG Base Directory specification.
///
/// Resolution (an empty variable counts as unset; XDG variables holding a relative path are
/// ignored, as the specification requires):
/// 1. data (favourites): `$VENUES_DATA_DIR`, else `$XDG_DATA_HOME/venues`, else
///    `~/.local/share/venues`;
/// 2. cache (HTTP responses): `$XDG_CACHE_HOME/venues`, else `~/.cache/venues`;
/// 3. user configuration file: `$XDG_CONFIG_HOME/venues/config.json`, else
///    `~/.config/venues/config.json`.
///
/// `~` is `$HOME`, else the home directory in the password database. Nothing is created here:
/// the stores create their directories (mode 0700) when they first write.
public struct DataDirectories: Sendable, Hashable {
    /// The directory holding `favorites.json`.
    public var data: URL
    /// The directory holding cached responses.
    public var cache: URL
    /// The user's configuration file (it may not exist).
    public var configFile: URL

    /// The favourites file: `favorites.json` in ``data``.
    public var favoritesFile: URL { data.appendingPathComponent("favorites.json", isDirectory: false) }
    /// What the command line has spent of the paid providers' budgets: `budgets.json` in ``data``.
    public var budgetsFile: URL { data.appendingPathComponent("budgets.json", isDirectory: false) }
    /// The directory of imported OpenStreetMap indexes (`venues osm import`): `osm` in ``data``.
    public var osmIndexes: URL { data.appendingPathComponent("osm", isDirectory: true) }
    /// The directory of imported Overture Maps places indexes (`venues overture import`):
    /// `overture` in ``data``, beside ``osmIndexes``.
    public var overtureIndexes: URL { data.appendingPathComponent("overture", isDirectory: true) }
    /// Where lock files go that must not be left in a folder of the user's (an index written
    /// with `--output`): `venues/locks` in `$XDG_RUNTIME_DIR` when it is set (an absolute path),
    /// else `venues-UID/locks` in the temporary directory. Created (mode 0700) on first use.
    public static func lockDirectory(environment: [String: String]) -> URL {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            return URL(fileURLWithPath: runtime, isDirectory: true).appendingPathComponent("venues/locks")
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent("venues-\(getuid())/locks")
    }

    /// The directory for the HTTP response cache: `responses` in ``cache``.
    public var responseCache: URL { cache.appendingPathComponent("responses", isDirectory: true) }

    /// Creates the three locations explicitly.
    public init(data: URL, cache: URL, configFile: URL) {
        self.data = data
        self.cache = cache
        self.configFile = configFile
    }

    /// Resolves the locations from an environment (pass `ProcessInfo.processInfo.environment`).
    ///
    /// - Throws: ``DataDirectoriesError/noHomeDirectory`` when a location depends on the home
    ///   directory and neither `$HOME` nor the password database gives one.
    public init(environment: [String: String]) throws(DataDirectoriesError) {
        func value(_ name: String) -> String? {
            guard let text = environment[name], !text.isEmpty else { return nil }
            return text
        }
        func xdg(_ name: String) -> URL? {
            guard let text = value(name), text.hasPrefix("/") else { return nil }
            return URL(fileURLWithPath: text, isDirectory: true)
        }
        var cachedHome: URL?
        func home() throws(DataDirectoriesError) -> URL {
            if let cachedHome { return cachedHome }
            guard let path = value("HOME") ?? Self.passwordDatabaseHome() else { throw .noHomeDirectory }
            let url = URL(fileURLWithPath: path, isDirectory: true)
            cachedHome = url
            return url
        }

        if let explicit = value("VENUES_DATA_DIR") {
            data = URL(fileURLWithPath: explicit, isDirectory: true)
        } else if let base = xdg("XDG_DATA_HOME") {
            data = base.appendingPathComponent("venues", isDirectory: true)
        } else {
            data = try home().appendingPathComponent(".local/share/venues", isDirectory: true)
        }

        if let base = xdg("XDG_CACHE_HOME") {
            cache = base.appendingPathComponent("venues", isDirectory: true)
        } else {
            cache = try home().appendingPathComponent(".cache/venues", isDirectory: true)
        }

        if let base = xdg("XDG_CONFIG_HOME") {
            configFile = base.appendingPathComponent("venues/config.json", isDirectory: false)
        } else {
            configFile = try home().appendingPathComponent(".config/venues/config.json", isDirectory: false)
        }
    }

    /// The current user's home directory from the password database (`getpwuid_r`).
    private static func passwordDatabaseHome() -> String? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16_384)
        guard getpwuid_r(getuid(), &entry, &buffer, buffer.count, &result) == 0, result != nil,
            let directory = entry.pw_dir
        else { return nil }
        let home = String(cString: directory)
        return home.isEmpty ? nil : home
    }
}

/// Why the data directories could not be resolved.
public enum DataDirectoriesError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Neither `$HOME` nor the password database names a home directory.
    case noHomeDirectory

    public var description: String {
        switch self {
        case .noHomeDirectory:
            "cannot find the home directory: set HOME, or set VENUES_DATA_DIR, XDG_CACHE_HOME and XDG_CONFIG_HOME"
        }
    }
}

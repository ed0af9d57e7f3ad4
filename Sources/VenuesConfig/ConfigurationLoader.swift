public import Foundation
public import VenuesCore
import VenuesFiles

/// Builds a ``VenuesConfiguration`` from files and the environment.
///
/// Resolution, later steps overriding earlier ones:
/// 1. built-in defaults;
/// 2. the user's file (`$XDG_CONFIG_HOME/venues/config.json`, else `~/.config/venues/config.json`), if it exists;
/// 3. `--config FILE`, else `$VENUES_CONFIG` (it must exist);
/// 4. environment: `FOURSQUARE_API_KEY`, `GOOGLE_PLACES_API_KEY`, `VENUES_FOURSQUARE_URL`,
///    `VENUES_GOOGLE_PLACES_URL`, `VENUES_OVERPASS_URL`.
///
/// Flags are applied by the CLI on top of the result.
public struct ConfigurationLoader: Sendable {
    public var environment: [String: String]
    /// The provider ids a file may name (in `providers` and `dedupe.priority`); `nil` accepts
    /// any well-formed id. The CLI passes the ids it registers, so a typo is an error.
    public var knownProviders: [ProviderID]?

    /// A loader reading `environment`, accepting the provider ids in `knownProviders` (any
    /// well-formed id when `nil`).
    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        knownProviders: [ProviderID]? = nil
    ) {
        self.environment = environment
        self.knownProviders = knownProviders
    }

    /// The user's config file path (see ``DataDirectories``); `nil` without a home directory.
    public var userConfigFile: URL? {
        try? DataDirectories(environment: environment).configFile
    }

    /// Loads the layers. `explicitFile` is `--config FILE`.
    public func load(explicitFile: String? = nil) throws(ConfigurationError) -> VenuesConfiguration {
        var configuration = VenuesConfiguration()
        if let user = userConfigFile, FileManager.default.fileExists(atPath: user.path) {
            try apply(file: user, to: &configuration)
        }
        if let explicit = explicitFile ?? environment["VENUES_CONFIG"].flatMap({ $0.isEmpty ? nil : $0 }) {
            let url = URL(fileURLWithPath: explicit)
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw .missingFile(explicit)
            }
            try apply(file: url, to: &configuration)
        }
        applyEnvironment(to: &configuration)
        return configuration
    }

    private func apply(file: URL, to configuration: inout VenuesConfiguration) throws(ConfigurationError) {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw .unreadable(path: file.path, reason: error.localizedDescription)
        }
        let layer: ConfigurationFile
        do {
            layer = try JSONDecoder().decode(ConfigurationFile.self, from: data)
        } catch let error as ConfigurationError {
            throw error.located(in: file.path)
        } catch let error as DecodingError {
            throw .invalid(path: file.path, reason: ConfigurationError.describe(error))
        } catch {
            throw .invalid(path: file.path, reason: "\(error)")
        }
        do {
            try layer.apply(to: &configuration, source: file.path, knownProviders: knownProviders)
        } catch let error as ConfigurationError {
            throw error.located(in: file.path)
        } catch {
            throw .invalid(path: file.path, reason: "\(error)")
        }
    }

    private func applyEnvironment(to configuration: inout VenuesConfiguration) {
        func value(_ name: String) -> String? {
            guard let value = environment[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty
            else { return nil }
            return value
        }
        if let key = value("FOURSQUARE_API_KEY") {
            configuration.foursquare.apiKey = key
            configuration.foursquare.apiKeySource = "FOURSQUARE_API_KEY"
        }
        if let key = value("GOOGLE_PLACES_API_KEY") {
            configuration.google.apiKey = key
            configuration.google.apiKeySource = "GOOGLE_PLACES_API_KEY"
        }
        if let url = value("VENUES_FOURSQUARE_URL") {
            configuration.foursquare.url = url
            configuration.foursquare.urlSource = "VENUES_FOURSQUARE_URL"
        }
        if let url = value("VENUES_GOOGLE_PLACES_URL") {
            configuration.google.url = url
            configuration.google.urlSource = "VENUES_GOOGLE_PLACES_URL"
        }
        if let url = value("VENUES_OVERPASS_URL") {
            configuration.overpass.url = url
            configuration.overpass.urlSource = "VENUES_OVERPASS_URL"
        }
    }
}

/// A configuration file that could not be used.
public enum ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    case missingFile(String)
    case unreadable(path: String, reason: String)
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

    func located(in path: String) -> ConfigurationError {
        switch self {
        case .invalid(let existing, let reason) where existing.isEmpty: .invalid(path: path, reason: reason)
        default: self
        }
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "top level" : keys.joined(separator: ".")
        }
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(path(context)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "\(path(context)): missing key \(key.stringValue)"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "\(path(context)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}

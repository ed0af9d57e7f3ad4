import Configuration
public import Foundation
import SystemPackage
public import VenuesCore
import VenuesFiles

/// Builds a ``VenuesConfiguration`` from files and the environment, on swift-configuration.
///
/// Resolution, earlier layers winning (swift-configuration asks its providers in this order):
/// 1. environment: the variables the providers' settings name (`FOURSQUARE_API_KEY`,
///    `VENUES_OVERPASS_URL`…; an empty variable counts as unset);
/// 2. `--config FILE`, else `$VENUES_CONFIG` (it must exist);
/// 3. the user's file (`$XDG_CONFIG_HOME/venues/config.json`, else `~/.config/venues/config.json`), if it exists;
/// 4. built-in defaults (``VenuesConfiguration``'s initial values).
///
/// Flags are applied by the CLI on top of the result. Files are JSON (see
/// `Config/venues.example.json`); unknown keys, values of the wrong type and out-of-range
/// values are errors that name the file.
public struct ConfigurationLoader: Sendable {
    /// The environment variables to read.
    public var environment: [String: String]
    /// The providers whose settings are read (each from its own section and variables), and
    /// whose order gives the defaults of `providers` and `dedupe.priority`.
    public var catalog: ProviderCatalog
    /// The provider ids a file may name (in `providers` and `dedupe.priority`); `nil` accepts
    /// any well-formed id. The CLI passes the ids it registers, so a typo is an error.
    public var knownProviders: [ProviderID]?

    /// A loader reading `environment` and the settings of the providers in `catalog`, accepting
    /// the provider ids in `knownProviders` (any well-formed id when `nil`).
    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        catalog: ProviderCatalog,
        knownProviders: [ProviderID]? = nil
    ) {
        self.environment = environment
        self.catalog = catalog
        self.knownProviders = knownProviders
    }

    /// The user's config file path (see `DataDirectories`); `nil` without a home directory.
    public var userConfigFile: URL? {
        try? DataDirectories(environment: environment).configFile
    }

    /// Loads the layers. `explicitFile` is `--config FILE`.
    public func load(explicitFile: String? = nil) async throws(ConfigurationError) -> VenuesConfiguration {
        let keys = ConfigurationKeys(catalog: catalog)
        var layers = [SettingsLayer.environment(environment, keys: keys)]
        if let explicit = explicitFile ?? environment["VENUES_CONFIG"].flatMap({ $0.isEmpty ? nil : $0 }) {
            guard FileManager.default.fileExists(atPath: explicit) else { throw .missingFile(explicit) }
            layers.append(try await .file(explicit, keys: keys))
        }
        if let user = userConfigFile?.path, FileManager.default.fileExists(atPath: user) {
            layers.append(try await .file(user, keys: keys))
        }
        let audit = SettingsAudit()
        let reader = SettingsReader(
            reader: ConfigReader(providers: layers.map(\.provider), accessReporter: audit),
            audit: audit,
            layers: layers
        )
        return try reader.configuration(catalog: catalog, knownProviders: knownProviders)
    }
}

/// One source of settings: the environment, or a JSON file.
struct SettingsLayer: Sendable {
    /// What answers lookups.
    var provider: any ConfigProvider
    /// The file's path, or `nil` for the environment.
    var path: String?
    /// The environment variables that set a key, by key.
    var variables: [String: String] = [:]

    /// The variables of ``ConfigurationKeys/environment``, trimmed; empty ones count as unset.
    static func environment(_ environment: [String: String], keys: ConfigurationKeys) -> SettingsLayer {
        var variables: [String: String] = [:]
        for name in keys.environment.values {
            if let value = environment[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty {
                variables[name] = value
            }
        }
        let provider = EnvironmentVariablesProvider(
            environmentVariables: variables,
            secretsSpecifier: .specific(keys.secretVariables)
        )
        .mapKeys { key in
            keys.environment[key.description].map { AbsoluteConfigKey([$0]) } ?? key
        }
        return SettingsLayer(provider: provider, path: nil, variables: keys.environment)
    }

    /// A JSON file, checked for unknown keys as it is read.
    static func file(_ path: String, keys: ConfigurationKeys) async throws(ConfigurationError) -> SettingsLayer {
        do {
            let provider = try await FileProvider<CheckedJSONSnapshot>(
                parsingOptions: .init(keys: keys),
                filePath: FilePath(path)
            )
            return SettingsLayer(provider: provider, path: path)
        } catch let error as ConfigurationError {
            throw error.located(in: path)
        } catch {
            throw .unreadable(path: path, reason: "\(error)")
        }
    }

    /// Where a value of `key` from this layer came from: the file's path, or the variable.
    func source(of key: String) -> String {
        path ?? variables[key] ?? "environment"
    }
}

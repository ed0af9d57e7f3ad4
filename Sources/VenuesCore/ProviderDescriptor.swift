public import Foundation

/// Everything the package knows about one provider, in one value: its id and names, what it
/// owes in attribution, the settings it reads (file keys, environment variables, secrets), where
/// it stands in the merge, what it can do, and how it is made from its settings.
///
/// Each provider declares one in its own folder (`FoursquareProvider.descriptor`…); the list of
/// them (`ProviderRegistry.standard` in `VenuesEngine`) is the one place a build names its
/// providers. The configuration, `venues providers`, the merge order and the attribution read
/// that list (through ``ProviderCatalog``), so a new provider is one folder, a line in the
/// package (`providerPackages`) and one in the registry.
///
/// `Client` is what the factory is handed to reach the network (`any HTTPClient` for the
/// built-in providers); this module knows nothing of HTTP.
public struct ProviderDescriptor<Client: Sendable>: Sendable {
    /// What everyone but the factory reads.
    public var profile: ProviderProfile
    /// Makes the provider from its settings (defaults filled in), or explains why it cannot.
    public var make: @Sendable (ProviderSettings, ProviderContext<Client>) -> Result<any VenueProvider, ProviderError>

    public init(
        profile: ProviderProfile,
        make:
            @escaping @Sendable (ProviderSettings, ProviderContext<Client>) -> Result<any VenueProvider, ProviderError>
    ) {
        self.profile = profile
        self.make = make
    }
}

/// What a provider's factory is handed besides its settings.
public struct ProviderContext<Client: Sendable>: Sendable {
    /// How to reach the network.
    public var client: Client
    /// Where imported local indexes live (`$VENUES_DATA_DIR/osm` for OpenStreetMap), for the
    /// providers that answer from one; `nil` when there is none.
    public var indexDirectory: URL?

    public init(client: Client, indexDirectory: URL? = nil) {
        self.client = client
        self.indexDirectory = indexDirectory
    }
}

/// A provider's description: everything but how it is made.
public struct ProviderProfile: Sendable {
    /// The short id (`fsq`), the prefix of its venue ids and the name in `--providers`.
    public var id: ProviderID
    /// The name people know it by (`Foursquare`).
    public var displayName: String
    /// The line owed wherever its data is shown (`Powered by Foursquare`), or `nil`.
    public var attribution: String?
    /// The section of the configuration file holding its settings (`foursquare`).
    public var section: String
    /// The settings it reads.
    public var settings: [ProviderSetting]
    /// Its place in the merge: when several providers describe one place, the lowest rank
    /// gives the merged venue its id, name and coordinate (see `ProviderPriority`).
    public var mergeRank: Int
    /// What it can do.
    public var capabilities: ProviderCapabilities
    /// The endpoint it will ask, for `venues providers` (never a key).
    public var endpoint: @Sendable (ProviderSettings) -> String
    /// For a provider that answers only from data imported on this machine: why it has none to
    /// answer from with these settings and this index directory (``ProviderContext/indexDirectory``),
    /// or `nil` when it has some. Such a provider is left out of the default set (the CLI's
    /// providers when `--providers` is not given, the server's offer) until data is imported,
    /// and named explicitly it fails with the reason. `nil` for providers that always have
    /// something to ask.
    public var localDataReason: (@Sendable (ProviderSettings, URL?) -> String?)?
    /// At most this many calls to it at once from a server that many clients share (`venues
    /// serve`), when its operator asks for a limit (the public Overpass instances: two); `nil`
    /// for the server's default.
    public var sharedConcurrency: Int?

    public init(
        id: ProviderID,
        displayName: String,
        attribution: String?,
        section: String,
        settings: [ProviderSetting],
        mergeRank: Int,
        capabilities: ProviderCapabilities,
        endpoint: @escaping @Sendable (ProviderSettings) -> String,
        localDataReason: (@Sendable (ProviderSettings, URL?) -> String?)? = nil,
        sharedConcurrency: Int? = nil
    ) {
        self.id = id
        self.displayName = displayName
        self.attribution = attribution
        self.section = section
        self.settings = settings
        self.mergeRank = mergeRank
        self.capabilities = capabilities
        self.endpoint = endpoint
        self.localDataReason = localDataReason
        self.sharedConcurrency = sharedConcurrency
    }

    /// The setting named `name`.
    public func setting(_ name: String) -> ProviderSetting? { settings.first { $0.name == name } }

    /// The settings at their defaults, each from `default`.
    public var defaults: ProviderSettings {
        var values = ProviderSettings()
        for setting in settings {
            if let value = setting.defaultValue { values.set(setting.name, value, source: "default") }
        }
        return values
    }

    /// Why the provider cannot be used with `settings`, or `nil` when it can: a required
    /// setting (its key) is missing.
    public func unusableReason(_ settings: ProviderSettings) -> String? {
        guard let missing = self.settings.first(where: { $0.isRequired && settings.text($0.name) == nil }) else {
            return nil
        }
        let key = "\(section).\(missing.name)"
        return missing.environmentVariable.map { "\($0) is not set (or \(key) in your config file)" }
            ?? "\(key) is not set in your config file"
    }
}

/// One setting a provider reads: `section.name` in the configuration file, optionally an
/// environment variable.
public struct ProviderSetting: Sendable, Hashable {
    /// What the value is.
    public enum Kind: Sendable, Hashable {
        /// Text (a URL, a language code).
        case text
        /// Text never printed or logged (an API key); an empty value counts as unset.
        case secret
        /// `true` or `false`.
        case flag
        /// A whole number, zero or more (a budget of requests).
        case count
    }

    /// The key inside the provider's section (`apiKey`).
    public var name: String
    public var kind: Kind
    /// The environment variable that sets it, if any (`FOURSQUARE_API_KEY`).
    public var environmentVariable: String?
    /// The built-in value, or `nil` for none.
    public var defaultValue: ProviderSettings.Value?
    /// The only values accepted, when the setting is a choice.
    public var allowedValues: [String]?
    /// Whether the provider is unusable without it.
    public var isRequired: Bool
    /// Whether `venues providers` lists its value (never for a secret).
    public var isListed: Bool

    public init(
        _ name: String,
        kind: Kind = .text,
        environmentVariable: String? = nil,
        defaultValue: ProviderSettings.Value? = nil,
        allowedValues: [String]? = nil,
        isRequired: Bool = false,
        isListed: Bool = false
    ) {
        self.name = name
        self.kind = kind
        self.environmentVariable = environmentVariable
        self.defaultValue = defaultValue
        self.allowedValues = allowedValues
        self.isRequired = isRequired
        self.isListed = isListed && kind != .secret
    }
}

/// The profiles of a build's providers, in the order they are listed: what the configuration,
/// the output and the merge read.
public struct ProviderCatalog: Sendable {
    public var profiles: [ProviderProfile]

    public init(_ profiles: [ProviderProfile]) {
        self.profiles = profiles
    }

    /// The ids, in the listed order.
    public var ids: [ProviderID] { profiles.map(\.id) }

    /// The profile of `id`, or `nil` for a provider this build does not know.
    public func profile(_ id: ProviderID) -> ProviderProfile? { profiles.first { $0.id == id } }

    /// The merge order, most trusted first: by rank, ties in the listed order.
    public var mergeOrder: [ProviderID] {
        profiles.enumerated().sorted { ($0.element.mergeRank, $0.offset) < ($1.element.mergeRank, $1.offset) }
            .map(\.element.id)
    }

    /// The attribution lines owed to the providers in `shown`, in the listed order.
    public func attribution(for shown: Set<ProviderID>) -> [String] {
        profiles.filter { shown.contains($0.id) }.compactMap(\.attribution)
    }
}

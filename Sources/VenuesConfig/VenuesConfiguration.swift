import Foundation
public import VenuesCore

/// Every setting of `venues`, with the built-in defaults that `Config/venues.example.json`
/// documents.
///
/// Settings are layered, later layers winning (see ``ConfigurationLoader``): built-in defaults,
/// the user's config file, `--config FILE` (or `$VENUES_CONFIG`), environment variables, flags.
/// A file only needs the keys it changes.
///
/// API keys never appear in this value's description, debug description or mirror (so not in
/// `print`, string interpolation or `dump` either).
public struct VenuesConfiguration: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The centre used when `--near` is not given; `nil` lets Foursquare locate the caller
    /// or falls back to Amsterdam Centraal.
    public var defaultLocation: Coordinate?
    /// Search radius in metres.
    public var radius: Int = VenueQuery.defaultRadius
    /// Most venues listed.
    public var limit: Int = VenueQuery.defaultLimit
    /// Per-provider timeout in seconds.
    public var timeout: Double = VenueQuery.defaultTimeout
    /// Providers used when `--providers` is not given (those of them that are usable).
    public var providers: [ProviderID] = []
    /// Each provider's settings (see ``ProviderProfile/settings``), by provider.
    public var providerSettings: [ProviderID: ProviderSettings] = [:]
    /// Response cache settings.
    public var cache = Cache()
    /// Deduplication settings.
    public var dedupe = Dedupe()
    /// `venues serve`'s settings.
    public var serve = Serve()

    /// No providers: what ``init(catalog:)`` fills in is left empty.
    public init() {}

    /// The built-in defaults for the providers in `catalog`: all of them used, merged in the
    /// catalog's merge order, each with its settings' defaults.
    public init(catalog: ProviderCatalog) {
        providers = catalog.ids
        dedupe.priority = catalog.mergeOrder
        for profile in catalog.profiles {
            providerSettings[profile.id] = profile.defaults
        }
    }

    /// A provider's settings; empty for a provider with none. Set through it to change one.
    public subscript(provider: ProviderID) -> ProviderSettings {
        get { providerSettings[provider] ?? ProviderSettings() }
        set { providerSettings[provider] = newValue }
    }

    /// Every setting, keys redacted.
    public var description: String {
        let location = defaultLocation.map { "\($0)" } ?? "none"
        let settings = providerSettings.keys.sorted().map { "\($0): [\(providerSettings[$0]!)]" }
        return """
            VenuesConfiguration(defaultLocation: \(location), radius: \(radius), limit: \(limit), \
            timeout: \(timeout), providers: \(providers.map(\.rawValue)), \(settings.joined(separator: ", ")), \
            cache: \(cache.enabled ? "\(cache.ttl) s" : "off"), \
            dedupe priority: \(dedupe.priority.map(\.rawValue)))
            """
    }

    public var debugDescription: String { description }

    /// Response cache settings.
    public struct Cache: Sendable, Hashable {
        /// How long a cached response is fresh, in seconds.
        public var ttl: Double = 900
        /// Whether responses are cached at all.
        public var enabled: Bool = true
        public init() {}
    }

    /// `venues serve`'s settings.
    public struct Serve: Sendable, Hashable {
        /// The rate limit of clients whose token sets none (`serve.rateLimit`, e.g. `120/min`,
        /// with `serve.burst`); `nil`: none.
        public var rateLimit: RateLimit?
        public init() {}
    }

    /// Deduplication settings.
    public struct Dedupe: Sendable, Hashable {
        /// Which provider's name and coordinate a merged venue shows, most trusted first.
        public var priority: [ProviderID] = []
        public init() {}
    }
}

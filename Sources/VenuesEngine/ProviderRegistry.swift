public import Foundation
import FoursquareProvider
import GooglePlacesProvider
import OverpassProvider
import OvertureProvider
public import VenuesConfig
public import VenuesCore
public import VenuesHTTP

/// The providers of a build, each a ``ProviderDescriptor`` declared in its own folder, and how
/// a ``VenuesConfiguration`` turns them into provider instances, for the `venues` CLI, the
/// server and any program that wants the same set-up.
///
/// ``standard`` is the one list: registering a new provider is one line there (see
/// `docs/providers.md`). The configuration (``catalog``), `venues providers`, the merge order
/// and the attribution all read it.
///
/// ```swift
/// let registry = ProviderRegistry.standard
/// let configuration = try await ConfigurationLoader(catalog: registry.catalog).load()
/// let providers = registry.ids.compactMap { id in
///     try? registry.make(id, configuration: configuration, httpClient: CurlHTTPClient()).get()
/// }
/// ```
public struct ProviderRegistry: Sendable {
    /// The providers, in the order they are listed.
    public var descriptors: [ProviderDescriptor<any HTTPClient>]

    /// A registry of `descriptors`, in that order.
    public init(_ descriptors: [ProviderDescriptor<any HTTPClient>]) {
        self.descriptors = descriptors
    }

    /// Every provider this build knows.
    public static let standard = ProviderRegistry([
        FoursquareProvider.descriptor,
        GooglePlacesProvider.descriptor,
        OverpassProvider.descriptor,
        OvertureProvider.descriptor,
    ])

    /// The ids of ``standard``, in the order they are listed.
    public static var knownIDs: [ProviderID] { standard.ids }

    /// The ids, in the order they are listed.
    public var ids: [ProviderID] { descriptors.map(\.profile.id) }

    /// What the configuration, the output and the merge read.
    public var catalog: ProviderCatalog { ProviderCatalog(descriptors.map(\.profile)) }

    /// The descriptor of `id`, or `nil` for a provider this registry does not know.
    public func descriptor(_ id: ProviderID) -> ProviderDescriptor<any HTTPClient>? {
        descriptors.first { $0.profile.id == id }
    }

    /// A provider's settings in `configuration`, over its defaults.
    public func settings(_ id: ProviderID, configuration: VenuesConfiguration) -> ProviderSettings {
        var settings = descriptor(id)?.profile.defaults ?? ProviderSettings()
        let configured = configuration[id]
        for name in configured.names {
            if let entry = configured.entry(name) { settings.set(name, entry.value, source: entry.source) }
        }
        return settings
    }

    /// Why a provider cannot be used with this configuration, or `nil` when it can.
    public func unusableReason(_ id: ProviderID, configuration: VenuesConfiguration) -> String? {
        guard let profile = descriptor(id)?.profile else { return "unknown provider" }
        return profile.unusableReason(settings(id, configuration: configuration))
    }

    /// Why a provider cannot be used with this configuration and these imported indexes, or
    /// `nil` when it can: ``unusableReason(_:configuration:)``, then, for a provider that answers
    /// only from imported data, that it has none (``ProviderProfile/localDataReason``).
    public func unusableReason(
        _ id: ProviderID,
        configuration: VenuesConfiguration,
        osmIndexDirectory: URL?
    ) -> String? {
        if let reason = unusableReason(id, configuration: configuration) { return reason }
        return descriptor(id)?.profile.localDataReason?(settings(id, configuration: configuration), osmIndexDirectory)
    }

    /// Creates the provider, or explains why it cannot be created. `osmIndexDirectory` holds the
    /// imported indexes the providers that answer from local indexes may use.
    public func make(
        _ id: ProviderID,
        configuration: VenuesConfiguration,
        httpClient: any HTTPClient,
        osmIndexDirectory: URL? = nil
    ) -> Result<any VenueProvider, ProviderError> {
        guard let descriptor = descriptor(id) else {
            return .failure(.unsupported("\(id) is not known to this build"))
        }
        let settings = settings(id, configuration: configuration)
        if let reason = descriptor.profile.unusableReason(settings) {
            return .failure(.unauthorized(reason))
        }
        if let reason = descriptor.profile.localDataReason?(settings, osmIndexDirectory) {
            return .failure(.misconfigured(reason))
        }
        return descriptor.make(settings, ProviderContext(client: httpClient, indexDirectory: osmIndexDirectory))
    }

    /// Where the endpoint setting came from: `default`, an environment variable or a file path.
    public func endpointSource(_ id: ProviderID, configuration: VenuesConfiguration) -> String {
        settings(id, configuration: configuration).source("url") ?? "default"
    }

    /// The endpoint a provider uses, for `venues providers` (never a key).
    public func endpoint(_ id: ProviderID, configuration: VenuesConfiguration) -> String {
        guard let profile = descriptor(id)?.profile else { return "-" }
        return profile.endpoint(settings(id, configuration: configuration))
    }

    /// What to set when no provider is usable: each key a provider needs, and the providers
    /// that need none (`set FOURSQUARE_API_KEY or GOOGLE_PLACES_API_KEY, or use --providers osm`).
    public var setupHint: String {
        let keys = descriptors.compactMap { descriptor in
            descriptor.profile.settings.first(where: \.isRequired)?.environmentVariable
        }
        let free = descriptors.filter { !$0.profile.settings.contains(where: \.isRequired) }.map(\.profile.id.rawValue)
        var hint = keys.isEmpty ? "" : "set \(keys.joined(separator: " or "))"
        if !free.isEmpty {
            hint += (hint.isEmpty ? "" : ", or ") + "use --providers \(free.joined(separator: ","))"
        }
        return hint
    }
}

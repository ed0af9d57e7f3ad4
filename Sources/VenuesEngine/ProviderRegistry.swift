public import Foundation
import FoursquareProvider
import GooglePlacesProvider
import OverpassProvider
public import VenuesConfig
public import VenuesCore
public import VenuesHTTP

/// Turns a ``VenuesConfiguration`` into provider instances, for the `venues` CLI, the server
/// and any program that wants the same set-up. Registering a new provider is one entry in
/// ``knownIDs`` and one case in ``make(_:configuration:httpClient:)`` and
/// ``unusableReason(_:configuration:)``.
///
/// ```swift
/// let configuration = try await ConfigurationLoader().load()
/// let providers = ProviderRegistry.knownIDs.compactMap { id in
///     try? ProviderRegistry.make(id, configuration: configuration, httpClient: CurlHTTPClient()).get()
/// }
/// ```
public enum ProviderRegistry {
    /// Every provider this build knows, in the order they are listed.
    public static let knownIDs: [ProviderID] = [.foursquare, .google, .openStreetMap]

    /// Why a provider cannot be used with this configuration, or `nil` when it can.
    public static func unusableReason(_ id: ProviderID, configuration: VenuesConfiguration) -> String? {
        switch id {
        case .foursquare:
            configuration.foursquare.apiKey == nil
                ? "FOURSQUARE_API_KEY is not set (or foursquare.apiKey in your config file)" : nil
        case .google:
            configuration.google.apiKey == nil
                ? "GOOGLE_PLACES_API_KEY is not set (or google.apiKey in your config file)" : nil
        case .openStreetMap:
            nil
        default:
            "unknown provider"
        }
    }

    /// Creates the provider, or explains why it cannot be created. `osmIndexDirectory` holds the
    /// imported OpenStreetMap indexes the `osm` provider may answer from.
    public static func make(
        _ id: ProviderID,
        configuration: VenuesConfiguration,
        httpClient: any HTTPClient,
        osmIndexDirectory: URL? = nil
    ) -> Result<any VenueProvider, ProviderError> {
        if let reason = unusableReason(id, configuration: configuration) {
            return .failure(.unauthorized(reason))
        }
        switch id {
        case .foursquare:
            let api = FoursquareProvider.Configuration.API(configValue: configuration.foursquare.api) ?? .places20250617
            let baseURL: Result<URL?, ProviderError> =
                configuration.foursquare.url.map { text in
                    keyedURL(text, setting: "VENUES_FOURSQUARE_URL / foursquare.url").map { Optional($0) }
                } ?? .success(nil)
            return baseURL.map { url in
                FoursquareProvider(
                    configuration: .init(apiKey: configuration.foursquare.apiKey ?? "", api: api, baseURL: url),
                    httpClient: httpClient
                )
            }
        case .google:
            return keyedURL(configuration.google.url, setting: "VENUES_GOOGLE_PLACES_URL / google.url").map { url in
                GooglePlacesProvider(
                    configuration: .init(
                        apiKey: configuration.google.apiKey ?? "",
                        baseURL: url,
                        languageCode: configuration.google.language
                    ),
                    httpClient: httpClient
                )
            }
        case .openStreetMap:
            do throws(ProviderError) {
                let endpoint = try OverpassProvider.Configuration.endpoint(parsing: configuration.overpass.url)
                let indexes = configuration.overpass.useIndexes ? osmIndexDirectory : nil
                return .success(
                    OverpassProvider(
                        configuration: .init(endpoint: endpoint, indexDirectory: indexes),
                        httpClient: httpClient
                    )
                )
            } catch {
                return .failure(.badRequest("VENUES_OVERPASS_URL / overpass.url: \(error.message)"))
            }
        default:
            return .failure(.unsupported("\(id) is not known to this build"))
        }
    }

    /// An absolute http(s) URL, or an error naming the setting.
    public static func webURL(_ text: String, setting: String) -> Result<URL, ProviderError> {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host != nil
        else {
            return .failure(.badRequest("\(setting) '\(text)' is not an http(s) URL"))
        }
        return .success(url)
    }

    /// An http(s) URL that an API key may be sent to: `https`, or plain `http` to a loopback
    /// address only (see `KeyTransport`); otherwise an error naming the setting.
    public static func keyedURL(_ text: String, setting: String) -> Result<URL, ProviderError> {
        webURL(text, setting: setting).flatMap { url in
            KeyTransport.mayCarryKey(to: url)
                ? .success(url) : .failure(.badRequest(KeyTransport.refusal(url: url, setting: setting)))
        }
    }

    /// Where the endpoint setting came from: `default`, an environment variable or a file path.
    public static func endpointSource(_ id: ProviderID, configuration: VenuesConfiguration) -> String {
        switch id {
        case .foursquare: configuration.foursquare.urlSource
        case .google: configuration.google.urlSource
        case .openStreetMap: configuration.overpass.urlSource
        default: "-"
        }
    }

    /// The endpoint a provider uses, for `venues providers` (never a key).
    public static func endpoint(_ id: ProviderID, configuration: VenuesConfiguration) -> String {
        switch id {
        case .foursquare:
            configuration.foursquare.url
                ?? (configuration.foursquare.api == "v3"
                    ? "https://api.foursquare.com" : "https://places-api.foursquare.com")
        case .google: configuration.google.url
        case .openStreetMap: configuration.overpass.url
        default: "-"
        }
    }
}

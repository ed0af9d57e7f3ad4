import Foundation
import FoursquareProvider
import GooglePlacesProvider
import OverpassProvider
import VenuesAggregator
import VenuesConfig
import VenuesCore
import VenuesHTTP

/// Turns the configuration into provider instances. Registering a new provider is one entry
/// in ``knownIDs`` and one case in ``make(_:configuration:httpClient:)``.
enum ProviderRegistry {
    /// Every provider this build knows, in the order they are listed.
    static let knownIDs: [ProviderID] = [.foursquare, .google, .openStreetMap]

    /// Why a provider cannot be used with this configuration, or `nil` when it can.
    static func unusableReason(_ id: ProviderID, configuration: VenuesConfiguration) -> String? {
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
    static func make(
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
                    webURL(text, setting: "VENUES_FOURSQUARE_URL / foursquare.url").map { Optional($0) }
                } ?? .success(nil)
            return baseURL.map { url in
                FoursquareProvider(
                    configuration: .init(apiKey: configuration.foursquare.apiKey ?? "", api: api, baseURL: url),
                    httpClient: httpClient
                )
            }
        case .google:
            return webURL(configuration.google.url, setting: "VENUES_GOOGLE_PLACES_URL / google.url").map { url in
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
    static func webURL(_ text: String, setting: String) -> Result<URL, ProviderError> {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host != nil
        else {
            return .failure(.badRequest("\(setting) '\(text)' is not an http(s) URL"))
        }
        return .success(url)
    }

    /// Where the endpoint setting came from: `default`, an environment variable or a file path.
    static func endpointSource(_ id: ProviderID, configuration: VenuesConfiguration) -> String {
        switch id {
        case .foursquare: configuration.foursquare.urlSource
        case .google: configuration.google.urlSource
        case .openStreetMap: configuration.overpass.urlSource
        default: "-"
        }
    }

    /// The endpoint a provider uses, for `venues providers` (never a key).
    static func endpoint(_ id: ProviderID, configuration: VenuesConfiguration) -> String {
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

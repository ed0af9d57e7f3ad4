import Foundation
public import VenuesCore
public import VenuesHTTP

extension FoursquareProvider {
    /// Foursquare as the package registers it: id `fsq`, the `foursquare` settings section
    /// (`url`, `api`, `apiKey` from `FOURSQUARE_API_KEY`, `budget.daily`, `budget.monthly`), second
    /// in the merge.
    public static let descriptor = ProviderDescriptor<any HTTPClient>(
        profile: ProviderProfile(
            id: .foursquare,
            displayName: "Foursquare",
            attribution: "Powered by Foursquare",
            section: "foursquare",
            settings: [
                ProviderSetting("url", environmentVariable: "VENUES_FOURSQUARE_URL"),
                ProviderSetting(
                    "api",
                    defaultValue: .text("2025-06-17"),
                    allowedValues: ["2025-06-17", "v3"],
                    isListed: true
                ),
                ProviderSetting("apiKey", kind: .secret, environmentVariable: "FOURSQUARE_API_KEY", isRequired: true),
            ] + ProviderBudget.settings,
            mergeRank: 2,
            capabilities: [.nearby, .textSearch, .lookup, .locatesCallerWithoutCentre],
            endpoint: { settings in
                settings.text("url")
                    ?? (Configuration.API(configValue: settings.text("api") ?? "") ?? .places20250617).defaultBaseURL
                    .absoluteString
            }
        ),
        make: { settings, context in
            let api = Configuration.API(configValue: settings.text("api") ?? "") ?? .places20250617
            let baseURL: Result<URL?, ProviderError> =
                settings.text("url").map { text in
                    KeyTransport.keyedURL(text, setting: "VENUES_FOURSQUARE_URL / foursquare.url").map { Optional($0) }
                } ?? .success(nil)
            return baseURL.map { url in
                FoursquareProvider(
                    configuration: .init(apiKey: settings.text("apiKey") ?? "", api: api, baseURL: url),
                    httpClient: context.client
                )
            }
        }
    )
}

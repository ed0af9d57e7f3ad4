import Foundation
public import VenuesCore
public import VenuesHTTP

extension GooglePlacesProvider {
    /// Google Places (New) as the package registers it: id `google`, the `google` settings
    /// section (`url`, `apiKey` from `GOOGLE_PLACES_API_KEY`, `language`, `budget.daily`,
    /// `budget.monthly`), first in the merge.
    public static let descriptor = ProviderDescriptor<any HTTPClient>(
        profile: ProviderProfile(
            id: .google,
            displayName: "Google Places",
            attribution: "Google Maps",
            section: "google",
            settings: [
                ProviderSetting(
                    "url",
                    environmentVariable: Configuration.baseURLEnvironmentVariable,
                    defaultValue: .text(Configuration.defaultBaseURL.absoluteString)
                ),
                ProviderSetting(
                    "apiKey",
                    kind: .secret,
                    environmentVariable: Configuration.apiKeyEnvironmentVariable,
                    isRequired: true
                ),
                ProviderSetting("language"),
            ] + ProviderBudget.settings,
            mergeRank: 1,
            capabilities: [.nearby, .textSearch, .lookup],
            endpoint: { settings in settings.text("url") ?? Configuration.defaultBaseURL.absoluteString }
        ),
        make: { settings, context in
            let url = settings.text("url") ?? Configuration.defaultBaseURL.absoluteString
            return KeyTransport.keyedURL(url, setting: "VENUES_GOOGLE_PLACES_URL / google.url").map { url in
                GooglePlacesProvider(
                    configuration: .init(
                        apiKey: settings.text("apiKey") ?? "",
                        baseURL: url,
                        languageCode: settings.text("language")
                    ),
                    httpClient: context.client
                )
            }
        }
    )
}

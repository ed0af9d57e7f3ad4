// The example of Providers/Foursquare/README.md (compiled as written).
// docs-example: Providers/Foursquare/README.md
import Foundation
import FoursquareProvider
import VenuesHTTP

/// The provider with the key from the environment, every setting spelled out.
func makeFoursquareProvider() -> FoursquareProvider {
    let configuration = FoursquareProvider.Configuration(
        apiKey: ProcessInfo.processInfo.environment["FOURSQUARE_API_KEY"] ?? "",
        api: .places20250617,  // or .v3; from text: API(configValue: "v3")
        baseURL: nil,  // nil: the api's default host
        maxPages: 5  // page cap per search (50 places a page)
    )
    return FoursquareProvider(configuration: configuration, httpClient: CurlHTTPClient())
}
// docs-example-end

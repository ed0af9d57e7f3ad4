// The example of Providers/GooglePlaces/README.md (compiled as written).
// docs-example: Providers/GooglePlaces/README.md
import GooglePlacesProvider
import VenuesHTTP

/// The provider with every setting spelled out.
func makeGooglePlacesProvider(key: String) -> GooglePlacesProvider {
    GooglePlacesProvider(
        configuration: .init(
            apiKey: key,  // required
            baseURL: nil,  // default https://places.googleapis.com
            languageCode: "en",  // default nil: Google chooses
            maxPages: 3  // Text Search pages at most: 1…3, default 3
        ),
        httpClient: CurlHTTPClient()
    )
}
// docs-example-end

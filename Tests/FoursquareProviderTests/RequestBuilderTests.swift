import Foundation
import Testing
import VenuesCore
import VenuesHTTP

@testable import FoursquareProvider

@Suite("Foursquare request building (pure)")
struct RequestBuilderTests {
    private func items(_ request: HTTPRequest) -> [String: String] {
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)!
        return Dictionary(uniqueKeysWithValues: (components.queryItems ?? []).map { ($0.name, $0.value ?? "") })
    }

    @Test("2025-06-17: host, path, bearer key, version header, Accept")
    func newAPIRequest() {
        let request = FoursquareRequestBuilder.searchRequest(
            VenueQuery(center: helsinki),
            configuration: .init(apiKey: " \(testKey)\n")
        )
        #expect(request.method == .get)
        #expect(request.url.scheme == "https")
        #expect(request.url.host == "places-api.foursquare.com")
        #expect(request.url.path == "/places/search")
        #expect(request.headers["Authorization"] == "Bearer \(testKey)")
        #expect(request.headers["X-Places-Api-Version"] == "2025-06-17")
        #expect(request.headers["Accept"] == "application/json")
        #expect(!request.url.absoluteString.contains(testKey))
    }

    @Test("v3: legacy host and path, raw key, version 1970-01-01")
    func legacyRequest() {
        let request = FoursquareRequestBuilder.searchRequest(
            VenueQuery(center: helsinki),
            configuration: .init(apiKey: testKey, api: .v3)
        )
        #expect(request.url.host == "api.foursquare.com")
        #expect(request.url.path == "/v3/places/search")
        #expect(request.headers["Authorization"] == testKey)
        #expect(request.headers["X-Places-Api-Version"] == "1970-01-01")
    }

    @Test("a base URL with a path prefix keeps it; the trailing slash does not double")
    func basePrefix() {
        let configuration = FoursquareProvider.Configuration(
            apiKey: testKey,
            baseURL: URL(string: "http://127.0.0.1:8080/proxy/fsq/")!
        )
        let request = FoursquareRequestBuilder.searchRequest(VenueQuery(center: helsinki), configuration: configuration)
        #expect(request.url.absoluteString.hasPrefix("http://127.0.0.1:8080/proxy/fsq/places/search?"))
    }

    @Test("nearby query: ll, radius, sort, limit and the exact fields list")
    func nearbyParameters() {
        let query = VenueQuery(center: helsinki, radius: 750, limit: 20, sort: .distance)
        let values = items(FoursquareRequestBuilder.searchRequest(query, configuration: .init(apiKey: testKey)))
        #expect(values["ll"] == "60.171634,24.944295")
        #expect(values["radius"] == "750")
        #expect(values["sort"] == "DISTANCE")
        #expect(values["limit"] == "20")
        #expect(
            values["fields"]
                == "fsq_place_id,name,latitude,longitude,location,categories,tel,website,rating,chains"
        )
        #expect(values["query"] == nil)
        #expect(values["fsq_category_ids"] == nil)
    }

    @Test("v3 fields name fsq_id and geocodes, and ask for tel and website explicitly")
    func legacyFields() {
        let values = items(
            FoursquareRequestBuilder.searchRequest(
                VenueQuery(center: helsinki),
                configuration: .init(apiKey: testKey, api: .v3)
            )
        )
        #expect(values["fields"] == "fsq_id,name,geocodes,location,categories,tel,website,rating,chains")
    }

    @Test("every field we ask for exists in the OpenAPI response schema of that version")
    func fieldsExistInSchema() throws {
        // Property names of `results.items` in shared/fixtures/foursquare/openapi-*.extract.json.
        let newSchema: Set = [
            "attributes", "categories", "chains", "date_closed", "date_created", "date_refreshed", "description",
            "distance", "email", "extended_location", "fsq_place_id", "hours", "hours_popular", "latitude", "link",
            "location", "longitude", "menu", "name", "photos", "place_actions", "placemaker_url", "plugins",
            "popularity", "price", "rating", "related_places", "social_media", "stats", "store_id", "tastes", "tel",
            "tips", "unresolved_flags", "veracity_rating", "verified", "website",
        ]
        let v3Schema: Set = [
            "categories", "chains", "closed_bucket", "date_closed", "description", "distance", "email", "fax",
            "features", "fsq_id", "geocodes", "hours", "hours_popular", "link", "location", "menu", "name", "photos",
            "popularity", "price", "rating", "related_places", "social_media", "stats", "store_id", "tastes", "tel",
            "timezone", "tips", "venue_reality_bucket", "verified", "website",
        ]
        #expect(Set(FoursquareRequestBuilder.detailFields(.places20250617)).isSubset(of: newSchema))
        #expect(Set(FoursquareRequestBuilder.detailFields(.v3)).isSubset(of: v3Schema))
    }

    @Test("text search sends the term percent-encoded; & = + # cannot split the query")
    func textSearch() {
        let term = "Café & bar = #1 + más"
        let request = FoursquareRequestBuilder.searchRequest(
            VenueQuery(center: helsinki, term: term, sort: .name),
            configuration: .init(apiKey: testKey)
        )
        #expect(items(request)["query"] == term)
        #expect(items(request)["sort"] == "RELEVANCE")
        #expect(request.url.absoluteString.contains("query=Caf%C3%A9%20%26%20bar%20%3D%20%231%20%2B%20m%C3%A1s"))
    }

    @Test(
        "sort mapping",
        arguments: [
            (VenueSort.distance, false, "DISTANCE"), (.rating, false, "RATING"), (.name, false, "DISTANCE"),
            (.distance, true, "DISTANCE"), (.rating, true, "RATING"), (.name, true, "RELEVANCE"),
        ]
    )
    func sortMapping(sort: VenueSort, text: Bool, expected: String) {
        let query = VenueQuery(center: helsinki, term: text ? "pizza" : nil, sort: sort)
        #expect(FoursquareRequestBuilder.sort(query) == expected)
    }

    @Test("limit is capped at 50 per page and radius at 100 000 m")
    func clamps() {
        let query = VenueQuery(center: helsinki, radius: 250_000, limit: 120)
        let values = items(FoursquareRequestBuilder.searchRequest(query, configuration: .init(apiKey: testKey)))
        #expect(values["limit"] == "50")
        #expect(values["radius"] == "100000")
        #expect(FoursquareRequestBuilder.pageSize(0) == 1)
        #expect(FoursquareRequestBuilder.pageSize(7) == 7)
    }

    @Test("no centre: no ll (Foursquare locates the caller by IP), radius still sent")
    func ipLocated() {
        let values = items(
            FoursquareRequestBuilder.searchRequest(VenueQuery(center: nil), configuration: .init(apiKey: testKey))
        )
        #expect(values["ll"] == nil)
        #expect(values["radius"] == "1000")
    }

    @Test("coordinates are printed without exponent or float noise")
    func degrees() {
        #expect(FoursquareRequestBuilder.degrees(0.00001) == "0.00001")
        #expect(FoursquareRequestBuilder.degrees(-33.8688) == "-33.8688")
        #expect(FoursquareRequestBuilder.degrees(-0.0) == "0")
        #expect(FoursquareRequestBuilder.degrees(52.3791) == "52.3791")
    }

    @Test("categories become fsq_category_ids (BSON) or categories (integers for v3)")
    func categoryFilter() {
        let query = VenueQuery(center: helsinki, categories: [.pub, .cafe])
        let new = items(FoursquareRequestBuilder.searchRequest(query, configuration: .init(apiKey: testKey)))
        #expect(
            new["fsq_category_ids"]
                == "63be6904847c3692a84b9bb6,4bf58dd8d48988d16d941735,4bf58dd8d48988d1e0931735,4bf58dd8d48988d11b941735"
        )
        #expect(new["categories"] == nil)
        let legacy = items(
            FoursquareRequestBuilder.searchRequest(query, configuration: .init(apiKey: testKey, api: .v3))
        )
        #expect(legacy["categories"] == "13032,13034,13035,13018")
        #expect(legacy["fsq_category_ids"] == nil)
    }

    @Test("every shared category has Foursquare ids of both kinds")
    func everyCategoryMapped() {
        for category in Category.allCases {
            let entries = FoursquareCategories.table[category] ?? []
            #expect(!entries.isEmpty, "\(category) has no Foursquare category")
            for entry in entries {
                #expect(entry.bson.count == 24 && entry.bson.allSatisfy(\.isHexDigit), "\(entry.label)")
                #expect((10000...19999).contains(entry.numeric), "\(entry.label)")
            }
        }
    }

    @Test("lookup: /places/{id} with the id escaped as one path segment and the detail fields")
    func lookupRequest() {
        let request = FoursquareRequestBuilder.placeRequest(native: "ab/c?d e", configuration: .init(apiKey: testKey))
        #expect(request.url.absoluteString.hasPrefix("https://places-api.foursquare.com/places/ab%2Fc%3Fd%20e?fields="))
        #expect(items(request)["fields"]?.hasSuffix(",hours,stats,photos") == true)
        #expect(
            items(request)["fields"]
                == "fsq_place_id,name,latitude,longitude,location,categories,tel,website,rating,chains,price,hours,stats,photos"
        )
        #expect(request.headers["Authorization"] == "Bearer \(testKey)")
        let legacy = FoursquareRequestBuilder.placeRequest(
            native: "4b0588f4f964a520bdc522e3",
            configuration: .init(apiKey: testKey, api: .v3)
        )
        #expect(legacy.url.path == "/v3/places/4b0588f4f964a520bdc522e3")
        #expect(
            items(legacy)["fields"]
                == "fsq_id,name,geocodes,location,categories,tel,website,rating,chains,price,hours,timezone,stats,photos"
        )
    }

    @Test("the configuration never shows its key")
    func configurationHidesKey() {
        let configuration = FoursquareProvider.Configuration(apiKey: testKey)
        #expect(!configuration.description.contains(testKey))
        #expect(!String(reflecting: configuration).contains(testKey))
        var dumped = ""
        dump(configuration, to: &dumped)
        #expect(!dumped.contains(testKey))
        #expect(configuration.description.contains("key set"))
    }

    @Test("api values from configuration text")
    func apiParsing() {
        #expect(FoursquareProvider.Configuration.API(configValue: "v3") == .v3)
        #expect(FoursquareProvider.Configuration.API(configValue: " 2025-06-17 ") == .places20250617)
        #expect(FoursquareProvider.Configuration.API(configValue: "v2") == nil)
        #expect(
            FoursquareProvider.Configuration(apiKey: "k", api: .v3).baseURL.absoluteString
                == "https://api.foursquare.com"
        )
        #expect(
            FoursquareProvider.Configuration(apiKey: "k").baseURL.absoluteString == "https://places-api.foursquare.com"
        )
    }
}

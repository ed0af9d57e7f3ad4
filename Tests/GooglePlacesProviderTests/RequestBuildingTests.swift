import Foundation
import GooglePlacesProvider
import Testing
import VenuesCore
import VenuesHTTP

@Suite("Request building")
struct RequestBuildingTests {
    let builder = GooglePlacesRequestBuilder(
        configuration: .init(apiKey: Harness.apiKey, baseURL: URL(string: "https://places.example.test")!)
    )

    func body(_ request: HTTPRequest) throws -> [String: Any] {
        let data = try #require(request.body)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func nearbyUsesHeadersNotURLForKeyAndMask() throws {
        let request = try builder.nearby(VenueQuery(center: Harness.helsinki, radius: 800)).request
        #expect(request.method == .post)
        #expect(request.url.absoluteString == "https://places.example.test/v1/places:searchNearby")
        #expect(request.url.query == nil)
        #expect(!request.url.absoluteString.contains(Harness.apiKey))
        #expect(request.headers["X-Goog-Api-Key"] == Harness.apiKey)
        #expect(request.headers["Content-Type"] == "application/json")
        let mask = try #require(request.headers["X-Goog-FieldMask"])
        #expect(mask == PinnedFieldMasks.nearby)
        #expect(!mask.contains("*"))
        #expect(mask.split(separator: ",").allSatisfy { $0.hasPrefix("places.") })
    }

    @Test func nearbyBodyHasCircleRestriction() throws {
        let query = VenueQuery(center: Harness.helsinki, radius: 800, limit: 7)
        let json = try body(builder.nearby(query).request)
        let circle = try #require((json["locationRestriction"] as? [String: Any])?["circle"] as? [String: Any])
        let center = try #require(circle["center"] as? [String: Any])
        #expect(center["latitude"] as? Double == 60.171634)
        #expect(center["longitude"] as? Double == 24.944295)
        #expect(circle["radius"] as? Double == 800)
        #expect(json["maxResultCount"] as? Int == 7)
        #expect(json["rankPreference"] as? String == "DISTANCE")
        #expect(json["includedTypes"] == nil)
        #expect(json["languageCode"] == nil)
        #expect(json["textQuery"] == nil)
    }

    @Test(arguments: [(1, 1), (5, 5), (20, 20), (21, 20), (50, 20), (0, 1), (-3, 1)])
    func maxResultCountStaysWithinOneToTwenty(limit: Int, expected: Int) throws {
        let json = try body(builder.nearby(VenueQuery(center: Harness.helsinki, limit: limit)).request)
        #expect(json["maxResultCount"] as? Int == expected)
    }

    @Test(arguments: [(VenueSort.distance, "DISTANCE"), (.rating, "POPULARITY"), (.name, "POPULARITY")])
    func nearbyRankPreferenceFollowsSort(sort: VenueSort, expected: String) throws {
        let json = try body(builder.nearby(VenueQuery(center: Harness.helsinki, sort: sort)).request)
        #expect(json["rankPreference"] as? String == expected)
    }

    @Test func categoriesBecomeTableATypes() throws {
        let json = try body(
            builder.nearby(VenueQuery(center: Harness.helsinki, categories: [.attraction, .cafe])).request
        )
        let types = try #require(json["includedTypes"] as? [String])
        #expect(types == ["tourist_attraction", "cafe", "coffee_shop"])
        #expect(!types.contains("attraction"))
    }

    @Test func everyCategoryHasSnakeCaseGoogleTypes() {
        for category in Category.allCases {
            let types = GooglePlacesTypes.requestTypes[category] ?? []
            #expect(!types.isEmpty, "\(category) has no Table A type")
            for type in types {
                #expect(type.allSatisfy { $0.isLowercase || $0 == "_" }, "\(type)")
                #expect(GooglePlacesTypes.categories(forTypes: [type]) == [category], "\(type) does not map back")
            }
        }
    }

    @Test func radiusAboveFiftyKilometresIsClampedWithANote() throws {
        let built = try builder.nearby(VenueQuery(center: Harness.helsinki, radius: 80_000))
        let circle = try #require(
            (body(built.request)["locationRestriction"] as? [String: Any])?["circle"] as? [String: Any]
        )
        #expect(circle["radius"] as? Double == 50_000)
        #expect(built.warnings.count == 1)
        #expect(built.warnings.first?.contains("80000") == true)
        let text = try builder.textSearch(VenueQuery(center: Harness.helsinki, radius: 100_000, term: "pizza"))
        let bias = try #require((body(text.request)["locationBias"] as? [String: Any])?["circle"] as? [String: Any])
        #expect(bias["radius"] as? Double == 50_000)
        #expect(text.warnings.count == 1)
    }

    @Test func radiusAtTheLimitIsNotClamped() throws {
        let built = try builder.nearby(VenueQuery(center: Harness.helsinki, radius: 50_000))
        #expect(built.warnings.isEmpty)
    }

    @Test func textSearchUsesBiasCircleAndPageSize() throws {
        let query = VenueQuery(center: Harness.helsinki, radius: 1500, term: "  pizza ", limit: 50)
        let request = try builder.textSearch(query).request
        #expect(request.url.absoluteString == "https://places.example.test/v1/places:searchText")
        #expect(request.headers["X-Goog-FieldMask"] == PinnedFieldMasks.textSearch)
        #expect(request.headers["X-Goog-FieldMask"]?.hasSuffix(",nextPageToken") == true)
        let json = try body(request)
        #expect(json["textQuery"] as? String == "pizza")
        #expect(json["pageSize"] as? Int == 20)
        #expect(json["pageToken"] == nil)
        #expect(json["locationRestriction"] == nil)
        let circle = try #require((json["locationBias"] as? [String: Any])?["circle"] as? [String: Any])
        #expect(circle["radius"] as? Double == 1500)
        #expect(json["maxResultCount"] == nil)
    }

    @Test func laterPagesDifferOnlyByPageToken() throws {
        let query = VenueQuery(center: Harness.helsinki, term: "pizza", categories: [.restaurant], limit: 60)
        var first = try body(builder.textSearch(query).request)
        var later = try body(builder.textSearch(query, pageToken: "token-2").request)
        #expect(later.removeValue(forKey: "pageToken") as? String == "token-2")
        first.removeValue(forKey: "pageToken")
        #expect(NSDictionary(dictionary: first).isEqual(to: later))
        #expect(first["includedType"] as? String == "restaurant")
    }

    @Test func textSearchWithSeveralCategoriesSendsNoIncludedType() throws {
        let query = VenueQuery(center: Harness.helsinki, term: "pizza", categories: [.restaurant, .bar])
        #expect(try body(builder.textSearch(query).request)["includedType"] == nil)
    }

    @Test func textSearchNeedsATerm() {
        #expect(throws: ProviderError.self) {
            try builder.textSearch(VenueQuery(center: Harness.helsinki, term: "   "))
        }
    }

    @Test func missingCentreIsUnsupported() {
        do {
            _ = try builder.nearby(VenueQuery(center: nil))
            Issue.record("expected an error")
        } catch {
            guard case .unsupported = error else {
                Issue.record("got \(error.kind)")
                return
            }
        }
    }

    @Test func languageCodeGoesInBodyAndDetailsQuery() throws {
        let builder = GooglePlacesRequestBuilder(configuration: .init(apiKey: "k", languageCode: "fi"))
        #expect(
            try body(builder.nearby(VenueQuery(center: Harness.helsinki)).request)["languageCode"] as? String == "fi"
        )
        let details = builder.details(placeID: "abc")
        #expect(details.url.query == "languageCode=fi")
    }

    @Test func detailsIsAGetWithItsOwnMaskAndEscapedID() throws {
        let request = builder.details(placeID: "ChIJ/odd id?x=1")
        #expect(request.method == .get)
        #expect(request.body == nil)
        #expect(
            request.url.absoluteString == "https://places.example.test/v1/places/ChIJ%2Fodd%20id%3Fx%3D1"
        )
        let mask = try #require(request.headers["X-Goog-FieldMask"])
        #expect(mask == PinnedFieldMasks.details)
        #expect(!mask.contains("places."))
        #expect(mask.contains("regularOpeningHours,currentOpeningHours,utcOffsetMinutes"))
        #expect(request.headers["X-Goog-Api-Key"] == Harness.apiKey)
        #expect(request.url.query == nil)
    }

    @Test func baseURLWithPathPrefixAndTrailingSlashIsKept() throws {
        let builder = GooglePlacesRequestBuilder(
            configuration: .init(apiKey: "k", baseURL: URL(string: "http://127.0.0.1:8080/proxy/google/")!)
        )
        let request = try builder.nearby(VenueQuery(center: Harness.helsinki)).request
        #expect(request.url.absoluteString == "http://127.0.0.1:8080/proxy/google/v1/places:searchNearby")
    }

    @Test func configurationFromEnvironment() throws {
        #expect(GooglePlacesProvider.Configuration(environment: [:]) == nil)
        #expect(GooglePlacesProvider.Configuration(environment: ["GOOGLE_PLACES_API_KEY": " "]) == nil)
        let plain = try #require(GooglePlacesProvider.Configuration(environment: ["GOOGLE_PLACES_API_KEY": "abc"]))
        #expect(plain.apiKey == "abc")
        #expect(plain.baseURL == GooglePlacesProvider.Configuration.defaultBaseURL)
        let proxied = try #require(
            GooglePlacesProvider.Configuration(
                environment: ["GOOGLE_PLACES_API_KEY": "abc", "VENUES_GOOGLE_PLACES_URL": "http://127.0.0.1:9/g"],
                languageCode: "sv"
            )
        )
        #expect(proxied.baseURL.absoluteString == "http://127.0.0.1:9/g")
        #expect(proxied.languageCode == "sv")
    }

    @Test(arguments: [(-5, 1), (0, 1), (1, 1), (2, 2), (3, 3), (4, 3), (60, 3), (Int.max, 3)])
    func maxPagesIsClampedToOneThroughThree(asked: Int, expected: Int) {
        let configuration = GooglePlacesProvider.Configuration(apiKey: Harness.apiKey, maxPages: asked)
        #expect(configuration.maxPages == expected)
        var assigned = GooglePlacesProvider.Configuration(apiKey: Harness.apiKey)
        assigned.maxPages = asked
        #expect(assigned.maxPages == expected)
        #expect(GooglePlacesProvider.Configuration.clampedMaxPages(asked) == expected)
    }

    @Test func maxPagesRangeIsOneThroughThree() {
        #expect(GooglePlacesProvider.Configuration.maxPagesRange == 1...3)
    }

    @Test func everyMaskIsPinnedToItsWrittenOutList() {
        #expect(GooglePlacesFieldMask.nearby == PinnedFieldMasks.nearby)
        #expect(GooglePlacesFieldMask.textSearch == PinnedFieldMasks.textSearch)
        #expect(GooglePlacesFieldMask.details == PinnedFieldMasks.details)
    }

    @Test func defaultConfiguration() {
        let configuration = GooglePlacesProvider.Configuration(apiKey: Harness.apiKey)
        #expect(configuration.baseURL.absoluteString == "https://places.googleapis.com")
        #expect(configuration.maxPages == 3)
        #expect(configuration.languageCode == nil)
        #expect(!configuration.description.contains(Harness.apiKey))
    }
}

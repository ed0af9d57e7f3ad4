import Foundation
import GooglePlacesProvider
import Testing
import VenuesCore
import VenuesHTTP

/// Checks what we send and ask for against Google's discovery document (revision 20261101).
@Suite("Discovery schema")
struct SchemaTests {
    let schema: DiscoverySchema
    let builder = GooglePlacesRequestBuilder(configuration: .init(apiKey: Harness.apiKey, languageCode: "en"))

    init() throws {
        schema = try DiscoverySchema.load()
    }

    /// The discovery document is Apache-2.0 (google-api-python-client): its licence text must
    /// travel with it in the copied `Fixtures` folder.
    @Test func theDiscoveryDocumentShipsWithItsApacheLicence() throws {
        let licence = String(decoding: try Fixtures.data("LICENSE-places.v1.discovery.txt"), as: UTF8.self)
        #expect(licence.contains("Apache License"))
        #expect(licence.contains("Version 2.0, January 2004"))
        #expect(licence.contains("TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION"))
        #expect(licence.contains("places.v1.discovery.json"))
        #expect(licence.contains("google-api-python-client"))
    }

    /// A spread of queries: every category, every sort, small and huge limits and radii.
    static let queries: [VenueQuery] = {
        var queries: [VenueQuery] = []
        let center = Harness.helsinki
        for category in Category.allCases {
            queries.append(VenueQuery(center: center, radius: 500, categories: [category], limit: 5))
        }
        for sort in VenueSort.allCases {
            for (radius, limit) in [(1, 1), (1000, 50), (50_000, 20), (50_001, 21), (100_000, 500)] {
                queries.append(VenueQuery(center: center, radius: radius, limit: limit, sort: sort))
            }
        }
        queries.append(VenueQuery(center: center, categories: Set(Category.allCases), limit: 60))
        queries.append(VenueQuery(center: try! Coordinate(latitude: -90, longitude: 180), radius: 10))
        return queries
    }()

    func json(_ request: HTTPRequest) throws -> [String: Any] {
        let data = try #require(request.body)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func circle(_ body: [String: Any], _ key: String) throws -> [String: Any] {
        try #require((body[key] as? [String: Any])?["circle"] as? [String: Any])
    }

    @Test func theDocumentIsTheExpectedRevision() {
        #expect(schema.revision == "20261101")
        #expect(schema.schemas["GoogleMapsPlacesV1SearchNearbyRequest"] != nil)
        #expect(schema.schemas["GoogleMapsPlacesV1SearchTextRequest"] != nil)
    }

    @Test func theCheckerCatchesUnknownFieldsAndBadEnums() {
        let bad: [String: Any] = [
            "maxResults": 5, "rankPreference": "NEAREST",
            "locationRestriction": ["circle": ["center": ["lat": 1.0, "longitude": 2.0], "radius": 5.0]],
        ]
        let problems = schema.violations(of: bad, against: "GoogleMapsPlacesV1SearchNearbyRequest")
        #expect(problems.count == 3, "\(problems)")
        #expect(
            !schema.violations(
                of: ["locationBias": ["circle": ["center": [:]]]],
                against: "GoogleMapsPlacesV1SearchNearbyRequest"
            )
            .isEmpty
        )
    }

    @Test func nearbyBodiesUseOnlySchemaFieldsAndRanges() throws {
        for query in Self.queries {
            let body = try json(builder.nearby(query).request)
            #expect(schema.violations(of: body, against: "GoogleMapsPlacesV1SearchNearbyRequest") == [], "\(query)")
            let count = try #require(body["maxResultCount"] as? Int)
            #expect((1...20).contains(count))
            let circle = try circle(body, "locationRestriction")
            let radius = try #require(circle["radius"] as? Double)
            #expect((0...50_000).contains(radius))
            #expect(((body["includedTypes"] as? [String]) ?? []).count <= 50)
        }
    }

    @Test func textBodiesUseOnlySchemaFieldsAndRanges() throws {
        for var query in Self.queries {
            query.term = "pizza"
            for token in [nil, "SyntheticPageToken-2"] {
                let body = try json(builder.textSearch(query, pageToken: token).request)
                #expect(schema.violations(of: body, against: "GoogleMapsPlacesV1SearchTextRequest") == [], "\(query)")
                let size = try #require(body["pageSize"] as? Int)
                #expect((1...20).contains(size))
                #expect(body["locationRestriction"] == nil)
                let radius = try #require(try circle(body, "locationBias")["radius"] as? Double)
                #expect((0...50_000).contains(radius))
            }
        }
    }

    @Test func ourLimitsMatchTheDocumentedRanges() {
        #expect(
            schema.description(of: "maxResultCount", in: "GoogleMapsPlacesV1SearchNearbyRequest")
                .contains("between 1 and \(GooglePlacesRequestBuilder.maxPageSize)")
        )
        #expect(
            schema.description(of: "pageSize", in: "GoogleMapsPlacesV1SearchTextRequest")
                .contains("The maximum value is \(GooglePlacesRequestBuilder.maxPageSize)")
        )
        #expect(
            schema.description(of: "radius", in: "GoogleMapsPlacesV1Circle")
                .contains("[0.0, \(GooglePlacesRequestBuilder.maxRadius).0]")
        )
    }

    @Test(arguments: [
        (GooglePlacesFieldMask.nearby, "GoogleMapsPlacesV1SearchNearbyResponse"),
        (GooglePlacesFieldMask.textSearch, "GoogleMapsPlacesV1SearchTextResponse"),
        (GooglePlacesFieldMask.nearbyWithHours, "GoogleMapsPlacesV1SearchNearbyResponse"),
        (GooglePlacesFieldMask.textSearchWithHours, "GoogleMapsPlacesV1SearchTextResponse"),
        (GooglePlacesFieldMask.details, "GoogleMapsPlacesV1Place"),
    ])
    func everyFieldMaskPathExists(mask: String, response: String) {
        let paths = mask.split(separator: ",").map(String.init)
        #expect(!paths.isEmpty)
        #expect(Set(paths).count == paths.count, "duplicate paths in \(mask)")
        for path in paths {
            #expect(path != "*" && !path.contains(" "))
            #expect(schema.unresolvedSegment(of: path, from: response) == nil, "\(path) in \(response)")
        }
    }

    @Test func theMaskCheckerRejectsWrongPaths() {
        #expect(
            schema.unresolvedSegment(of: "places.displayname", from: "GoogleMapsPlacesV1SearchNearbyResponse") != nil
        )
        #expect(schema.unresolvedSegment(of: "displayName", from: "GoogleMapsPlacesV1SearchNearbyResponse") != nil)
        #expect(schema.unresolvedSegment(of: "places.id", from: "GoogleMapsPlacesV1Place") != nil)
        #expect(schema.unresolvedSegment(of: "nextPageToken", from: "GoogleMapsPlacesV1SearchNearbyResponse") != nil)
        #expect(schema.unresolvedSegment(of: "rating.value", from: "GoogleMapsPlacesV1Place") != nil)
    }

    @Test func textMaskAsksForTheNextPageToken() {
        let paths = GooglePlacesFieldMask.textSearch.split(separator: ",")
        #expect(paths.contains("nextPageToken"))
        #expect(!GooglePlacesFieldMask.nearby.split(separator: ",").contains("nextPageToken"))
    }

    @Test(arguments: [
        ("searchnearby-helsinki-cafes.json", "GoogleMapsPlacesV1SearchNearbyResponse"),
        ("searchtext-helsinki-pizza-page1.json", "GoogleMapsPlacesV1SearchTextResponse"),
        ("searchtext-helsinki-pizza-page2.json", "GoogleMapsPlacesV1SearchTextResponse"),
        ("searchtext-helsinki-pizza-page3.json", "GoogleMapsPlacesV1SearchTextResponse"),
        ("place-details-cafe-engel.json", "GoogleMapsPlacesV1Place"),
        ("empty.json", "GoogleMapsPlacesV1SearchNearbyResponse"),
    ])
    func ourSyntheticFixturesHaveGooglesShape(fixture: String, response: String) throws {
        #expect(try schema.violations(of: Fixtures.json(fixture), against: response) == [])
    }

    @Test func fixturesOnlyUseFieldsOurMasksAskFor() throws {
        // The hours fields too: a filter on opening hours asks for them.
        let asked = Set(GooglePlacesFieldMask.placeFields + GooglePlacesFieldMask.hoursFields)
        let object = try #require(try Fixtures.json("searchnearby-helsinki-cafes.json") as? [String: Any])
        for place in try #require(object["places"] as? [[String: Any]]) {
            #expect(Set(place.keys).isSubset(of: asked), "\(place.keys)")
        }
    }
}

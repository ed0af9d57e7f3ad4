import Foundation
import GooglePlacesProvider
import Testing
import VenuesCore

@Suite("Decoding")
struct DecodingTests {
    @Test func nearbyFixtureDecodesAndSkipsPlacesWithoutLocation() throws {
        let page = try GooglePlacesDecoder.decodeSearch(Fixtures.data("searchnearby-helsinki-cafes.json"))
        #expect(page.venues.count == 5)
        #expect(page.skippedWithoutLocation == 1)
        #expect(page.notes == ["skipped 1 place(s) without a location"])
        #expect(page.nextPageToken == nil)
        #expect(!page.venues.contains { $0.name == "Kahvikärry Kluuvi" })
        #expect(Set(page.venues.map(\.id)).count == 5)
    }

    @Test func placeFieldsMapOntoVenue() throws {
        let page = try GooglePlacesDecoder.decodeSearch(Fixtures.data("searchnearby-helsinki-cafes.json"))
        let aalto = try #require(page.venues.first { $0.name == "Café Aalto" })
        #expect(aalto.id.description == "google:SyntheticHEL-cafe-0003")
        #expect(aalto.coordinate.latitude == 60.1681979)
        #expect(aalto.coordinate.longitude == 24.9436721)
        #expect(aalto.address == "Pohjoisesplanadi 39, 00100 Helsinki, Finland")
        #expect(aalto.categories == [.bakery, .cafe])
        #expect(aalto.providerCategories == ["cafe", "bakery", "food", "point_of_interest", "establishment"])
        #expect(aalto.phone == "+358 9 1214446")
        #expect(aalto.extras["nationalPhone"] == "09 1214446")
        #expect(aalto.extras["primaryType"] == "cafe")
        #expect(aalto.website == "http://www.cafeaalto.fi/")
        #expect(aalto.rating == 4.5)
        #expect(aalto.ratingCount == 1024)
        #expect(aalto.price == 2)
        #expect(
            aalto.links == [
                VenueLink(kind: .map, url: "https://maps.google.com/?cid=9990000000000001003", title: "Google Maps")
            ]
        )
    }

    @Test func primaryTypeComesFirstInProviderCategories() throws {
        let page = try GooglePlacesDecoder.decodeSearch(Fixtures.data("searchnearby-helsinki-cafes.json"))
        let roberts = try #require(page.venues.first { $0.name == "Robert's Coffee" })
        #expect(roberts.providerCategories.first == "coffee_shop")
        #expect(roberts.categories == [.cafe])  // `store`/`food_store` only count alone
        let bistro = try #require(page.venues.first { $0.name == "Ateneum Bistro" })
        #expect(bistro.extras["primaryType"] == nil)
        #expect(bistro.price == 0)
        #expect(bistro.phone == nil)
    }

    @Test(arguments: [
        ("PRICE_LEVEL_FREE", 0), ("PRICE_LEVEL_INEXPENSIVE", 1), ("PRICE_LEVEL_MODERATE", 2),
        ("PRICE_LEVEL_EXPENSIVE", 3), ("PRICE_LEVEL_VERY_EXPENSIVE", 4),
    ])
    func priceLevels(level: String, price: Int) {
        #expect(GooglePlacesDecoder.price(fromLevel: level) == price)
    }

    @Test func unknownPriceLevelsHaveNoPrice() {
        #expect(GooglePlacesDecoder.price(fromLevel: "PRICE_LEVEL_UNSPECIFIED") == nil)
        #expect(GooglePlacesDecoder.price(fromLevel: "PRICE_LEVEL_SOMETHING_NEW") == nil)
        #expect(GooglePlacesDecoder.price(fromLevel: nil) == nil)
    }

    @Test(arguments: ["{}", "{\"places\": []}", "{\"nextPageToken\": \"\"}"])
    func emptyAnswersAreNoResults(body: String) throws {
        let page = try GooglePlacesDecoder.decodeSearch(Data(body.utf8))
        #expect(page.venues.isEmpty)
        #expect(page.nextPageToken == nil)
    }

    @Test func pagesCarryTheirToken() throws {
        let first = try GooglePlacesDecoder.decodeSearch(Fixtures.data("searchtext-helsinki-pizza-page1.json"))
        #expect(first.nextPageToken == "SyntheticPageToken-2")
        let last = try GooglePlacesDecoder.decodeSearch(Fixtures.data("searchtext-helsinki-pizza-page3.json"))
        #expect(last.nextPageToken == nil)
    }

    /// The language of `displayName` goes with the name, for the merge to compare names
    /// across languages.
    @Test func displayNameLanguageIsKept() throws {
        let body = """
            {"places": [
              {"id": "a1", "displayName": {"text": "The Lantern Carriers", "languageCode": "en"},
               "location": {"latitude": 60.17, "longitude": 24.94}},
              {"id": "a2", "displayName": {"text": "Kappeli"}, "location": {"latitude": 60.17, "longitude": 24.94}}
            ]}
            """
        let venues = try GooglePlacesDecoder.decodeSearch(Data(body.utf8)).venues
        try #require(venues.count == 2)
        #expect(venues[0].names == [VenueName("The Lantern Carriers", source: "displayName", language: "en")])
        #expect(venues[0].allNames.first?.label == "displayName (en)")
        #expect(venues[1].names.isEmpty)
    }

    @Test func placesWithoutNameOrIDAreSkipped() throws {
        let body = """
            {"places": [
              {"id": "a1", "location": {"latitude": 60.17, "longitude": 24.94}},
              {"displayName": {"text": "No id"}, "location": {"latitude": 60.17, "longitude": 24.94}},
              {"id": "a3", "displayName": {"text": "  "}, "location": {"latitude": 60.17, "longitude": 24.94}},
              {"id": "a4", "displayName": {"text": "Bad lat"}, "location": {"latitude": 91, "longitude": 24.94}},
              {"id": "a5", "displayName": {"text": "Fine"}, "location": {"latitude": 60.17, "longitude": 24.94}}
            ]}
            """
        let page = try GooglePlacesDecoder.decodeSearch(Data(body.utf8))
        #expect(page.venues.map(\.name) == ["Fine"])
        #expect(page.skippedWithoutName == 2)
        #expect(page.skippedWithoutID == 1)
        #expect(page.skippedWithoutLocation == 1)
    }

    @Test(arguments: ["not json", "[]", "{\"places\": \"x\"}", "{\"places\": [{\"rating\": \"high\"}]}"])
    func malformedBodiesAreInvalidResponses(body: String) {
        do {
            _ = try GooglePlacesDecoder.decodeSearch(Data(body.utf8))
            Issue.record("expected invalidResponse")
        } catch {
            #expect(error.kind == "invalidResponse")
        }
    }

    @Test func detailsDecodeWithOpeningHours() throws {
        let venue = try GooglePlacesDecoder.decodePlace(Fixtures.data("place-details-cafe-engel.json"))
        #expect(venue.id.description == "google:SyntheticHEL-cafe-0004")
        #expect(venue.name == "Cafe Engel")
        #expect(venue.openingHours?.hasPrefix("Monday: 8:00 AM – 8:00 PM; Tuesday") == true)
        #expect(venue.extras["businessStatus"] == "OPERATIONAL")
        #expect(venue.price == 3)
    }

    @Test func responseTypesMapToCategories() {
        #expect(GooglePlacesTypes.categories(forTypes: ["italian_restaurant", "point_of_interest"]) == [.restaurant])
        #expect(GooglePlacesTypes.categories(forTypes: ["tourist_attraction", "museum"]) == [.attraction, .museum])
        #expect(GooglePlacesTypes.categories(forTypes: ["book_store"]) == [.shop])
        #expect(GooglePlacesTypes.categories(forTypes: ["store", "point_of_interest"]) == [.shop])
        #expect(GooglePlacesTypes.categories(forTypes: ["gastropub", "resort_hotel"]) == [.hotel, .pub])
        #expect(GooglePlacesTypes.categories(forTypes: ["establishment", "food"]).isEmpty)
    }
}

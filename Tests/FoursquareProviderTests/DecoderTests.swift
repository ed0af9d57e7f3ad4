import Foundation
import Testing
import VenuesCore

@testable import FoursquareProvider

@Suite("Foursquare decoding (pure)")
struct DecoderTests {
    private func id(_ osmNode: Int) -> String { "fsq:5eed" + String(format: "%020d", osmNode) }

    @Test("2025-06-17 search: venues, centre, and the record without coordinates counted")
    func newShape() throws {
        let page = try FoursquareDecoder.decodeSearch(try fixture("places-search-helsinki.json"))
        #expect(
            page.venues.map(\.name) == [
                "Mount Everest", "Jääpuiston kahvila", "Public Corner", "Espresso House", "Espresso House", "Hesburger",
            ]
        )
        #expect(page.skipped == ["without coordinates": 1])
        #expect(page.center == helsinki)

        let everest = page.venues[0]
        #expect(everest.id.description == id(1_369_465_630))
        #expect(everest.coordinate == (try Coordinate(latitude: 60.172104, longitude: 24.9445626)))
        #expect(everest.address == "Vilhonkatu 8, 00100 Helsinki")
        #expect(everest.providerCategories == ["Himalayan Restaurant"])
        #expect(everest.categories == [.restaurant])
        #expect(everest.website == "http://www.everestyeti.fi/")
        #expect(everest.phone == nil)  // no "tel" key at all
        #expect(everest.rating == 4.2)  // 8.4 on Foursquare's 0–10 scale
        #expect(everest.price == 2)
        #expect(everest.links.first?.url == "https://foursquare.com/v/5eed00000000001369465630")
        #expect(everest.links.first?.kind == .providerPage)
    }

    @Test("a chain's name is another name of the place (source chain); no chain, no other names")
    func chainNames() throws {
        let body = """
            {"results": [
              {"fsq_place_id": "a1", "name": "Espresso House Kamppi", "latitude": 60.17, "longitude": 24.93,
               "chains": [{"fsq_chain_id": "c1", "name": "Espresso House"}, {"name": ""}, {"id": 5}]},
              {"fsq_place_id": "a2", "name": "Subway", "latitude": 60.17, "longitude": 24.93,
               "chains": [{"name": "Subway"}]},
              {"fsq_place_id": "a3", "name": "Kappeli", "latitude": 60.17, "longitude": 24.93, "chains": "odd"}
            ]}
            """
        let venues = try FoursquareDecoder.decodeSearch(Data(body.utf8)).venues
        try #require(venues.count == 3)
        #expect(
            venues[0].names == [
                VenueName("Espresso House Kamppi", source: "name"), VenueName("Espresso House", source: "chain"),
            ]
        )
        #expect(venues[1].names.isEmpty)  // the chain's name is its own name
        #expect(venues[2].names.isEmpty)
    }

    @Test("empty strings are missing: postcode \"\", formatted_address \"\", tel \"\", website \"\"")
    func emptyStrings() throws {
        let venues = try FoursquareDecoder.decodeSearch(try fixture("places-search-helsinki.json")).venues
        let kahvila = try #require(venues.first { $0.name == "Jääpuiston kahvila" })
        #expect(kahvila.address == "Rautatientori, Helsinki")  // formatted_address wins; postcode "" ignored
        let corner = try #require(venues.first { $0.name == "Public Corner" })
        #expect(corner.address == "00100 Helsinki")  // built from parts: address "" and formatted "" skipped
        #expect(corner.phone == nil && corner.website == nil && corner.rating == nil && corner.price == nil)
        let hesburger = try #require(venues.first { $0.name == "Hesburger" })
        #expect(hesburger.phone == nil)
        #expect(hesburger.website == nil)
        #expect(hesburger.categories == [.fastFood])
        #expect(hesburger.providerCategories == ["Fast Food Restaurant", "Burger Joint"])
    }

    @Test("two places with the same name and different ids stay two venues")
    func sameNameDifferentIDs() throws {
        let venues = try FoursquareDecoder.decodeSearch(try fixture("places-search-helsinki.json")).venues
        let espresso = venues.filter { $0.name == "Espresso House" }
        #expect(espresso.count == 2)
        #expect(Set(espresso.map(\.id)).count == 2)
        #expect(espresso.map(\.address) == ["Kaisaniemenkatu 4, 00100 Helsinki", "Kaivokatu 8, 00100 Helsinki"])
        #expect(espresso.allSatisfy { $0.categories == [.cafe] })
    }

    @Test("v3 search: fsq_id, geocodes.main, integer categories through the same decoder")
    func legacyShape() throws {
        let page = try FoursquareDecoder.decodeSearch(try fixture("v3-search-helsinki.json"))
        #expect(page.venues.map(\.name) == ["Maya Bar & Grill", "Bar All In", "Burger King", "Jääpuiston kahvila"])
        #expect(page.skipped == ["without coordinates": 1])
        let maya = page.venues[0]
        #expect(maya.id.description == id(59_622_323))
        #expect(maya.coordinate.latitude == 60.1721106)
        #expect(maya.categories == [.restaurant, .bar])
        #expect(maya.phone == "+358 9 0000 0001")
        #expect(maya.rating == 3.95)
        #expect(maya.price == 3)
        #expect(page.venues[1].address == "Helsinki")
        #expect(page.venues[2].categories == [.fastFood])
        #expect(page.venues[3].categories == [.cafe])
        #expect(page.venues[3].providerCategories == ["Café", "Coffee Shop"])
    }

    @Test("place details: hours, rating count, photos (prefix + original + suffix), unusable photo dropped")
    func detail() throws {
        let venue = try FoursquareDecoder.decodePlace(try fixture("places-place-detail.json")).get()
        #expect(venue.id.description == id(600_091_157))
        #expect(venue.openingHours == "Mon-Sat 11:00-23:00; Sun 12:00-20:00")
        #expect(venue.ratingCount == 128)
        #expect(venue.rating == 4.45)
        #expect(venue.phone == "+358 9 652 147")
        #expect(venue.links.map(\.kind) == [.providerPage, .photo])
        #expect(venue.links[1].url == "https://fastly.4sqi.net/img/general/original/synthetic-photo-1.jpg")
    }

    @Test("odd records are skipped and counted, never fatal")
    func oddRecords() throws {
        let body = """
            {"results": [
              null, 42, "text",
              {"name": "No id", "latitude": 60.17, "longitude": 24.94},
              {"fsq_place_id": "a1", "latitude": 60.17, "longitude": 24.94},
              {"fsq_place_id": "a2", "name": "   ", "latitude": 60.17, "longitude": 24.94},
              {"fsq_place_id": "a3", "name": "Out of range", "latitude": 91, "longitude": 24.94},
              {"fsq_place_id": "a4", "name": "String coords", "latitude": "60.17", "longitude": "24.94",
               "categories": [{"fsq_category_id": 7, "name": "Bakery"}, "bogus"], "rating": "n/a", "price": 9,
               "location": {"neighborhood": ["Kluuvi"], "address": "Testikatu 1", "locality": "Helsinki"}},
              {"fsq_place_id": "has space", "name": "Bad id", "latitude": 60.17, "longitude": 24.94}
            ]}
            """
        let page = try FoursquareDecoder.decodeSearch(Data(body.utf8))
        #expect(page.venues.map(\.name) == ["String coords"])
        let venue = page.venues[0]
        #expect(venue.categories == [.bakery])
        #expect(venue.rating == nil)
        #expect(venue.price == nil)  // outside 1…4
        #expect(venue.address == "Testikatu 1, Helsinki")
        #expect(
            page.skipped == [
                "that are not JSON objects": 3, "without a usable id": 2, "without a name": 2,
                "without coordinates": 1,
            ]
        )
        #expect(page.center == nil)
    }

    @Test(
        "not JSON, or JSON without results, is invalidResponse",
        arguments: [
            "<html>oops</html>", "", #"{"message": "ok"}"#, #"{"results": {"a": 1}}"#, "[]",
        ]
    )
    func invalid(body: String) {
        #expect(throws: ProviderError.self) { try FoursquareDecoder.decodeSearch(Data(body.utf8)) }
        do {
            _ = try FoursquareDecoder.decodeSearch(Data(body.utf8))
        } catch {
            guard case .invalidResponse(let message) = error else {
                Issue.record("expected invalidResponse, got \(error)")
                return
            }
            #expect(message.contains("Foursquare"))
        }
    }

    @Test(
        "category labels map onto the shared vocabulary by id or name",
        arguments: [
            ("4bf58dd8d48988d16d941735", "Café", Category.cafe), ("13035", "Coffee Shop", .cafe),
            ("x", "Italian Restaurant", .restaurant), ("x", "Irish Pub", .pub), ("x", "Wine Bar", .bar),
            ("x", "Ice Cream Parlor", .iceCream), ("x", "Grocery Store / Supermarket", .supermarket),
            ("10043", "Theater", .theatre), ("x", "Opera House", .theatre), ("x", "Art Museum", .museum),
            ("x", "Hotel", .hotel), ("x", "Dog Park", .park), ("x", "ATM", .atm),
            ("x", "Fast Food Restaurant", .fastFood),
        ]
    )
    func categoryMapping(id: String, name: String, expected: Category) {
        #expect(FoursquareCategories.category(id: id, name: name) == expected)
    }

    @Test(
        "unknown labels stay unmapped; short keywords need whole words",
        arguments: [
            "Car Dealership", "Neighborhood", "Road", "Temple", "Parking", "Barbershop", "Waterfront",
        ]
    )
    func unmapped(name: String) {
        #expect(FoursquareCategories.category(id: "x", name: name) == nil)
    }
}

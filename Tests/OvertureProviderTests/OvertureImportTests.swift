import Foundation
import OSMIndex
import OSMModel
import OvertureProvider
import Synchronization
import Testing
import VenuesCore
import VenuesTestSupport

/// `venues overture import`: every field of the schema read and kept, in each file form.
@Suite struct OvertureImportTests {
    @Test func importsEveryNamedPlaceOfASequence() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let summary = try await OvertureTest.importFixture("helsinki-places.geojsonseq", into: scratch.url)
        // Ten places, one without a primary name.
        #expect(summary.venues == 9)
        #expect(summary.notes.contains("1 place(s) with a Polygon geometry placed at its centroid"))
        #expect(summary.notes.contains("left out 1 place(s) without a primary name"))
        let info = try OSMIndexReader(url: summary.index).info
        #expect(info.content == "overture")
        #expect(info.bounds != nil)
    }

    @Test func aFilteredListingJudgesEachPlaceOnce() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let summary = try await OvertureTest.importFixture("helsinki-places.geojsonseq", into: scratch.url)
        // Every place admitted (no confidence floor, closed ones too): one walk of the index answers.
        let provider = OvertureProvider(
            configuration: .init(source: .index(summary.index), minimumConfidence: 0, includeClosed: true)
        )
        let judged = Mutex<[VenueID: Int]>([:])
        var query = VenueQuery(center: try Coordinate(latitude: 60.1648, longitude: 24.9377), radius: 5_000, limit: 3)
        query.prefilter = VenuePrefilter(identity: "even names") { venue in
            judged.withLock { $0[venue.id, default: 0] += 1 }
            return venue.name.count % 2 == 0 ? .kept : .leftOut
        }
        let response = try await provider.nearby(query)

        // The index judged the places; the provider only cut its answer, and says so.
        #expect(!response.venues.isEmpty && response.venues.count <= 3)
        #expect(response.venues.allSatisfy { $0.name.count % 2 == 0 })
        #expect(response.passedPrefilter)
        let twice = judged.withLock { $0.filter { $0.value > 1 } }
        #expect(twice.isEmpty, "judged more than once: \(twice)")
        #expect(response.filtered.leftOut == judged.withLock { $0.count } - response.venues.count)
    }

    @Test func keepsEveryFieldOfAPlace() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let summary = try await OvertureTest.importFixture("helsinki-places.geojsonseq", into: scratch.url)
        let provider = OvertureProvider(configuration: .init(source: .index(summary.index)))
        let venue = try await provider.venue(try OvertureTest.id(1))
        #expect(venue.name == "Café Ekberg")
        #expect(abs(venue.coordinate.latitude - 60.16484) < 1e-6)
        #expect(abs(venue.coordinate.longitude - 24.93770) < 1e-6)
        let names = Set(venue.names.map { "\($0.source)=\($0.text)" })
        #expect(
            names.isSuperset(of: [
                "name:fi=Kahvila Ekberg", "name:en=Ekberg Café", "official_name=Café Ekberg 1852 Oy",
                "alt_name=Ekbergin kahvila", "short_name=Ekberg",
            ])
        )
        // sv equals the primary name: not repeated.
        #expect(!names.contains("name:sv=Café Ekberg"))
        #expect(venue.categories == [.cafe])
        #expect(venue.providerCategories == ["coffee_shop", "bakery", "breakfast_and_brunch_restaurant"])
        #expect(venue.address == "Bulevardi 9, 00120 Helsinki")
        #expect(venue.extras["addresses"] == "Bulevardi 9, 00120 Helsinki; Bulevardi 9 A, 00120 Helsingfors")
        #expect(venue.phone == "+358 9 6811 8660")
        #expect(venue.extras["phones"] == "+358 9 6811 8660 +358 40 000 0000")
        #expect(venue.website == "https://www.cafeekberg.fi/")
        #expect(venue.extras["websites"] == "https://www.cafeekberg.fi/ https://ekberg.example/en")
        #expect(venue.extras["socials"] == "https://www.facebook.com/cafeekberg")
        #expect(venue.extras["emails"] == "info@cafeekberg.example")
        #expect(venue.extras["confidence"] == "0.97")
        #expect(venue.extras["operating_status"] == "open")
        #expect(venue.extras["brand"] == "Ekberg")
        #expect(venue.extras["brand:wikidata"] == "Q11852520")
        #expect(venue.extras["datasets"] == "meta, Foursquare")
        #expect(venue.extras["same_as"] == "fsq:4adcdaa8f964a520c53221e3")
        #expect(
            venue.extras["attribution"]
                == "Contains data from Meta (CDLA-Permissive-2.0)\nContains data from Foursquare Open Source Places (Apache-2.0)"
        )
    }

    @Test func readsNullsMissingPartsAndTheNewerTaxonomy() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let summary = try await OvertureTest.importFixture("helsinki-places.geojsonseq", into: scratch.url)
        let provider = OvertureProvider(configuration: .init(source: .index(summary.index)))
        let nulls = try await provider.venue(try OvertureTest.id(2))
        #expect(nulls.name == "Finnjävel")
        #expect(nulls.names.isEmpty)
        #expect(nulls.address == nil && nulls.phone == nil && nulls.website == nil)
        #expect(nulls.categories == [.restaurant])
        #expect(nulls.extras["cuisine"] == nil)
        #expect(nulls.extras["operating_status"] == nil)
        let taxonomy = try await provider.venue(try OvertureTest.id(8))
        #expect(taxonomy.providerCategories == ["delicatessen", "sandwich_shop"])
        #expect(taxonomy.extras["basic_category"] == "deli")
        #expect(taxonomy.extras["confidence"] == nil)
        #expect(taxonomy.extras["same_as"] == "fsq:4b0588f4f964a520bdc522e3")
        let polygon = try await provider.venue(try OvertureTest.id(9))
        #expect(abs(polygon.coordinate.latitude - 60.1703) < 1e-6)
        #expect(abs(polygon.coordinate.longitude - 24.9440) < 1e-6)
        #expect(polygon.extras["geometry"] == "Polygon")
        #expect(polygon.categories == [.museum])
        #expect(polygon.extras["same_as"] == "osm:way/23436386")
        #expect(polygon.extras["attribution"] == "© OpenStreetMap contributors (ODbL)")
    }

    @Test(arguments: [
        "helsinki-places.geojson", "helsinki-places.geojsonseq.gz", "helsinki-places-rs.geojsonseq",
    ])
    func readsTheOtherForms(_ name: String) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let reference = try await OvertureTest.importFixture("helsinki-places.geojsonseq", into: scratch.url, as: "a")
        let other = try await OvertureTest.importFixture(name, into: scratch.url, as: "b")
        #expect(other.venues == (name.hasSuffix("-rs.geojsonseq") ? 4 : reference.venues))
        let first = OvertureProvider(configuration: .init(source: .index(reference.index)))
        let second = OvertureProvider(configuration: .init(source: .index(other.index)))
        for number in 1...4 {
            #expect(try await second.venue(try OvertureTest.id(number)) == first.venue(try OvertureTest.id(number)))
        }
    }
}

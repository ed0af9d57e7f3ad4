import Foundation
import OSMModel
import OvertureProvider
import Testing
import VenuesCore
import VenuesMerge
import VenuesTestSupport

/// Overture places merged with the other providers' records of the same places: OpenStreetMap
/// elements of the Helsinki extract (© OpenStreetMap contributors, ODbL) and a Foursquare record.
@Suite struct OvertureMergeTests {
    /// OSM nodes of `helsinki-centre.osm`, as the OSM provider makes them.
    static func openStreetMap() throws -> [Venue] {
        func node(_ id: Int64, _ latitude: Double, _ longitude: Double, _ tags: [(String, String)]) throws -> Venue {
            let venue = OSMVenueMapper.venue(
                kind: .node,
                id: id,
                coordinate: try Coordinate(latitude: latitude, longitude: longitude),
                tags: OSMTags(pairs: tags.map { OSMTags.Pair(key: $0.0, value: $0.1) })
            )
            return try #require(venue)
        }
        return [
            try node(
                151_006_533,
                60.1647366,
                24.9377736,
                [("amenity", "cafe"), ("name", "Cafe Ekberg"), ("addr:street", "Bulevardi"), ("addr:housenumber", "9")]
            ),
            try node(76_609_844, 60.1665646, 24.9518189, [("amenity", "restaurant"), ("name", "Finnjävel")]),
            try node(317_766_538, 60.171085, 24.940968, [("amenity", "cafe"), ("name", "Robert's Coffee")]),
            try node(6_049_453_049, 60.1686618, 24.9417761, [("amenity", "cafe"), ("name", "Robert's Coffee")]),
        ]
    }

    /// The fixture's places near them.
    static func overture() async throws -> [Venue] {
        let provider = OvertureProvider(
            configuration: .init(source: .file(try OvertureTest.fixture("helsinki-places.geojsonseq")))
        )
        return try await provider.nearby(VenueQuery(center: OvertureTest.helsinki, radius: 2000, limit: 50)).venues
    }

    @Test func theSamePlaceFromBothIsOneEntry() async throws {
        let merged = Deduplicator().merge(try Self.openStreetMap() + (try await Self.overture()))
        func entry(_ osm: String) throws -> MergedVenue {
            try #require(merged.first { $0.sources.contains { $0.id.description == osm } })
        }
        // Another name form ("Café" / "Cafe"), the entrance 12 m from the node.
        let ekberg = try entry("osm:node/151006533")
        #expect(Set(ekberg.sources.map(\.id)) == [try VenueID(parsing: "osm:node/151006533"), try OvertureTest.id(1)])
        // The same name 34 m away.
        let finnjavel = try entry("osm:node/76609844")
        #expect(finnjavel.sources.map(\.id).contains(try OvertureTest.id(2)))
    }

    @Test func twoBranchesOfAChainStayTwo() async throws {
        let merged = Deduplicator().merge(try Self.openStreetMap() + (try await Self.overture()))
        let branches = merged.filter { $0.sources.contains { $0.name.hasPrefix("Robert's Coffee") } }
        #expect(branches.count == 2)
        for branch in branches {
            #expect(Set(branch.sources.map(\.id.provider)) == [.openStreetMap, .overture])
        }
        let station = try #require(branches.first { $0.sources.contains { $0.id.description == "osm:node/317766538" } })
        #expect(station.sources.map(\.id).contains(try OvertureTest.id(3)))
    }

    @Test func aFoursquareSourcedPlaceJoinsItsFoursquareRecordOnTheID() async throws {
        let overture = try await Self.overture()
        let deli = try #require(overture.first { $0.id == (try? OvertureTest.id(8)) })
        // Another name, another category, 150 m away: only the id says it is the same place.
        let foursquare = Venue(
            id: try VenueID(parsing: "fsq:4b0588f4f964a520bdc522e3"),
            name: "Kauppahallin Kahvila",
            coordinate: try Coordinate(latitude: 60.1705 + 150 / 111_195, longitude: 24.9425),
            categories: [.cafe]
        )
        let unrelated = Venue(
            id: try VenueID(parsing: "fsq:5c0000000000000000000000"),
            name: "Vanha Kauppahalli Deli",
            coordinate: try Coordinate(latitude: 60.1760, longitude: 24.9425),
            categories: [.shop]
        )
        let merged = Deduplicator().merge([foursquare, unrelated, deli])
        let joined = try #require(merged.first { $0.sources.contains { $0.id == deli.id } })
        #expect(Set(joined.sources.map(\.id)) == [foursquare.id, deli.id])
        #expect(joined.venue.id == foursquare.id)
        let reason = try #require(joined.reasons.first)
        #expect(reason.rule == "same-record")
        #expect(reason.evidence.contains("names the other among its sources"))
        // Without the id, the two are apart.
        var anonymous = deli
        anonymous.extras[Venue.sameAsKey] = nil
        #expect(Deduplicator().merge([foursquare, anonymous]).count == 2)
    }
}

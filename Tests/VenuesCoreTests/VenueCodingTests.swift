import Foundation
import Testing
import VenuesCore

/// `Venue` is stored in the last-listing cache and in favourites snapshots: files written
/// before `names` and `extent` existed must still decode.
@Suite("Venue coding")
struct VenueCodingTests {
    /// A venue as the encoder wrote it before `names` and `extent` were added.
    static let oldJSON = """
        {"id": "osm:node/59622323", "name": "Maya Bar & Grill",
         "coordinate": {"latitude": 60.1721106, "longitude": 24.9449953},
         "address": "Mikonkatu 18, 00100 Helsinki", "categories": ["restaurant"],
         "providerCategories": ["amenity=restaurant"], "website": "https://www.maya.fi/",
         "links": [{"kind": "providerPage", "url": "https://www.openstreetmap.org/node/59622323",
                    "title": "OpenStreetMap"}],
         "extras": {"cuisine": "nepalese"}}
        """

    @Test func aVenueWrittenBeforeNamesAndExtentStillDecodes() throws {
        let venue = try JSONDecoder().decode(Venue.self, from: Data(Self.oldJSON.utf8))
        #expect(venue.name == "Maya Bar & Grill")
        #expect(venue.names.isEmpty)
        #expect(venue.extent == nil)
        #expect(venue.allNames == [VenueName("Maya Bar & Grill", source: "name")])
        #expect(venue.address == "Mikonkatu 18, 00100 Helsinki")
        #expect(venue.extras == ["cuisine": "nepalese"])
    }

    @Test func namesAndExtentRoundTrip() throws {
        let venue = Venue(
            id: try VenueID(parsing: "osm:way/289767497"),
            name: "Forum",
            names: [VenueName("Forum", source: "name"), VenueName("Kauppakeskus Forum", source: "alt_name")],
            coordinate: try Coordinate(latitude: 60.1685182, longitude: 24.9382554),
            extent: try BoundingBox(south: 60.1680421, west: 24.9372263, north: 60.1689943, east: 24.9392845)
        )
        let data = try JSONEncoder().encode(venue)
        #expect(try JSONDecoder().decode(Venue.self, from: data) == venue)
        // Without other names, `names` is left out, as before it existed.
        var plain = venue
        plain.names = []
        plain.extent = nil
        let text = String(decoding: try JSONEncoder().encode(plain), as: UTF8.self)
        #expect(!text.contains("\"names\"") && !text.contains("\"extent\""))
    }

    @Test func anExtentOutOfRangeIsRejected() {
        let json = Self.oldJSON.replacingOccurrences(
            of: "\"extras\"",
            with: "\"extent\": {\"south\": 60, \"west\": 24, \"north\": 95, \"east\": 25}, \"extras\""
        )
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Venue.self, from: Data(json.utf8)) }
    }

    @Test func allNamesPutsTheDisplayNameFirst() throws {
        let coordinate = try Coordinate(latitude: 60.17, longitude: 24.94)
        let id = try VenueID(parsing: "google:a")
        let english = VenueName("The Lantern Carriers", source: "name:en", language: "en")
        let display = VenueName("Lyhdynkantajat", source: "name")
        let reordered = Venue(id: id, name: "Lyhdynkantajat", names: [english, display], coordinate: coordinate)
        #expect(reordered.allNames == [display, english])
        let missing = Venue(id: id, name: "Lyhdynkantajat", names: [english], coordinate: coordinate)
        #expect(missing.allNames == [display, english])
        #expect(english.label == "name:en")
        #expect(VenueName("X", source: "displayName", language: "en").label == "displayName (en)")
        #expect(VenueName("Espresso House", source: "chain").isBrand)
    }

    @Test func distanceToABoxIsZeroInsideAndToTheNearestEdgeOutside() throws {
        let box = try BoundingBox(south: 60.168, west: 24.937, north: 60.169, east: 24.939)
        #expect(box.distance(to: box.center) == 0)
        #expect(box.contains(box.center))
        // 0.001° of latitude north of the box is about 111 m.
        let north = try Coordinate(latitude: 60.170, longitude: 24.938)
        #expect(abs(box.distance(to: north) - 111.2) < 0.5)
        #expect(
            abs(box.distance(to: north) - north.distance(to: try Coordinate(latitude: 60.169, longitude: 24.938))) < 0.5
        )
        // Swapped corners are put in order.
        let swapped = try BoundingBox(south: 60.169, west: 24.939, north: 60.168, east: 24.937)
        #expect(swapped == box)
    }
}

public import Foundation
public import VenuesCore

/// Synthetic venues in central Helsinki (names and places © OpenStreetMap contributors, ODbL).
public enum HelsinkiVenues {
    public static func id(_ text: String) -> VenueID { try! VenueID(parsing: text) }

    public static let engel = Venue(
        id: id("osm:node/1001"),
        name: "Café Engel",
        coordinate: try! Coordinate(latitude: 60.16955, longitude: 24.95232),
        address: "Aleksanterinkatu 26, Helsinki",
        categories: [.cafe]
    )
    public static let engelSources = [id("osm:node/1001"), id("fsq:4adcdaeff964a520e95b21e3"), id("google:ChIJengel")]

    public static let ekberg = Venue(
        id: id("fsq:4b0588f4f964a520bdc522e3"),
        name: "Café Ekberg",
        coordinate: try! Coordinate(latitude: 60.16362, longitude: 24.93911),
        address: "Bulevardi 9, Helsinki",
        categories: [.cafe, .bakery]
    )

    public static let kiasma = Venue(
        id: id("osm:way/2002"),
        name: "Kiasma",
        coordinate: try! Coordinate(latitude: 60.17186, longitude: 24.93689),
        categories: [.museum]
    )

    /// Suomenlinna, about 4 km from the others.
    public static let suomenlinna = Venue(
        id: id("osm:relation/3003"),
        name: "Suomenlinna",
        coordinate: try! Coordinate(latitude: 60.14598, longitude: 24.98815),
        categories: [.attraction]
    )

    public static let addedAt = Date(timeIntervalSince1970: 1_795_334_400)  // 2026-11-22T08:00:00Z
}

extension HelsinkiVenues {
    public static let ekbergFromFoursquare = ekberg
    /// Café Engel as Foursquare lists it: another id and spelling, a few metres away.
    public static let engelFromFoursquare = Venue(
        id: id("fsq:4adcdaeff964a520e95b21e3"),
        name: "Cafe Engel",
        coordinate: try! Coordinate(latitude: 60.16958, longitude: 24.95240),
        categories: [.cafe]
    )
}

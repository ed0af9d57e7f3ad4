import Foundation
import Testing
import VenuesCore
import VenuesMerge
import VenuesOutput

/// Each source of a listing's row carries the place's own page at its provider, from the
/// provider's record: a reader (the served page) links to it knowing no provider.
@Suite("A row's sources and their pages")
struct SourcePageTests {
    static func record(_ id: String, links: [VenueLink]) throws -> Venue {
        Venue(
            id: try VenueID(parsing: id),
            name: "Kappeli",
            coordinate: try Coordinate(latitude: 60.1675, longitude: 24.9478),
            links: links
        )
    }

    @Test func eachSourceGivesItsProviderPageElseItsMapPlaceAndOnlyAWebAddressWithoutAKey() throws {
        let osm = try Self.record(
            "osm:node/42",
            links: [
                VenueLink(kind: .providerPage, url: "https://www.openstreetmap.org/node/42", title: "OpenStreetMap")
            ]
        )
        let google = try Self.record(
            "google:ChIJ1abc",
            links: [VenueLink(kind: .map, url: "https://maps.google.com/?cid=1234", title: "Google Maps")]
        )
        let fsq = try Self.record(
            "fsq:4b0c1",
            links: [
                VenueLink(kind: .photo, url: "https://fastly.4sqi.net/img/1.jpg", title: "Foursquare photo"),
                VenueLink(kind: .providerPage, url: "https://foursquare.com/v/4b0c1", title: "Foursquare"),
            ]
        )
        let overture = try Self.record("overture:08f1", links: [])
        let hostile = try Self.record(
            "osm:node/7",
            links: [VenueLink(kind: .providerPage, url: "javascript:alert(1)", title: "OpenStreetMap")]
        )
        let keyed = try Self.record(
            "google:ChIJ2def",
            links: [VenueLink(kind: .map, url: "https://maps.google.com/?cid=5&key=SECRET", title: "Google Maps")]
        )
        let row = ResultDocument.Row(
            merged: MergedVenue(venue: osm, sources: [osm, google, fsq, overture, hostile, keyed]),
            distance: 12,
            favorite: false,
            explain: false
        )
        let pages = row.sources.map { $0.page.map { [$0.title, $0.url] } }
        #expect(
            pages == [
                ["OpenStreetMap", "https://www.openstreetmap.org/node/42"],
                ["Google Maps", "https://maps.google.com/?cid=1234"],
                ["Foursquare", "https://foursquare.com/v/4b0c1"], nil, nil, nil,
            ]
        )
        #expect(row.sources.map(\.provider) == ["osm", "google", "fsq", "overture", "osm", "google"])
    }
}

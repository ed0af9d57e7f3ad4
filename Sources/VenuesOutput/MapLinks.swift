import Foundation
public import VenuesCore

/// Open-in-map links for a venue: what a user taps a pin for. None of them carries a key.
public enum MapLinks {
    public static func links(for venue: Venue, sources: [VenueID]) -> [VenueLink] {
        let latitude = venue.coordinate.latitude
        let longitude = venue.coordinate.longitude
        var links: [VenueLink] = []
        if let osm = sources.first(where: { $0.provider == .openStreetMap }) {
            links.append(
                VenueLink(kind: .map, url: "https://www.openstreetmap.org/\(osm.native)", title: "OpenStreetMap")
            )
        } else {
            links.append(
                VenueLink(
                    kind: .map,
                    url:
                        "https://www.openstreetmap.org/?mlat=\(latitude)&mlon=\(longitude)#map=19/\(latitude)/\(longitude)",
                    title: "OpenStreetMap"
                )
            )
        }
        var google = URLComponents(string: "https://www.google.com/maps/search/")!
        var items = [
            URLQueryItem(name: "api", value: "1"), URLQueryItem(name: "query", value: "\(latitude),\(longitude)"),
        ]
        if let place = sources.first(where: { $0.provider == .google }) {
            items.append(URLQueryItem(name: "query_place_id", value: place.native))
        }
        google.queryItems = items
        links.append(VenueLink(kind: .map, url: google.string ?? "", title: "Google Maps"))
        return links
    }
}

import Foundation
public import VenuesCore

/// Links that open a venue's position on OpenStreetMap's and Google's maps, each unless the
/// venue's sources already link to that map (an OpenStreetMap element's page, Google's place on
/// Google Maps): what `venues show` and the detail document add to the sources' own links. It
/// knows the two maps, not the providers: a source's own links come from its provider. None
/// of them carries a key.
public enum MapLinks {
    /// The map links of `venue` that `own` (its sources' links) does not already give.
    public static func links(for venue: Venue, besides own: [VenueLink]) -> [VenueLink] {
        let latitude = venue.coordinate.latitude
        let longitude = venue.coordinate.longitude
        let urls = own.compactMap { URL(string: $0.url) }
        let onOpenStreetMap = urls.contains { ($0.host?.lowercased() ?? "").hasSuffix("openstreetmap.org") }
        let onGoogleMaps = urls.contains { url in
            let host = url.host?.lowercased() ?? ""
            return host.hasPrefix("maps.google.") || (host.hasSuffix("google.com") && url.path.hasPrefix("/maps"))
        }
        var links: [VenueLink] = []
        if !onOpenStreetMap {
            links.append(
                VenueLink(
                    kind: .map,
                    url:
                        "https://www.openstreetmap.org/?mlat=\(latitude)&mlon=\(longitude)#map=19/\(latitude)/\(longitude)",
                    title: "OpenStreetMap"
                )
            )
        }
        if !onGoogleMaps {
            var google = URLComponents(string: "https://www.google.com/maps/search/")!
            google.queryItems = [
                URLQueryItem(name: "api", value: "1"), URLQueryItem(name: "query", value: "\(latitude),\(longitude)"),
            ]
            links.append(VenueLink(kind: .map, url: google.string ?? "", title: "Google Maps"))
        }
        return links
    }
}

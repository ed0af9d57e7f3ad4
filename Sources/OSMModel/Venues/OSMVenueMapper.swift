package import VenuesCore

/// Turns an OSM element's tags and position into a ``Venue``.
///
/// - name: `name` (trimmed); elements without one are not venues;
/// - address: `addr:street` + `addr:housenumber`, then `addr:postcode` + `addr:city`
///   (`"Mannerheimintie 5, 00100 Helsinki"`), or `addr:full`;
/// - phone: `phone`, else `contact:phone`; website: `website`, `contact:website`, `url`;
/// - opening hours: `opening_hours`;
/// - categories: the shared vocabulary (``OSMVocabulary``) plus raw `amenity=cafe` labels;
/// - extras: `cuisine`, `brand`, `wheelchair`, `operator`, `email`, `wikidata`, `wikipedia`,
///   `outdoor_seating`, `takeaway`, `diet:vegan`, `diet:vegetarian`, `level`, `name:en`, `name:fi`,
///   `name:sv` when present;
/// - links: the element's page on openstreetmap.org.
package enum OSMVenueMapper {
    /// Tags copied into ``Venue/extras`` when present.
    package static let extraKeys = [
        "cuisine", "brand", "wheelchair", "operator", "email", "wikidata", "wikipedia", "outdoor_seating",
        "takeaway", "diet:vegan", "diet:vegetarian", "level", "name:en", "name:fi", "name:sv",
    ]

    /// The venue, or `nil` when the element has no usable name.
    package static func venue(kind: OSMElement.Kind, id: Int64, coordinate: Coordinate, tags: OSMTags) -> Venue? {
        guard let name = tags.first("name"), id > 0,
            let venueID = try? VenueID(provider: .openStreetMap, native: "\(kind.name)/\(id)")
        else { return nil }
        var extras: [String: String] = [:]
        for key in extraKeys {
            if let value = tags.first(key) { extras[key] = value }
        }
        return Venue(
            id: venueID,
            name: name,
            coordinate: coordinate,
            address: address(tags),
            categories: OSMVocabulary.categories(of: tags),
            providerCategories: OSMVocabulary.providerCategories(of: tags),
            phone: tags.first("phone", "contact:phone"),
            website: tags.first("website", "contact:website", "url"),
            openingHours: tags.first("opening_hours"),
            links: [
                VenueLink(
                    kind: .providerPage,
                    url: "https://www.openstreetmap.org/\(kind.name)/\(id)",
                    title: "OpenStreetMap"
                )
            ],
            extras: extras
        )
    }

    /// `street housenumber, postcode city`, leaving out what is missing; `addr:full` otherwise.
    package static func address(_ tags: OSMTags) -> String? {
        let street = [tags.first("addr:street", "addr:place"), tags.first("addr:housenumber")]
            .compactMap { $0 }.joined(separator: " ")
        let locality = [tags.first("addr:postcode"), tags.first("addr:city")]
            .compactMap { $0 }.joined(separator: " ")
        let parts = [street, locality].filter { !$0.isEmpty }
        if parts.isEmpty || (street.isEmpty && tags.first("addr:full") != nil) {
            return tags.first("addr:full") ?? (parts.isEmpty ? nil : parts.joined(separator: ", "))
        }
        return parts.joined(separator: ", ")
    }
}

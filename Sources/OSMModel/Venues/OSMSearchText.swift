import VenuesCore

/// The ``SearchText`` of an OSM element: its `name`, `brand`, `cuisine` and other names (the
/// ``OSMVenueMapper/names(_:name:)`` but `brand`), each as the venue made from the same tags
/// has it, so that matching the tags and matching the ``Venue`` agree.
package enum OSMSearchText {
    /// The folded search text; empty for an element without a name.
    package static func folded(_ tags: OSMTags) -> String {
        guard let name = tags.first("name") else { return "" }
        let others = OSMVenueMapper.names(tags, name: name).dropFirst().filter { $0.source != "brand" }.map(\.text)
        return SearchText.folded(
            name: name,
            brand: tags.first("brand"),
            cuisine: tags.first("cuisine"),
            otherNames: others
        )
    }
}

import VenuesCore

/// The ``SearchText`` of an OSM element: its `name`, `brand`, `cuisine` and other names (the
/// ``OSMVenueMapper/names(_:name:)`` but `brand`), each as the venue made from the same tags
/// has it, so that matching the tags and matching the ``Venue`` agree.
package enum OSMSearchText {
    /// The folded search text; empty for an element without a name.
    package static func folded(_ tags: OSMTags) -> String {
        guard let name = tags.first("name") else { return "" }
        // Most venues have no other name: the list is made only when a key may give one.
        var others: [String] = []
        if tags.pairs.contains(where: { mayName($0.key) }) {
            others = OSMVenueMapper.names(tags, name: name).dropFirst().filter { $0.source != "brand" }.map(\.text)
        }
        return SearchText.folded(
            name: name,
            brand: tags.first("brand"),
            cuisine: tags.first("cuisine"),
            otherNames: others
        )
    }

    /// Whether a key may hold another name: `name:LANG` or one of the `…_name` keys (a
    /// superset of ``OSMVenueMapper/otherNameKeys`` but `brand`, by bytes, without hashing).
    private static func mayName(_ key: String) -> Bool {
        let utf8 = key.utf8
        guard utf8.count > 5 else { return false }
        return utf8.starts(with: "name:".utf8) || utf8.reversed().starts(with: "eman_".utf8)
    }
}

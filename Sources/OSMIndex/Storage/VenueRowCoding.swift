import OSMModel

/// The derived columns of a `venue` row, from the element's tags.
enum VenueRowCoding {
    /// `venue.search`: the folded `name`, `brand` and `cuisine` (each empty when missing),
    /// joined by ``OSMIndexSchema/searchSeparator``.
    static func searchText(_ tags: OSMTags) -> String {
        var text = ""
        for (index, field) in OSMSelection.termFields.enumerated() {
            if index > 0 { text.append(OSMIndexSchema.searchSeparator) }
            if let value = tags[field] { text += OSMTextFolding.folded(value) }
        }
        return text
    }
}

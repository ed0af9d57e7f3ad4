import OSMModel

/// The derived columns of a `venue` row, from the element's tags.
enum VenueRowCoding {
    /// `venue.search`: the folded `name`, `brand` and `cuisine` (each empty when missing),
    /// joined by ``OSMIndexSchema/searchSeparator``.
    static func searchText(_ tags: OSMTags) -> String {
        searchText(fields: OSMSelection.termFields.map { tags[$0] })
    }

    /// `venue.search` from the values of ``OSMSelection/termFields``, in that order.
    static func searchText(fields: [String?]) -> String {
        var text = ""
        for (index, value) in fields.enumerated() {
            if index > 0 { text.append(OSMIndexSchema.searchSeparator) }
            if let value { text += OSMTextFolding.folded(value) }
        }
        return text
    }
}

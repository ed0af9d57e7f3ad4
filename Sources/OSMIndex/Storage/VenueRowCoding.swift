import OSMModel

/// The derived columns of a `venue` row, from the element's tags.
enum VenueRowCoding {
    /// `venue.search`: the folded `name`, `brand` and `cuisine` (each empty when missing),
    /// joined by ``OSMIndexSchema/searchSeparator``, without empty fields at the end.
    static func searchText(_ tags: OSMTags) -> String {
        searchText(fields: OSMSelection.termFields.map { tags[$0] })
    }

    /// `venue.search` from the values of ``OSMSelection/termFields``, in that order. Empty
    /// fields at the end are left out with their separators (most venues have neither brand nor
    /// cuisine): their trigrams would only fill the text index with a few very long lists.
    static func searchText(fields: [String?]) -> String {
        var text = ""
        var separators = 0
        for (index, value) in fields.enumerated() {
            if index > 0 { separators += 1 }
            guard let value else { continue }
            let folded = OSMTextFolding.folded(value)
            guard !folded.isEmpty else { continue }
            text.append(contentsOf: String(repeating: OSMIndexSchema.searchSeparator, count: separators))
            separators = 0
            text += folded
        }
        return text
    }
}

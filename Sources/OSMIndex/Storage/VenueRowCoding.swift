import OSMModel

/// The derived columns of a `venue` row, from the element's tags.
enum VenueRowCoding {
    /// `venue.search`: the element's ``OSMSearchText`` (folded name, brand, cuisine and other
    /// names joined by ``OSMIndexSchema/searchSeparator``, without empty fields at the end).
    static func searchText(_ tags: OSMTags) -> String {
        OSMSearchText.folded(tags)
    }
}

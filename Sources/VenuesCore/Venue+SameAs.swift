extension Venue {
    /// The ``extras`` key of the records of other providers a venue is made from, space-separated
    /// ids (`fsq:4b0588f4f964a520bdc522e3 osm:node/123`): an Overture place built from a
    /// Foursquare place names it. The merge joins the two on it (rule `same-record`).
    public static let sameAsKey = "same_as"

    /// The ids in ``extras`` under ``sameAsKey``, well-formed ones only.
    public var sameAs: [VenueID] {
        guard let text = extras[Self.sameAsKey] else { return [] }
        return text.split(separator: " ").compactMap { try? VenueID(parsing: String($0)) }
    }
}

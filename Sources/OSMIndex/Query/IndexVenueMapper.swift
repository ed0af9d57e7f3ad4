package import OSMModel
package import VenuesCore

/// How an index's stored rows become venues: OpenStreetMap's tags through ``OSMVenueMapper``
/// by default; a source imported on the same engine (Overture) gives its own.
package struct IndexVenueMapper: Sendable {
    /// The provider whose venues it makes (readers kept by ``OSMIndexReaderPool`` are told apart
    /// by it).
    package var provider: ProviderID
    /// The venue with every field, or `nil` when the row makes none.
    package var venue:
        @Sendable (
            _ kind: OSMElement.Kind, _ id: Int64, _ coordinate: Coordinate, _ tags: OSMTags, _ extent: BoundingBox?
        )
            -> Venue?
    /// The venue with what a suggestion shows (id, name, position, categories).
    package var summary:
        @Sendable (_ kind: OSMElement.Kind, _ id: Int64, _ coordinate: Coordinate, _ tags: OSMTags) -> Venue?
    /// The only tags ``summary`` reads, when it says so: a suggestion's row then decodes only
    /// these (`nil`: every tag).
    package var summaryKeys: Set<String>?
    /// The venue with only its id, name, position and opening hours, read from only the tags
    /// of `keys`, and `nil` exactly when ``venue`` gives none: what a prefilter that reads only
    /// hours (``VenuePrefilter/readsHoursOnly``) judges. `nil`: such prefilters judge whole venues.
    /// Its hours come from a non-blank `opening_hours` only: where the index keeps the hours bit
    /// (``VenueRules/hoursBit``), a venue without it is judged as one with no hours, unread.
    package var hoursSummary:
        (
            keys: Set<String>,
            make: @Sendable (_ kind: OSMElement.Kind, _ id: Int64, _ coordinate: Coordinate, _ tags: OSMTags) -> Venue?
        )?

    package init(
        provider: ProviderID,
        venue: @escaping @Sendable (OSMElement.Kind, Int64, Coordinate, OSMTags, BoundingBox?) -> Venue?,
        summary: @escaping @Sendable (OSMElement.Kind, Int64, Coordinate, OSMTags) -> Venue?,
        summaryKeys: Set<String>? = nil,
        hoursSummary: (keys: Set<String>, make: @Sendable (OSMElement.Kind, Int64, Coordinate, OSMTags) -> Venue?)? =
            nil
    ) {
        self.provider = provider
        self.venue = venue
        self.summary = summary
        self.summaryKeys = summaryKeys
        self.hoursSummary = hoursSummary
    }

    /// OpenStreetMap elements (``OSMVenueMapper``).
    package static let openStreetMap = IndexVenueMapper(
        provider: .openStreetMap,
        venue: { kind, id, coordinate, tags, extent in
            OSMVenueMapper.venue(kind: kind, id: id, coordinate: coordinate, tags: tags, extent: extent)
        },
        summary: { kind, id, coordinate, tags in
            OSMVenueMapper.summary(kind: kind, id: id, coordinate: coordinate, tags: tags)
        },
        summaryKeys: OSMVenueMapper.summaryKeys,
        hoursSummary: (
            OSMVenueMapper.hoursSummaryKeys,
            { kind, id, coordinate, tags in
                OSMVenueMapper.hoursSummary(kind: kind, id: id, coordinate: coordinate, tags: tags)
            }
        )
    )
}

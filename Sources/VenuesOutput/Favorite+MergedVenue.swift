import VenuesCore
public import VenuesFavorites
public import VenuesMerge

extension Favorite {
    /// The stored snapshot as a merged place: one record per source id, all from the snapshot.
    public var mergedVenue: MergedVenue {
        let records = (sources.isEmpty ? [id] : sources).map { source in
            var record = venue
            record.id = source
            return record
        }
        return MergedVenue(venue: venue, sources: records)
    }
}

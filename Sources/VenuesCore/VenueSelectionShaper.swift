/// The last step of every answer of a provider that holds the whole circle, remote or local
/// (OpenStreetMap's Overpass server, file and indexes; Overture's file and indexes): keep
/// venues whose position is within the radius (haversine) and in the query's categories,
/// nearest first (ties by id), at most ``VenueQuery/nearestLimit``; for a text search in
/// relevance order, the best ``VenueQuery/rankedLimit`` by ``SearchTerm`` match, then distance
/// (venues that the source returned but that do not match the term's words, such as a phrase
/// across two words, after them).
///
/// With the query's ``VenueQuery/prefilter`` (opening hours), the limits count only the venues
/// that pass, judged in that order until enough have passed; a caller whose venues were all
/// judged already (a local index's) asks without it, and the shaper only cuts.
///
/// A source's circle may hold venues whose centre lies outside it (Overpass `around` selects a
/// way when any part of it is near); such venues are dropped here and counted in a note. When
/// the order is not distance, every venue of the circle is kept: the aggregator sorts the whole
/// circle by name or rating and keeps the first `limit` (the nearest `limit` re-sorted would be
/// wrong).
package enum VenueSelectionShaper {
    /// `venues` within the circle of `query` around `center`, in the query's categories,
    /// ordered and cut as it asks; notes that say what was dropped and cut, and what its
    /// prefilter left out.
    package static func shape(
        _ venues: [Venue],
        center: Coordinate,
        for query: VenueQuery
    ) -> (venues: [Venue], notes: [String], filtered: FilterCounts) {
        var notes: [String] = []
        let measured = venues.map { (venue: $0, distance: $0.coordinate.distance(to: center)) }
        let inside = measured.filter { $0.distance <= Double(query.radius) }
        if inside.count < measured.count {
            notes.append(
                "dropped \(measured.count - inside.count) venue(s) whose centre is outside the \(query.radius) m radius"
            )
        }
        let wanted = inside.filter {
            query.categories.isEmpty || !query.categories.isDisjoint(with: $0.venue.categories)
        }
        if wanted.count < inside.count {
            notes.append("dropped \(inside.count - wanted.count) venue(s) outside the requested categories")
        }
        if let limit = query.rankedLimit, let term = query.term {
            let ranked = SearchTerm(term).ranked(wanted.map(\.venue), around: center)
            let (passed, filtered) = VenuePrefilter.kept(ranked, by: query.prefilter, upTo: limit) { $0.venue }
            let kept = passed.prefix(max(0, limit)).map(\.venue)
            if kept.count < ranked.count {
                notes.append("\(ranked.count) venues found, the best \(kept.count) by match kept (limit)")
            }
            return (kept, notes, filtered)
        }
        let sorted = wanted.sorted { lhs, rhs in
            lhs.distance != rhs.distance ? lhs.distance < rhs.distance : lhs.venue.id < rhs.venue.id
        }
        let (passed, filtered) = VenuePrefilter.kept(sorted, by: query.prefilter, upTo: query.nearestLimit) {
            $0.venue
        }
        guard let limit = query.nearestLimit else {
            if passed.count > query.limit {
                notes.append(
                    "kept all \(passed.count) venues of the circle: the list is sorted by \(query.sort.rawValue) before the limit"
                )
            }
            return (passed.map(\.venue), notes, filtered)
        }
        let kept = passed.prefix(max(0, limit)).map(\.venue)
        if kept.count < sorted.count {
            notes.append("\(sorted.count) venues found, the nearest \(kept.count) kept (limit)")
        }
        return (kept, notes, filtered)
    }
}

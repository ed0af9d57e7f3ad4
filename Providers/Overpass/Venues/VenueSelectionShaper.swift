import VenuesCore

/// The last step of every search, remote or local: keep venues whose position is within the
/// radius (haversine) and in the query's categories, nearest first (ties by id), at most
/// ``VenueQuery/nearestLimit``; for a text search in relevance order, the best
/// ``VenueQuery/rankedLimit`` by ``SearchTerm`` match, then distance (venues that Overpass
/// returned but that do not match the term's words, such as a phrase across two words, after
/// them).
///
/// Overpass `around` also selects a way when any part of it is near, so its centre can lie
/// outside the circle; such venues are dropped here and counted. When the order is not
/// distance, every venue of the circle is kept: the aggregator sorts the whole circle by name
/// or rating and keeps the first `limit` (the nearest `limit` re-sorted would be wrong).
enum VenueSelectionShaper {
    static func shape(
        _ venues: [Venue],
        center: Coordinate,
        for query: VenueQuery
    ) -> (venues: [Venue], notes: [String]) {
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
            let kept = ranked.prefix(max(0, limit)).map(\.venue)
            if kept.count < ranked.count {
                notes.append("\(ranked.count) venues found, the best \(kept.count) by match kept (limit)")
            }
            return (kept, notes)
        }
        let sorted = wanted.sorted { lhs, rhs in
            lhs.distance != rhs.distance ? lhs.distance < rhs.distance : lhs.venue.id < rhs.venue.id
        }
        guard let limit = query.nearestLimit else {
            if sorted.count > query.limit {
                notes.append(
                    "kept all \(sorted.count) venues of the circle: the list is sorted by \(query.sort.rawValue) before the limit"
                )
            }
            return (sorted.map(\.venue), notes)
        }
        let kept = sorted.prefix(max(0, limit)).map(\.venue)
        if kept.count < sorted.count {
            notes.append("\(sorted.count) venues found, the nearest \(kept.count) kept (limit)")
        }
        return (kept, notes)
    }
}

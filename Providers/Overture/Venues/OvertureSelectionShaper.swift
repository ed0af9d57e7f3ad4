import VenuesCore

/// The last step of every answer: venues inside the circle and the categories, ordered and cut
/// as ``VenueQuery`` asks (by match for a ranked text search, else by distance); with its
/// ``VenueQuery/prefilter``, the limits count only the places that pass.
enum OvertureSelectionShaper {
    static func shape(
        _ venues: [Venue],
        center: Coordinate,
        for query: VenueQuery
    ) -> (venues: [Venue], notes: [String], filtered: FilterCounts) {
        var notes: [String] = []
        let measured = venues.map { (venue: $0, distance: $0.coordinate.distance(to: center)) }
            .filter { $0.distance <= Double(query.radius) }
            .filter { query.categories.isEmpty || !query.categories.isDisjoint(with: $0.venue.categories) }
        if let limit = query.rankedLimit, let term = query.term {
            let ranked = SearchTerm(term).ranked(measured.map(\.venue), around: center)
            let (passed, filtered) = VenuePrefilter.kept(ranked.map(\.venue), by: query.prefilter, upTo: limit) { $0 }
            let kept = Array(passed.prefix(max(0, limit)))
            if kept.count < ranked.count {
                notes.append("\(ranked.count) places found, the best \(kept.count) by match kept (limit)")
            }
            return (kept, notes, filtered)
        }
        let sorted = measured.sorted { lhs, rhs in
            lhs.distance != rhs.distance ? lhs.distance < rhs.distance : lhs.venue.id < rhs.venue.id
        }
        let (passed, filtered) = VenuePrefilter.kept(
            sorted.map(\.venue),
            by: query.prefilter,
            upTo: query.nearestLimit
        ) { $0 }
        guard let limit = query.nearestLimit else { return (passed, notes, filtered) }
        let kept = Array(passed.prefix(max(0, limit)))
        if kept.count < sorted.count {
            notes.append("\(sorted.count) places found, the nearest \(kept.count) kept (limit)")
        }
        return (kept, notes, filtered)
    }
}

import VenuesCore

/// The last step of every answer: venues inside the circle and the categories, ordered and cut
/// as ``VenueQuery`` asks (by match for a ranked text search, else by distance).
enum OvertureSelectionShaper {
    static func shape(
        _ venues: [Venue],
        center: Coordinate,
        for query: VenueQuery
    ) -> (venues: [Venue], notes: [String]) {
        var notes: [String] = []
        let measured = venues.map { (venue: $0, distance: $0.coordinate.distance(to: center)) }
            .filter { $0.distance <= Double(query.radius) }
            .filter { query.categories.isEmpty || !query.categories.isDisjoint(with: $0.venue.categories) }
        if let limit = query.rankedLimit, let term = query.term {
            let ranked = SearchTerm(term).ranked(measured.map(\.venue), around: center)
            let kept = ranked.prefix(max(0, limit)).map(\.venue)
            if kept.count < ranked.count {
                notes.append("\(ranked.count) places found, the best \(kept.count) by match kept (limit)")
            }
            return (kept, notes)
        }
        let sorted = measured.sorted { lhs, rhs in
            lhs.distance != rhs.distance ? lhs.distance < rhs.distance : lhs.venue.id < rhs.venue.id
        }
        guard let limit = query.nearestLimit else { return (sorted.map(\.venue), notes) }
        let kept = sorted.prefix(max(0, limit)).map(\.venue)
        if kept.count < sorted.count {
            notes.append("\(sorted.count) places found, the nearest \(kept.count) kept (limit)")
        }
        return (kept, notes)
    }
}

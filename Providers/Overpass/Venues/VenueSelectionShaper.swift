import VenuesCore

/// The last step of every search, remote or local: keep venues whose position is within the
/// radius (haversine), nearest first (ties by id), at most `limit`.
///
/// Overpass `around` also selects a way when any part of it is near, so its centre can lie
/// outside the circle; such venues are dropped here and counted.
enum VenueSelectionShaper {
    static func shape(
        _ venues: [Venue],
        center: Coordinate,
        radius: Int,
        limit: Int
    ) -> (venues: [Venue], notes: [String]) {
        var notes: [String] = []
        let measured = venues.map { (venue: $0, distance: $0.coordinate.distance(to: center)) }
        let inside = measured.filter { $0.distance <= Double(radius) }
        if inside.count < measured.count {
            notes.append(
                "dropped \(measured.count - inside.count) venue(s) whose centre is outside the \(radius) m radius"
            )
        }
        let sorted = inside.sorted { lhs, rhs in
            lhs.distance != rhs.distance ? lhs.distance < rhs.distance : lhs.venue.id < rhs.venue.id
        }
        let kept = sorted.prefix(max(0, limit)).map(\.venue)
        if kept.count < sorted.count {
            notes.append("\(sorted.count) venues found, the nearest \(kept.count) kept (limit)")
        }
        return (kept, notes)
    }
}

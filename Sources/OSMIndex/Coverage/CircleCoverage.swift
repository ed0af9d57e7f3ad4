import Foundation
import OSMModel
package import VenuesCore

/// How much of a search circle a set of indexes holds together.
///
/// ``isComplete`` is exact: the rectangles around the circle (``CircleBox``, the same ones a
/// search reads) lie inside the union of the indexes' areas. ``fraction`` is the share of the
/// circle's area inside that union, measured on a lattice of about 2,000 points over the circle
/// (within a few hundredths); it is 1 only when the coverage is complete, and at most 0.99
/// otherwise, so that a warning never says "100 %".
package struct CircleCoverage: Sendable, Hashable {
    /// Whether the indexes hold the whole circle: no other source is needed.
    package var isComplete: Bool
    /// The share of the circle's area the indexes hold, 0…1, two decimals.
    package var fraction: Double

    /// Points per side of the lattice laid over the circle.
    static let lattice = 50

    /// Measures what `areas` hold of the circle of `radius` metres around `center`.
    package static func measure(center: Coordinate, radius: Double, areas: [IndexCoverage]) -> CircleCoverage {
        let boxes = CircleBox.degreeBounds(around: center, radius: radius)
        let complete = boxes.allSatisfy { box in
            covers(box, with: areas.flatMap { $0.rectangles(meeting: box) })
        }
        if complete { return CircleCoverage(isComplete: true, fraction: 1) }
        let share = sampledShare(center: center, radius: radius, areas: areas)
        return CircleCoverage(isComplete: false, fraction: min(0.99, (share * 100).rounded() / 100))
    }

    /// Whether the union of `rectangles` holds all of `box`: in each band between consecutive
    /// latitude edges, the rectangles spanning the band must together hold the box's longitudes.
    static func covers(_ box: OSMBounds, with rectangles: [OSMBounds]) -> Bool {
        var edges = Set([box.minLatitude, box.maxLatitude])
        for rectangle in rectangles {
            for edge in [rectangle.minLatitude, rectangle.maxLatitude]
            where box.minLatitude < edge && edge < box.maxLatitude {
                edges.insert(edge)
            }
        }
        let latitudes = edges.sorted()
        for (south, north) in zip(latitudes, latitudes.dropFirst()) {
            let spans =
                rectangles
                .filter { $0.minLatitude <= south && north <= $0.maxLatitude }
                .map { ($0.minLongitude, $0.maxLongitude) }
                .sorted { $0.0 < $1.0 }
            var reached = box.minLongitude
            for (west, east) in spans where west <= reached {
                reached = max(reached, east)
            }
            if reached < box.maxLongitude { return false }
        }
        return true
    }

    /// The share of lattice points within the circle that some area holds.
    private static func sampledShare(center: Coordinate, radius: Double, areas: [IndexCoverage]) -> Double {
        let degreesPerMetre = 180 / (.pi * Coordinate.earthRadius)
        let cosine = max(1e-6, cos(center.latitude * .pi / 180))
        var inside = 0
        var held = 0
        let step = 2 * radius / Double(lattice)
        for row in 0..<lattice {
            let north = -radius + (Double(row) + 0.5) * step
            for column in 0..<lattice {
                let east = -radius + (Double(column) + 0.5) * step
                guard north * north + east * east <= radius * radius else { continue }
                inside += 1
                let latitude = max(-90, min(90, center.latitude + north * degreesPerMetre))
                var longitude = center.longitude + east * degreesPerMetre / cosine
                if longitude > 180 { longitude -= 360 }
                if longitude < -180 { longitude += 360 }
                if areas.contains(where: { $0.contains(latitude: latitude, longitude: longitude) }) { held += 1 }
            }
        }
        return inside == 0 ? 0 : Double(held) / Double(inside)
    }
}

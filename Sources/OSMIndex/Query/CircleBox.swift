import Foundation
import OSMModel
import VenuesCore

/// The latitude–longitude rectangles (in 1e-7 degrees) that together hold every point within a
/// distance of a centre, on the sphere ``Coordinate/distance(to:)`` measures on: one rectangle,
/// two where the circle crosses the antimeridian, a band of every longitude where it holds a
/// pole.
///
/// The longitude half-width is `asin(sin(d) / cos(latitude))` (d the angular radius), the
/// exact bound for a spherical cap; a small margin covers rounding, so a point within the
/// distance is never outside (points inside the rectangles but outside the circle are dropped
/// by measuring them).
struct CircleBox: Hashable {
    var minLatitude: Int32
    var maxLatitude: Int32
    var minLongitude: Int32
    var maxLongitude: Int32

    /// The rectangles around the circle of `radius` metres around `center`.
    static func boxes(around center: Coordinate, radius: Double) -> [CircleBox] {
        let margin = 1e-6
        let angular = radius / Coordinate.earthRadius
        let latitudeDelta = angular * 180 / .pi * (1 + margin) + margin
        let minLatitude = center.latitude - latitudeDelta
        let maxLatitude = center.latitude + latitudeDelta
        let sine = sin(angular) / cos(center.latitude * .pi / 180)
        guard minLatitude > -90, maxLatitude < 90, angular < .pi / 2, sine < 1 else {
            return [box(max(-90, minLatitude), min(90, maxLatitude), -180, 180)]
        }
        let longitudeDelta = asin(sine) * 180 / .pi * (1 + margin) + margin
        let west = center.longitude - longitudeDelta
        let east = center.longitude + longitudeDelta
        if west < -180 {
            return [box(minLatitude, maxLatitude, west + 360, 180), box(minLatitude, maxLatitude, -180, east)]
        }
        if east > 180 {
            return [box(minLatitude, maxLatitude, west, 180), box(minLatitude, maxLatitude, -180, east - 360)]
        }
        return [box(minLatitude, maxLatitude, west, east)]
    }

    /// The same rectangles in degrees, for comparing with an index's area.
    static func degreeBounds(around center: Coordinate, radius: Double) -> [OSMBounds] {
        boxes(around: center, radius: radius).map { box in
            OSMBounds(
                minLatitude: FixedPoint.degrees(box.minLatitude),
                minLongitude: FixedPoint.degrees(box.minLongitude),
                maxLatitude: FixedPoint.degrees(box.maxLatitude),
                maxLongitude: FixedPoint.degrees(box.maxLongitude)
            )
        }
    }

    private static func box(
        _ minLatitude: Double,
        _ maxLatitude: Double,
        _ minLongitude: Double,
        _ maxLongitude: Double
    ) -> CircleBox {
        CircleBox(
            minLatitude: Int32((max(-90, minLatitude) * FixedPoint.scale).rounded(.down)),
            maxLatitude: Int32((min(90, maxLatitude) * FixedPoint.scale).rounded(.up)),
            minLongitude: Int32((max(-180, minLongitude) * FixedPoint.scale).rounded(.down)),
            maxLongitude: Int32((min(180, maxLongitude) * FixedPoint.scale).rounded(.up))
        )
    }
}

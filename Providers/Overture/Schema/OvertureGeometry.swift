/// A GeoJSON geometry of a place, reduced to the one position a venue has.
///
/// Places are points; a `Polygon` or `MultiPolygon` (an older or another writer's footprint) is
/// placed at its centroid (of the outer rings, weighted by area), a `LineString`, `MultiPoint`
/// or `MultiLineString` at the mean of its positions, and the import says how many were.
package struct OvertureGeometry: Decodable, Sendable {
    /// The GeoJSON `type`.
    package var type: String
    /// The position as (longitude, latitude), or `nil` when the geometry holds none.
    package var position: (longitude: Double, latitude: Double)?

    /// Whether the position was derived from a shape rather than given as a point.
    var isDerived: Bool { type != "Point" }

    private enum CodingKeys: String, CodingKey { case type, coordinates }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decode(String.self, forKey: .type)
        switch type {
        case "Point":
            let point = try container.decode([Double].self, forKey: .coordinates)
            position = point.count >= 2 ? (point[0], point[1]) : nil
        case "MultiPoint", "LineString":
            position = Self.mean(try container.decode([[Double]].self, forKey: .coordinates))
        case "MultiLineString":
            position = Self.mean(try container.decode([[[Double]]].self, forKey: .coordinates).flatMap { $0 })
        case "Polygon":
            position = Self.centroid(of: [try container.decode([[[Double]]].self, forKey: .coordinates)])
        case "MultiPolygon":
            position = Self.centroid(of: try container.decode([[[[Double]]]].self, forKey: .coordinates))
        default:
            position = nil
        }
    }

    /// The mean of the positions.
    private static func mean(_ points: [[Double]]) -> (longitude: Double, latitude: Double)? {
        let valid = points.filter { $0.count >= 2 }
        guard !valid.isEmpty else { return nil }
        let count = Double(valid.count)
        return (valid.reduce(0) { $0 + $1[0] } / count, valid.reduce(0) { $0 + $1[1] } / count)
    }

    /// The area-weighted centroid of the polygons' outer rings (shoelace formula, in degrees:
    /// places are small); the mean of their vertices when the area is nil.
    private static func centroid(of polygons: [[[[Double]]]]) -> (longitude: Double, latitude: Double)? {
        var area = 0.0
        var x = 0.0
        var y = 0.0
        var vertices: [[Double]] = []
        for polygon in polygons {
            guard let ring = polygon.first?.filter({ $0.count >= 2 }), ring.count >= 3 else { continue }
            vertices += ring
            // Relative to the first vertex, for precision.
            let origin = ring[0]
            for index in 0..<ring.count {
                let a = ring[index]
                let b = ring[(index + 1) % ring.count]
                let (ax, ay) = (a[0] - origin[0], a[1] - origin[1])
                let (bx, by) = (b[0] - origin[0], b[1] - origin[1])
                let cross = ax * by - bx * ay
                area += cross
                x += (ax + bx) * cross + 3 * origin[0] * cross
                y += (ay + by) * cross + 3 * origin[1] * cross
            }
        }
        guard abs(area) > 1e-18 else { return mean(vertices) }
        return (x / (3 * area), y / (3 * area))
    }
}

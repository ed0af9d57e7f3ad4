import Foundation

/// A rectangle of latitudes and longitudes: the extent of a building, a station, a park.
///
/// Providers that know a venue's outline give its bounding box (OpenStreetMap ways and
/// relations); the deduplicator measures distances to it, so that a pin at the entrance of a
/// large building is near the building's record although far from its centre. A box never
/// crosses the 180° meridian (`west ≤ east`).
public struct BoundingBox: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The southernmost and northernmost latitudes, −90…90, `south ≤ north`.
    public let south: Double
    public let north: Double
    /// The westernmost and easternmost longitudes, −180…180, `west ≤ east`.
    public let west: Double
    public let east: Double

    /// The smallest box holding both corners (in any order).
    public init(_ first: Coordinate, _ second: Coordinate) {
        south = min(first.latitude, second.latitude)
        north = max(first.latitude, second.latitude)
        west = min(first.longitude, second.longitude)
        east = max(first.longitude, second.longitude)
    }

    /// A box from its edges, rejecting values out of range or not finite; swapped edges are
    /// put in order.
    public init(south: Double, west: Double, north: Double, east: Double) throws(CoordinateError) {
        self.init(
            try Coordinate(latitude: south, longitude: west),
            try Coordinate(latitude: north, longitude: east)
        )
    }

    /// The centre of the box (what Overpass calls an element's `center`).
    public var center: Coordinate {
        Coordinate(unchecked: (south + north) / 2, (west + east) / 2)
    }

    /// Whether the point lies inside the box or on its edge.
    public func contains(_ point: Coordinate) -> Bool {
        (south...north).contains(point.latitude) && (west...east).contains(point.longitude)
    }

    /// Metres from the point to the nearest point of the box (0 inside), by the
    /// equirectangular approximation at the point's latitude: within a fraction of a percent
    /// of the great-circle distance at the few hundred metres where it is used.
    public func distance(to point: Coordinate) -> Double {
        let latitude = min(max(point.latitude, south), north)
        let longitude = min(max(point.longitude, west), east)
        let metresPerDegree = Coordinate.earthRadius * Double.pi / 180
        let dy = (point.latitude - latitude) * metresPerDegree
        let dx = (point.longitude - longitude) * metresPerDegree * cos(point.latitude * Double.pi / 180)
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The length of the box's diagonal in metres.
    public var diagonal: Double {
        Coordinate(unchecked: south, west).distance(to: Coordinate(unchecked: north, east))
    }

    /// `south,west,north,east`, the order Overpass QL uses.
    public var description: String { "\(south),\(west),\(north),\(east)" }

    private enum CodingKeys: String, CodingKey {
        case south, west, north, east
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        do {
            try self.init(
                south: try container.decode(Double.self, forKey: .south),
                west: try container.decode(Double.self, forKey: .west),
                north: try container.decode(Double.self, forKey: .north),
                east: try container.decode(Double.self, forKey: .east)
            )
        } catch let error as CoordinateError {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: error.description)
            )
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(south, forKey: .south)
        try container.encode(west, forKey: .west)
        try container.encode(north, forKey: .north)
        try container.encode(east, forKey: .east)
    }
}

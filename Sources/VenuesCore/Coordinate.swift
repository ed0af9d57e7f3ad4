import Foundation

/// A point on the Earth in WGS 84 degrees.
///
/// The initialiser validates the ranges, so any `Coordinate` in hand is a real point:
/// latitude in −90…90 and longitude in −180…180.
public struct Coordinate: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Degrees north of the equator, −90…90.
    public let latitude: Double
    /// Degrees east of Greenwich, −180…180.
    public let longitude: Double

    /// Mean Earth radius in metres (IUGG), used by ``distance(to:)``.
    public static let earthRadius: Double = 6_371_008.8

    /// Amsterdam Centraal, the location used when nothing better is known.
    public static let amsterdamCentraal = Coordinate(unchecked: 52.3791, 4.9003)

    /// Creates a coordinate, rejecting values outside the valid ranges or not finite.
    public init(latitude: Double, longitude: Double) throws(CoordinateError) {
        guard latitude.isFinite, (-90.0...90.0).contains(latitude) else {
            throw .latitudeOutOfRange(latitude)
        }
        guard longitude.isFinite, (-180.0...180.0).contains(longitude) else {
            throw .longitudeOutOfRange(longitude)
        }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Creates a coordinate from values that are valid by construction (constants, averages of
    /// valid coordinates).
    init(unchecked latitude: Double, _ longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Parses `"LAT,LON"` (decimal degrees, optional spaces around the comma).
    public init(parsing text: String) throws(CoordinateError) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
            let latitude = Self.number(parts[0]),
            let longitude = Self.number(parts[1])
        else {
            throw .malformed(text)
        }
        try self.init(latitude: latitude, longitude: longitude)
    }

    /// A decimal number with optional spaces around it (trimmed only when there are some:
    /// the server parses a centre on every request).
    private static func number(_ part: Substring) -> Double? {
        if let first = part.first, let last = part.last, !first.isWhitespace, !last.isWhitespace {
            return Double(part)
        }
        return Double(part.trimmingCharacters(in: .whitespaces))
    }

    /// Great-circle distance in metres (haversine formula on a sphere of ``earthRadius``).
    public func distance(to other: Coordinate) -> Double {
        let toRadians = Double.pi / 180
        let deltaLatitude = (other.latitude - latitude) * toRadians
        let deltaLongitude = (other.longitude - longitude) * toRadians
        let sinLatitude = sin(deltaLatitude / 2)
        let sinLongitude = sin(deltaLongitude / 2)
        let a =
            sinLatitude * sinLatitude + cos(latitude * toRadians) * cos(other.latitude * toRadians)
            * sinLongitude * sinLongitude
        return 2 * Coordinate.earthRadius * asin(min(1, sqrt(a)))
    }

    /// `"52.3791,4.9003"`: the form `--near` accepts.
    public var description: String { "\(latitude),\(longitude)" }

    private enum CodingKeys: String, CodingKey {
        case latitude, longitude
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let latitude = try container.decode(Double.self, forKey: .latitude)
        let longitude = try container.decode(Double.self, forKey: .longitude)
        do {
            try self.init(latitude: latitude, longitude: longitude)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: error.description)
            )
        }
    }
}

/// Why a coordinate was rejected.
public enum CoordinateError: Error, Sendable, Equatable, CustomStringConvertible {
    case latitudeOutOfRange(Double)
    case longitudeOutOfRange(Double)
    case malformed(String)

    public var description: String {
        switch self {
        case .latitudeOutOfRange(let value):
            "latitude \(value) is out of range: expected a number from -90 to 90"
        case .longitudeOutOfRange(let value):
            "longitude \(value) is out of range: expected a number from -180 to 180"
        case .malformed(let text):
            "'\(text)' is not a coordinate: expected LAT,LON in decimal degrees, e.g. 52.3791,4.9003"
        }
    }
}

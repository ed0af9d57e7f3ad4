import Foundation

/// The Web Mercator projection (EPSG:3857) as slippy maps use it: the world is a square of
/// `256 × 2^zoom` pixels, x grows east from longitude −180°, y grows south from latitude
/// ≈ +85.0511° (where the square ends). OpenStreetMap's tiles are cut from this square.
///
/// The served map page's script repeats these formulas (``ServedMapPage``); the browser tests
/// check both against the same expected positions.
public enum WebMercator {
    /// The side of one tile, in pixels.
    public static let tileSize = 256.0
    /// The sphere's radius the projection uses (WGS 84's semi-major axis), in metres.
    public static let earthRadius = 6_378_137.0
    /// The most northern (and, negated, southern) latitude the square reaches.
    public static let maximumLatitude = 85.051_128_779_806_59

    /// A position on the world square at some zoom, in pixels from its top-left corner.
    public struct Point: Sendable, Hashable {
        public var x: Double
        public var y: Double

        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    /// The world square's side at `zoom` (fractional zooms allowed), in pixels.
    public static func worldSize(zoom: Double) -> Double {
        tileSize * pow(2, zoom)
    }

    /// Where a latitude and longitude lie on the world square at `zoom`. Latitudes beyond
    /// ±``maximumLatitude`` are clamped to the square's edge.
    public static func project(latitude: Double, longitude: Double, zoom: Double) -> Point {
        let size = worldSize(zoom: zoom)
        let clamped = min(max(latitude, -maximumLatitude), maximumLatitude)
        let sine = sin(clamped * .pi / 180)
        let x = (longitude + 180) / 360 * size
        let y = (0.5 - log((1 + sine) / (1 - sine)) / (4 * .pi)) * size
        return Point(x: x, y: y)
    }

    /// The latitude and longitude at a point of the world square at `zoom`: the inverse of
    /// ``project(latitude:longitude:zoom:)``.
    public static func unproject(_ point: Point, zoom: Double) -> (latitude: Double, longitude: Double) {
        let size = worldSize(zoom: zoom)
        let longitude = point.x / size * 360 - 180
        let n = .pi - 2 * .pi * point.y / size
        let latitude = atan(sinh(n)) * 180 / .pi
        return (latitude, longitude)
    }

    /// Ground metres per pixel at `latitude` and `zoom`: the equator's length spread over the
    /// world square, shrunk by the cosine of the latitude.
    public static func metersPerPixel(latitude: Double, zoom: Double) -> Double {
        2 * .pi * earthRadius * cos(latitude * .pi / 180) / worldSize(zoom: zoom)
    }

    /// The (fractional) zoom at which `meters` on the ground at `latitude` span `pixels`.
    public static func zoom(showing meters: Double, in pixels: Double, latitude: Double) -> Double {
        let groundPerWorld = 2 * .pi * earthRadius * cos(latitude * .pi / 180)
        return log2(groundPerWorld * pixels / (meters * tileSize))
    }
}

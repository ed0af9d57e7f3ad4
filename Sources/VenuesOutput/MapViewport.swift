import Foundation

/// A rectangle of the Web Mercator world square at one (fractional) zoom: what the map shows.
/// Positions inside it are pixels from its top-left corner.
public struct MapViewport: Sendable, Hashable {
    /// The rectangle's size, in pixels.
    public var width: Double
    public var height: Double
    /// The zoom of the world square the rectangle is cut from.
    public var zoom: Double
    /// The world-square position (at ``zoom``) of the rectangle's centre.
    public var centerPoint: WebMercator.Point

    public init(width: Double, height: Double, zoom: Double, centerLatitude: Double, centerLongitude: Double) {
        self.width = width
        self.height = height
        self.zoom = zoom
        centerPoint = WebMercator.project(latitude: centerLatitude, longitude: centerLongitude, zoom: zoom)
    }

    /// The world-square position of the rectangle's top-left corner.
    public var origin: WebMercator.Point {
        WebMercator.Point(x: centerPoint.x - width / 2, y: centerPoint.y - height / 2)
    }

    /// Where a place lies in the rectangle, in pixels from its top-left corner (possibly outside
    /// it). Across the antimeridian, the copy of the world nearest the centre is used.
    public func point(latitude: Double, longitude: Double) -> WebMercator.Point {
        let world = WebMercator.project(latitude: latitude, longitude: longitude, zoom: zoom)
        let size = WebMercator.worldSize(zoom: zoom)
        var x = world.x - centerPoint.x
        if x > size / 2 { x -= size } else if x < -size / 2 { x += size }
        return WebMercator.Point(x: x + width / 2, y: world.y - origin.y)
    }

    /// Ground metres per pixel at the rectangle's centre.
    public var metersPerPixel: Double {
        WebMercator.metersPerPixel(latitude: centerLatitude, zoom: zoom)
    }

    /// The latitude at the rectangle's centre.
    public var centerLatitude: Double {
        WebMercator.unproject(centerPoint, zoom: zoom).latitude
    }

    /// The deepest zoom a map is drawn at (OpenStreetMap's tiles stop at 19).
    public static let maximumZoom = 19.0
    /// The zoom used when there is nothing to fit (a single place, no circle).
    public static let singlePlaceZoom = 17.0

    /// The viewport centred on a search circle, at the zoom where the circle's diameter takes
    /// `fill` of the rectangle's shorter side, widened (zoomed out) when a listed place lies
    /// outside the circle. With no circle (`radius` 0), it frames the places and the centre.
    ///
    /// - Parameters:
    ///   - center: the search centre; `nil` when there is none (favourites listed without one).
    ///   - radius: the circle's radius in metres; 0 for none.
    ///   - places: the listed places as latitude and longitude.
    public static func fitting(
        center: (latitude: Double, longitude: Double)?,
        radius: Double,
        places: [(latitude: Double, longitude: Double)],
        width: Double,
        height: Double,
        fill: Double = 0.9
    ) -> MapViewport {
        let anchor = center ?? places.first ?? (latitude: 0, longitude: 0)
        // Extents at zoom 0, relative to the anchor, across the antimeridian the short way.
        let base = MapViewport(
            width: 0,
            height: 0,
            zoom: 0,
            centerLatitude: anchor.latitude,
            centerLongitude: anchor.longitude
        )
        var minX = 0.0
        var maxX = 0.0
        var minY = 0.0
        var maxY = 0.0
        if center != nil, radius > 0 {
            let circle = radius / WebMercator.metersPerPixel(latitude: anchor.latitude, zoom: 0)
            (minX, maxX, minY, maxY) = (-circle, circle, -circle, circle)
        }
        for place in places {
            let point = base.point(latitude: place.latitude, longitude: place.longitude)
            minX = min(minX, point.x)
            maxX = max(maxX, point.x)
            minY = min(minY, point.y)
            maxY = max(maxY, point.y)
        }
        // Keep the circle's centre in the middle: extend the box symmetrically around it.
        if center != nil, radius > 0 {
            let halfX = max(-minX, maxX)
            let halfY = max(-minY, maxY)
            (minX, maxX, minY, maxY) = (-halfX, halfX, -halfY, halfY)
        }
        let spanX = maxX - minX
        let spanY = maxY - minY
        var zoom = singlePlaceZoom
        if spanX > 0 || spanY > 0 {
            let scaleX = spanX > 0 ? width * fill / spanX : .infinity
            let scaleY = spanY > 0 ? height * fill / spanY : .infinity
            zoom = log2(min(scaleX, scaleY))
        }
        zoom = min(max(zoom, 0), maximumZoom)
        var middlePlace = anchor
        if center == nil || radius <= 0 {
            let middle = WebMercator.Point(
                x: base.centerPoint.x + (minX + maxX) / 2,
                y: base.centerPoint.y + (minY + maxY) / 2
            )
            middlePlace = WebMercator.unproject(middle, zoom: 0)
        }
        return MapViewport(
            width: width,
            height: height,
            zoom: zoom,
            centerLatitude: middlePlace.latitude,
            centerLongitude: middlePlace.longitude
        )
    }
}

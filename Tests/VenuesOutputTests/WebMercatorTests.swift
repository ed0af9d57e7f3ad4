import Foundation
import Testing

@testable import VenuesOutput

/// The projection against published Web Mercator values, the viewport fit, the scale bar and
/// the tile arithmetic.
@Suite struct WebMercatorTests {
    static func close(_ a: Double, _ b: Double, within tolerance: Double = 1e-6) -> Bool {
        abs(a - b) <= tolerance
    }

    @Test func corners() {
        let origin = WebMercator.project(latitude: 0, longitude: 0, zoom: 0)
        #expect(origin == .init(x: 128, y: 128))
        let northWest = WebMercator.project(latitude: WebMercator.maximumLatitude, longitude: -180, zoom: 0)
        #expect(Self.close(northWest.x, 0) && Self.close(northWest.y, 0))
        let southEast = WebMercator.project(latitude: -90, longitude: 180, zoom: 1)
        #expect(Self.close(southEast.x, 512) && Self.close(southEast.y, 512))
    }

    @Test func knownTiles() {
        // Berlin (52.52, 13.405) lies in tile 12/2200/1343 (the slippy-map tile name formulas).
        let berlin = WebMercator.project(latitude: 52.52, longitude: 13.405, zoom: 12)
        #expect(Int(berlin.x / 256) == 2200 && Int(berlin.y / 256) == 1343)
        #expect(Self.close(berlin.x, 563_332.892_444_444_5, within: 1e-4))
        #expect(Self.close(berlin.y, 343_885.910_699_530_85, within: 1e-4))
        let sydney = WebMercator.project(latitude: -33.8688, longitude: 151.2093, zoom: 15)
        #expect(Self.close(sydney.x, 7_717_736.065_706_667, within: 1e-3))
        #expect(Self.close(sydney.y, 5_033_938.661_325_102, within: 1e-3))
    }

    @Test func matchesEPSG3857Metres() {
        // Helsinki Central Station in EPSG:3857 metres: x = R·λ, y = R·ln tan(π/4 + φ/2).
        let point = WebMercator.project(latitude: 60.1710, longitude: 24.9414, zoom: 0)
        let half = Double.pi * WebMercator.earthRadius
        let x = point.x / 256 * 2 * half - half
        let y = half - point.y / 256 * 2 * half
        #expect(Self.close(x, 2_776_463.947_671_354, within: 1e-3))
        #expect(Self.close(y, 8_437_907.954_422_861, within: 1e-3))
    }

    @Test func unprojectInvertsProject() {
        for (latitude, longitude) in [(60.171, 24.9414), (-33.8688, 151.2093), (0.0, -179.5), (84.9, 0.1)] {
            let back = WebMercator.unproject(
                WebMercator.project(latitude: latitude, longitude: longitude, zoom: 14.3),
                zoom: 14.3
            )
            #expect(
                Self.close(back.latitude, latitude, within: 1e-9) && Self.close(back.longitude, longitude, within: 1e-9)
            )
        }
    }

    @Test func metresPerPixel() {
        // 156 543.03392804097 m/px at the equator at zoom 0, the well-known figure.
        #expect(Self.close(WebMercator.metersPerPixel(latitude: 0, zoom: 0), 156_543.033_928_040_97, within: 1e-6))
        #expect(Self.close(WebMercator.metersPerPixel(latitude: 60.171, zoom: 16), 1.188_149_380_666_136_3))
        let zoom = WebMercator.zoom(showing: 1000, in: 576, latitude: 60.171)
        #expect(Self.close(WebMercator.metersPerPixel(latitude: 60.171, zoom: zoom) * 576, 1000, within: 1e-9))
    }

    @Test func theCircleFillsTheViewport() {
        let viewport = MapViewport.fitting(
            center: (60.171, 24.9414),
            radius: 500,
            places: [(60.172, 24.942)],
            width: 640,
            height: 640
        )
        // Radius 500 m is 288 px (0.9 × 640 / 2) at the centre's latitude.
        #expect(Self.close(500 / viewport.metersPerPixel, 288, within: 1e-6))
        let center = viewport.point(latitude: 60.171, longitude: 24.9414)
        #expect(Self.close(center.x, 320, within: 1e-6) && Self.close(center.y, 320, within: 1e-6))
        // A place 500 m due north lies 288 px above, to within the sphere's curvature.
        let north = viewport.point(latitude: 60.171 + 500 / 111_195.0, longitude: 24.9414)
        #expect(abs(north.y - 32) < 1.5 && Self.close(north.x, 320, within: 1e-6))
    }

    @Test func aPlaceOutsideTheCircleWidensTheView() {
        let viewport = MapViewport.fitting(
            center: (60.171, 24.9414),
            radius: 100,
            places: [(60.18, 24.9414)],
            width: 640,
            height: 640
        )
        let point = viewport.point(latitude: 60.18, longitude: 24.9414)
        #expect(Self.close(point.y, 32, within: 1e-6))
    }

    @Test func acrossTheAntimeridian() {
        let viewport = MapViewport.fitting(
            center: (-16.5, 179.99),
            radius: 2000,
            places: [(-16.5, -179.99)],
            width: 640,
            height: 640
        )
        let east = viewport.point(latitude: -16.5, longitude: -179.99)
        #expect(east.x > 320 && east.x < 640)
    }

    @Test(
        arguments: [
            (1.0, 160.0, 100.0, "100 m"), (1000.0 / 576, 160.0, 200.0, "200 m"), (100.0, 160.0, 10_000.0, "10 km"),
            (0.001, 160.0, 1.0, "1 m"), (30.0, 160.0, 2000.0, "2 km"), (3.2, 160.0, 500.0, "500 m"),
        ] as [(Double, Double, Double, String)]
    )
    func scaleBar(metersPerPixel: Double, maximum: Double, meters: Double, label: String) {
        let bar = ScaleBar(metersPerPixel: metersPerPixel, maximumPixels: maximum)
        #expect(bar.meters == meters)
        #expect(bar.label == label)
        #expect(Self.close(bar.pixels, meters / metersPerPixel))
        if meters > 1 { #expect(bar.pixels <= maximum) }
    }

    @Test func tilesCoverTheViewport() throws {
        let viewport = MapViewport(
            width: 640,
            height: 640,
            zoom: 15.3,
            centerLatitude: 60.171,
            centerLongitude: 24.9414
        )
        let tiles = OSMTiles.tiles(covering: viewport)
        let first = try #require(tiles.first)
        #expect(first.zoom == 15)
        #expect(Self.close(first.size, 256 * pow(2, 0.3)))
        #expect(first.left <= 0 && first.top <= 0)
        let last = try #require(tiles.last)
        #expect(last.left + last.size >= 640 && last.top + last.size >= 640)
        // The tile under the centre is the one the slippy-map formulas name.
        let center = WebMercator.project(latitude: 60.171, longitude: 24.9414, zoom: 15)
        let middle = try #require(
            tiles.first { $0.left <= 320 && $0.left + $0.size > 320 && $0.top <= 320 && $0.top + $0.size > 320 }
        )
        #expect(middle.x == Int(center.x / 256) && middle.y == Int(center.y / 256))
        #expect(middle.url == "https://tile.openstreetmap.org/15/\(middle.x)/\(middle.y).png")
    }

    @Test func tileColumnsWrapAroundTheWorld() {
        let viewport = MapViewport(width: 640, height: 640, zoom: 2, centerLatitude: 0, centerLongitude: 180)
        let columns = Set(OSMTiles.tiles(covering: viewport).map(\.x))
        #expect(columns.isSubset(of: 0..<4))
        #expect(columns.contains(0) && columns.contains(3))
    }
}

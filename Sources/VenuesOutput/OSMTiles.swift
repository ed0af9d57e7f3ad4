import Foundation

/// OpenStreetMap's standard raster tiles under a viewport: which tiles, and where each lies.
///
/// Tiles come from `https://tile.openstreetmap.org/{z}/{x}/{y}.png` (the one host name the
/// tile usage policy asks for, no `a.`/`b.`/`c.` subdomains), only as the page's own images:
/// the browser caches them and sends its own User-Agent; the page shows the attribution the
/// policy requires beside them. Nothing fetches them ahead of a view, and the map is complete
/// without them.
public enum OSMTiles {
    /// The tile server.
    public static let host = "https://tile.openstreetmap.org"
    /// The attribution the tile usage policy asks for, and where it links to.
    public static let attribution = "© OpenStreetMap contributors"
    public static let copyrightURL = "https://www.openstreetmap.org/copyright"

    /// One tile and its place in the viewport, in the viewport's pixels.
    public struct Tile: Sendable, Hashable {
        public var zoom: Int
        public var x: Int
        public var y: Int
        public var left: Double
        public var top: Double
        public var size: Double

        /// The tile's address on ``OSMTiles/host``.
        public var url: String { "\(OSMTiles.host)/\(zoom)/\(x)/\(y).png" }
    }

    /// The tiles covering the viewport, at the whole zoom nearest the viewport's (each scaled
    /// by the difference), row by row from the top-left. Columns wrap around the antimeridian;
    /// rows beyond the world's top and bottom are left out.
    public static func tiles(covering viewport: MapViewport) -> [Tile] {
        let tileZoom = Int(min(max(viewport.zoom.rounded(), 0), MapViewport.maximumZoom))
        let size = WebMercator.tileSize * pow(2, viewport.zoom - Double(tileZoom))
        let count = 1 << tileZoom
        let origin = viewport.origin
        let firstColumn = Int(floor(origin.x / size))
        let lastColumn = Int(floor((origin.x + viewport.width - 1e-9) / size))
        let firstRow = max(0, Int(floor(origin.y / size)))
        let lastRow = min(count - 1, Int(floor((origin.y + viewport.height - 1e-9) / size)))
        guard firstRow <= lastRow, firstColumn <= lastColumn else { return [] }
        var tiles: [Tile] = []
        for row in firstRow...lastRow {
            for column in firstColumn...lastColumn {
                tiles.append(
                    Tile(
                        zoom: tileZoom,
                        x: ((column % count) + count) % count,
                        y: row,
                        left: Double(column) * size - origin.x,
                        top: Double(row) * size - origin.y,
                        size: size
                    )
                )
            }
        }
        return tiles
    }
}

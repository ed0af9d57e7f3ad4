import Foundation

/// The map of a listing drawn as inline SVG in Web Mercator: the search circle, the centre, a
/// numbered pin per row (the list's numbers), a scale bar and the attribution, optionally over
/// OpenStreetMap tiles. Complete without the tiles and without any script.
///
/// Every provider text is escaped with ``HTMLEscaping``; positions are written with two
/// decimals, in the viewport's pixels (`viewBox` 0 0 ``width`` ``height``).
public enum SVGMap {
    /// The map's size in pixels (its `viewBox`; the page may scale it down on narrow screens).
    public static let width = 640.0
    public static let height = 640.0
    /// How much of the map's shorter side the search circle's diameter takes.
    public static let circleFill = 0.9
    /// The radius of a pin's disc, in pixels.
    public static let pinRadius = 11.0
    /// The longest scale bar, in pixels.
    public static let scaleBarMaximum = 160.0

    /// Pin fills: a listed venue, a favourite.
    public static let pinColor = "#c53030"
    public static let favoritePinColor = "#b7791f"
    /// The search circle's stroke (and, faintly, its fill).
    public static let circleColor = "#2b6cb0"
    /// The centre mark, scale bar and text.
    public static let inkColor = "#1a202c"
    /// The paper under everything (what shows where no tile is loaded).
    public static let paperColor = "#f4f1ea"

    /// The viewport a document is drawn in: centred on the search circle, which fills it
    /// (zoomed out when a row lies outside it); without a circle, framing the rows.
    public static func viewport(for document: ResultDocument) -> MapViewport {
        MapViewport.fitting(
            center: document.mapCenter.map { ($0.latitude, $0.longitude) },
            radius: Double(document.radius),
            places: document.rows.map { ($0.latitude, $0.longitude) },
            width: width,
            height: height,
            fill: circleFill
        )
    }

    /// The `<svg>` element for the document.
    ///
    /// - Parameter tiles: put OpenStreetMap raster tiles under the drawing (loaded by the
    ///   browser when online; nothing is lost when they fail).
    public static func render(_ document: ResultDocument, tiles: Bool) -> String {
        let viewport = viewport(for: document)
        let count = document.rows.count
        var title = "Map of \(count) \(count == 1 ? "venue" : "venues")"
        if document.mapCenter != nil {
            title += document.radius > 0 ? " within \(document.radius) m of" : " around"
            title += " \(MapText.coordinate(document.center.latitude, document.center.longitude))"
        }
        var svg = """
            <svg class="map" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(number(width)) \(number(height))" \
            width="\(number(width))" height="\(number(height))" role="group" aria-labelledby="map-title" \
            data-zoom="\(viewport.zoom)" data-center-latitude="\(viewport.centerLatitude)" \
            data-center-longitude="\(WebMercator.unproject(viewport.centerPoint, zoom: viewport.zoom).longitude)">
            <title id="map-title">\(HTMLEscaping.escaped(title))</title>
            <rect class="paper" width="\(number(width))" height="\(number(height))" fill="\(paperColor)"/>

            """
        if tiles {
            svg += "<g class=\"tiles\" aria-hidden=\"true\">\n"
            for tile in OSMTiles.tiles(covering: viewport) {
                svg += """
                    <image href="\(tile.url)" x="\(number(tile.left))" y="\(number(tile.top))" \
                    width="\(number(tile.size))" height="\(number(tile.size))" preserveAspectRatio="none"/>

                    """
            }
            svg += "</g>\n"
        }
        if let mapCenter = document.mapCenter {
            let center = viewport.point(latitude: mapCenter.latitude, longitude: mapCenter.longitude)
            if document.radius > 0 {
                let radius = Double(document.radius) / viewport.metersPerPixel
                svg += """
                    <circle class="search-circle" cx="\(number(center.x))" cy="\(number(center.y))" \
                    r="\(number(radius))" fill="\(circleColor)" fill-opacity="0.08" stroke="\(circleColor)" \
                    stroke-width="2"/>

                    """
            }
            svg += """
                <path class="center-mark" d="M\(number(center.x - 9)) \(number(center.y))h18\
                M\(number(center.x)) \(number(center.y - 9))v18" stroke="\(inkColor)" stroke-width="2"/>

                """
        }
        svg += "<g class=\"pins\">\n"
        // The first pins are drawn last, so that they lie on top where pins overlap.
        for (index, row) in document.rows.enumerated().reversed() {
            svg += pin(row, number: index + 1, at: viewport.point(latitude: row.latitude, longitude: row.longitude))
        }
        svg += "</g>\n"
        svg += scaleBar(ScaleBar(metersPerPixel: viewport.metersPerPixel, maximumPixels: scaleBarMaximum))
        svg += attribution(MapText.attributionLines(document, tiles: tiles))
        svg += "</svg>"
        return svg
    }

    private static func pin(_ row: ResultDocument.Row, number: Int, at point: WebMercator.Point) -> String {
        let id = HTMLEscaping.escaped(row.id)
        let label = HTMLEscaping.escaped("\(number). \(row.name)\(row.favorite ? " ★" : "")")
        let fill = row.favorite ? favoritePinColor : pinColor
        return """
            <g class="pin\(row.favorite ? " favorite" : "")" data-venue-id="\(id)" data-number="\(number)" \
            transform="translate(\(self.number(point.x)) \(self.number(point.y)))" tabindex="0" role="img" \
            aria-label="\(label)"><title>\(label)</title>\
            <circle r="\(self.number(pinRadius))" fill="\(fill)" stroke="#ffffff" stroke-width="2"/>\
            <text y="4" text-anchor="middle" font-size="\(number > 99 ? 9 : 11)" font-weight="700" \
            fill="#ffffff">\(number)</text></g>

            """
    }

    private static func scaleBar(_ bar: ScaleBar) -> String {
        let x = 16.0
        let y = height - 16
        return """
            <g class="scale-bar" data-meters="\(number(bar.meters))" data-pixels="\(number(bar.pixels))">\
            <path d="M\(number(x)) \(number(y - 6))V\(number(y))H\(number(x + bar.pixels))V\(number(y - 6))" \
            fill="none" stroke="#ffffff" stroke-width="5" stroke-linejoin="round"/>\
            <path d="M\(number(x)) \(number(y - 6))V\(number(y))H\(number(x + bar.pixels))V\(number(y - 6))" \
            fill="none" stroke="\(inkColor)" stroke-width="2"/>\
            <text x="\(number(x))" y="\(number(y - 10))" font-size="12" fill="\(inkColor)" stroke="#ffffff" \
            stroke-width="3" paint-order="stroke">\(HTMLEscaping.escaped(bar.label))</text></g>

            """
    }

    private static func attribution(_ lines: [String]) -> String {
        guard !lines.isEmpty else { return "" }
        var svg = "<g class=\"map-attribution\" font-size=\"11\" text-anchor=\"end\">"
        for (index, line) in lines.reversed().enumerated() {
            svg += """
                <text x="\(number(width - 8))" y="\(number(height - 8 - Double(index) * 14))" fill="\(inkColor)" \
                stroke="#ffffff" stroke-width="3" paint-order="stroke">\(HTMLEscaping.escaped(line))</text>
                """
        }
        return svg + "</g>\n"
    }

    /// A coordinate for SVG: at most two decimals, no exponent, `.` as the separator.
    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = String(format: "%.2f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}

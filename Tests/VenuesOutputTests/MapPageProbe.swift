import BrowserTestSupport
import Foundation
import Testing

/// What the browser tests read from a map page (the file or the served page: both draw the same
/// elements), and the checks they share: pins where Web Mercator puts them, in the DOM and in
/// the screenshot's pixels; list and pins in agreement; hostile names shown as text.
struct MapPageProbe: Decodable {
    /// The map's drawing area on the page (inside its border), in CSS pixels.
    struct Box: Decodable {
        var left: Double
        var top: Double
        var width: Double
        var height: Double
    }

    struct Pin: Decodable {
        var id: String
        var number: Int
        var label: String
        var fill: String
        /// The centre of the pin's disc on the page, in CSS pixels.
        var x: Double
        var y: Double
    }

    struct Row: Decodable {
        var id: String
        var number: Int
        var shownNumber: String
        var name: String
        /// Whether the row shows the favourite star (★, not hidden).
        var starred: Bool
    }

    struct Circle: Decodable {
        var x: Double
        var y: Double
        var width: Double
    }

    var box: Box
    var zoom: Double
    var pins: [Pin]
    var rows: [Row]
    var circle: Circle?
    /// `window.__pwned` when a hostile name's script ran; `nil` when none did.
    var pwned: String?
    var scripts: Int
    var images: Int
    var scriptReady: String?

    /// Reads the page; runs in the page (Runtime.evaluate is not bound by its CSP).
    static let expression = """
        (() => {
          const svg = document.querySelector("svg.map");
          const r = svg.getBoundingClientRect();
          const center = (element) => {
            const b = element.getBoundingClientRect();
            return { x: b.left + b.width / 2, y: b.top + b.height / 2, width: b.width };
          };
          const circle = document.querySelector(".search-circle");
          return {
            box: { left: r.left + svg.clientLeft, top: r.top + svg.clientTop, width: svg.clientWidth,
                   height: svg.clientHeight },
            zoom: Number(svg.getAttribute("data-zoom")),
            pins: [...document.querySelectorAll(".pin")].map((pin) => {
              const c = center(pin.querySelector("circle"));
              return { id: pin.getAttribute("data-venue-id"), number: Number(pin.getAttribute("data-number")),
                       label: pin.querySelector("text").textContent,
                       fill: pin.querySelector("circle").getAttribute("fill"), x: c.x, y: c.y };
            }),
            rows: [...document.querySelectorAll(".venue")].map((row) => ({
              id: row.getAttribute("data-venue-id"), number: Number(row.getAttribute("data-number")),
              shownNumber: row.querySelector(".number").textContent, name: row.querySelector(".name").textContent,
              starred: [...row.querySelectorAll(".favorite-mark")].some((m) => !m.hidden && m.textContent === "★") })),
            circle: circle ? center(circle) : null,
            pwned: typeof window.__pwned === "undefined" ? null : String(window.__pwned),
            scripts: document.scripts.length,
            images: document.querySelectorAll("img").length,
            scriptReady: document.documentElement.getAttribute("data-map-script")
          };
        })()
        """

    /// A venue the page should show, as the listing has it.
    struct ExpectedVenue {
        var id: String
        var name: String
        var latitude: Double
        var longitude: Double
        var favorite: Bool
    }

    /// Where Web Mercator puts a place on the map, in the map's own units (0…640), written out
    /// here independently of the package's `WebMercator` (tangent and secant, not the sine
    /// form): x = (λ + 180) / 360 · 256 · 2^z, y = (1 − ln(tan φ + sec φ) / π) / 2 · 256 · 2^z,
    /// relative to the search centre at the map's middle.
    static func mercator(
        latitude: Double,
        longitude: Double,
        zoom: Double,
        centerLatitude: Double,
        centerLongitude: Double
    ) -> (x: Double, y: Double) {
        let scale = 256 * pow(2, zoom)
        func x(_ longitude: Double) -> Double { (longitude + 180) / 360 * scale }
        func y(_ latitude: Double) -> Double {
            let phi = latitude * .pi / 180
            return (1 - log(tan(phi) + 1 / cos(phi)) / .pi) / 2 * scale
        }
        return (320 + x(longitude) - x(centerLongitude), 320 + y(latitude) - y(centerLatitude))
    }

    /// The page position (CSS pixels) of a point of the map.
    func onPage(_ point: (x: Double, y: Double)) -> (x: Double, y: Double) {
        (box.left + point.x * box.width / 640, box.top + point.y * box.height / 640)
    }

    /// Every check both pages must pass, with `venues` in list order.
    func check(
        venues: [ExpectedVenue],
        centerLatitude: Double,
        centerLongitude: Double,
        radius: Double,
        screenshot: PNGImage,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        // Nothing a provider sent ran; nothing became an element.
        #expect(pwned == nil, "a hostile name ran: \(pwned ?? "")", sourceLocation: sourceLocation)
        #expect(scripts == 1 && images == 0, "scripts \(scripts), images \(images)", sourceLocation: sourceLocation)
        // The page's own script ran: its CSP hash is right.
        #expect(scriptReady == "ready", "the page's script did not run", sourceLocation: sourceLocation)

        // The list: in order, numbered 1…n, each name shown as text.
        #expect(rows.map(\.id) == venues.map(\.id), sourceLocation: sourceLocation)
        #expect(rows.map(\.number) == Array(1...venues.count), sourceLocation: sourceLocation)
        #expect(rows.map(\.shownNumber) == (1...venues.count).map(String.init), sourceLocation: sourceLocation)
        #expect(rows.map(\.name) == venues.map(\.name), sourceLocation: sourceLocation)
        for (row, venue) in zip(rows, venues) {
            #expect(
                row.starred == venue.favorite,
                "favourite mark of \(row.id)",
                sourceLocation: sourceLocation
            )
        }
        // The pins: the same ids with the same numbers, shown on the pin.
        let pinsByNumber = Dictionary(uniqueKeysWithValues: pins.map { ($0.number, $0) })
        #expect(pins.count == venues.count, sourceLocation: sourceLocation)
        for (index, venue) in venues.enumerated() {
            guard let pin = pinsByNumber[index + 1] else {
                Issue.record("no pin \(index + 1)", sourceLocation: sourceLocation)
                continue
            }
            #expect(pin.id == venue.id && pin.label == String(index + 1), sourceLocation: sourceLocation)
        }

        // The circle: centred, its radius the search radius at the map's scale, filling the map.
        let metersPerUnit = 2 * .pi * 6_378_137 * cos(centerLatitude * .pi / 180) / (256 * pow(2, zoom))
        let radiusUnits = radius / metersPerUnit
        #expect(abs(radiusUnits - 288) < 0.5, "circle radius \(radiusUnits) map units", sourceLocation: sourceLocation)
        let centre = onPage((320, 320))
        if let circle {
            #expect(abs(circle.x - centre.x) <= 2 && abs(circle.y - centre.y) <= 2, sourceLocation: sourceLocation)
            #expect(abs(circle.width - 2 * radiusUnits * box.width / 640) <= 2, sourceLocation: sourceLocation)
        } else {
            Issue.record("no search circle", sourceLocation: sourceLocation)
        }

        // Each pin where Web Mercator puts it: in the DOM, and in the screenshot's pixels.
        let pinColors = ["#c53030", "#b7791f"].compactMap(PNGImage.Color.init(hex:))
        for (index, venue) in venues.enumerated() {
            let expected = onPage(
                Self.mercator(
                    latitude: venue.latitude,
                    longitude: venue.longitude,
                    zoom: zoom,
                    centerLatitude: centerLatitude,
                    centerLongitude: centerLongitude
                )
            )
            if let pin = pinsByNumber[index + 1] {
                #expect(
                    abs(pin.x - expected.x) <= 2 && abs(pin.y - expected.y) <= 2,
                    "pin \(index + 1) at (\(pin.x), \(pin.y)) in the DOM, expected (\(expected.x), \(expected.y))",
                    sourceLocation: sourceLocation
                )
            }
            let blob = screenshot.blob(near: expected, radius: 20, colors: pinColors)
            let seen = blob.map { "(\($0.x), \($0.y)), \($0.width)×\($0.height)" } ?? "nowhere"
            let inPlace = blob.map { abs($0.x - expected.x) <= 2 && abs($0.y - expected.y) <= 2 } ?? false
            #expect(
                inPlace,
                "pin \(index + 1) in the screenshot at \(seen), expected (\(expected.x), \(expected.y))",
                sourceLocation: sourceLocation
            )
            if let blob {
                // The whole disc, not a fragment: 22 px across less its white edge.
                #expect(
                    blob.width >= 16 && blob.width <= 24 && blob.height >= 16 && blob.height <= 24,
                    sourceLocation: sourceLocation
                )
            }
        }
        // The circle's stroke in the pixels, left and right of the centre on its row.
        let blue = PNGImage.Color(hex: "#2b6cb0")!
        for side in [-1.0, 1.0] {
            let edge = centre.x + side * radiusUnits * box.width / 640
            let found: Double? = screenshot.nearestColumn(of: blue, row: Int(centre.y), from: edge - 6, to: edge + 6)
            let seenAt = found.map { "\($0)" } ?? "nowhere"
            let close = found.map { abs($0 - edge) <= 2 } ?? false
            #expect(close, "circle edge at \(seenAt), expected \(edge)", sourceLocation: sourceLocation)
        }
    }
}

extension PNGImage {
    /// The bounding box of the pixels near `center` within `radius` that are close to one of
    /// `colors` (a pin's disc), as a centre in page coordinates (a pixel's centre is at + 0.5).
    func blob(
        near center: (x: Double, y: Double),
        radius: Int,
        colors: [Color]
    ) -> (
        x: Double, y: Double, width: Int, height: Int
    )? {
        var minX = Int.max
        var minY = Int.max
        var maxX = Int.min
        var maxY = Int.min
        let cx = Int(center.x)
        let cy = Int(center.y)
        // A point off the image (the map scrolled out of the screenshot) has no blob.
        guard max(0, cy - radius) <= min(height - 1, cy + radius), max(0, cx - radius) <= min(width - 1, cx + radius)
        else { return nil }
        for y in max(0, cy - radius)...min(height - 1, cy + radius) {
            for x in max(0, cx - radius)...min(width - 1, cx + radius) {
                let pixel = color(x: x, y: y)
                guard colors.contains(where: { $0.distance(to: pixel) <= 40 }) else { continue }
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = max(maxY, y)
            }
        }
        guard minX <= maxX else { return nil }
        return (Double(minX + maxX + 1) / 2, Double(minY + maxY + 1) / 2, maxX - minX + 1, maxY - minY + 1)
    }

    /// The column between `from` and `to` on `row` whose pixel is closest to `color` (the
    /// middle of a line crossing the row), if any is close.
    func nearestColumn(of target: Color, row: Int, from: Double, to: Double) -> Double? {
        var best: (x: Int, distance: Int)?
        for x in max(0, Int(from))...min(width - 1, Int(to)) {
            let distance = target.distance(to: color(x: x, y: row))
            if distance <= 60, best.map({ distance < $0.distance }) ?? true { best = (x, distance) }
        }
        return best.map { Double($0.x) + 0.5 }
    }
}

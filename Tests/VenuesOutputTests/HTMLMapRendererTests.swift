import Foundation
import Testing
import VenuesCore

@testable import VenuesOutput

/// `--format html`: the page's text, escaping, numbering and fields, read from the HTML itself
/// (the browser tests read the same page as a browser shows it).
@Suite struct HTMLMapRendererTests {
    static let page = HTMLMapRenderer.render(MapTestDocument.document())

    /// Every `name="value"` attribute in the page, as written.
    static func attributes(_ name: String, in html: String) -> [String] {
        let marker = " \(name)=\""
        var values: [String] = []
        var rest = html[...]
        while let start = rest.range(of: marker) {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { break }
            values.append(String(rest[..<end]))
            rest = rest[rest.index(after: end)...]
        }
        return values
    }

    /// Undoes the five character references ``HTMLEscaping`` writes.
    static func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    @Test func noProviderTextBecomesMarkup() {
        let page = Self.page
        // One script and one stylesheet: the page's own.
        #expect(page.components(separatedBy: "<script").count == 2)
        #expect(page.components(separatedBy: "<style").count == 2)
        // No element a hostile name tried to open.
        for tag in ["<img", "<b>", "<i>", "<svg onload", "</title></svg>"] {
            #expect(!page.contains(tag), "\(tag) in the page")
        }
        #expect(!page.contains("onerror=\"") && !page.contains("onmouseover='"))
        // The names are there, escaped, in the list, in the pins' labels and their SVG titles.
        for name in MapTestDocument.shownNames {
            let escaped = HTMLEscaping.escaped(name)
            #expect(page.contains("<bdi class=\"name\">\(escaped)</bdi>"), "row name \(name)")
            #expect(
                page.contains(". \(escaped)</title>") || page.contains(". \(escaped) ★</title>"),
                "pin title \(name)"
            )
            #expect(page.contains("aria-label=\"") && page.contains(". \(escaped)"), "pin label \(name)")
        }
        // The hostile id, note, address, label, warning and provider message, escaped.
        #expect(
            page.contains("data-venue-id=\"fsq:&quot;&gt;&lt;script&gt;window.__pwned=&#39;id&#39;&lt;/script&gt;\"")
        )
        #expect(page.contains("Note: <bdi>&lt;script&gt;window.__pwned=&#39;note&#39;&lt;/script&gt;</bdi>"))
        #expect(page.contains("&lt;b&gt;Kaivokatu&lt;/b&gt; 1 &amp; &quot;2&quot;"))
        #expect(page.contains("<span class=\"category\">&lt;i&gt;tea house&lt;/i&gt;</span>"))
        #expect(page.contains("&lt;i&gt;partial&lt;/i&gt; answer &amp; more"))
        #expect(
            page.contains(
                "google: failed, unauthorized: &lt;script&gt;window.__pwned=&#39;provider&#39;&lt;/script&gt;"
            )
        )
        // A right-to-left override never reaches the page; the name's letters do.
        #expect(!page.unicodeScalars.contains("\u{202E}") && !page.unicodeScalars.contains("\u{202C}"))
        #expect(page.contains("مطعم lave الشاي"))
    }

    @Test func everyAttributeValueStaysInsideItsQuotes() {
        // Escaped values contain no quote, so no value can end early and start an attribute.
        for name in ["data-venue-id", "aria-label", "data-provider", "content"] {
            for value in Self.attributes(name, in: Self.page) {
                #expect(!value.contains("<") && !value.contains(">") && !value.contains("'"), "\(name)=\(value)")
            }
        }
        let ids = Self.attributes("data-venue-id", in: Self.page).map(Self.unescaped)
        let expected = MapTestDocument.document().rows.map(\.id)
        // Pins in reverse (the first drawn last, on top), then the rows in list order.
        #expect(ids == expected.reversed() + expected)
    }

    @Test func aSearchTermInTheHeadingIsEscaped() {
        let page = HTMLMapRenderer.render(MapTestDocument.document(kind: .search))
        #expect(page.contains("<title>7 venues for “&lt;script&gt;window.__pwned=&#39;term&#39;&lt;/script&gt;”"))
        #expect(page.components(separatedBy: "<script").count == 2)
    }

    @Test func rowsAndPinsCarryTheSameNumbers() {
        let numbers = Self.attributes("data-number", in: Self.page).compactMap(Int.init)
        let count = MapTestDocument.places.count
        // Pins first (the map comes before the list), drawn last to first so that 1 lies on top.
        #expect(numbers == Array((1...count).reversed()) + Array(1...count))
        for number in 1...count {
            #expect(Self.page.contains("<span class=\"number\">\(number)</span>"))
            #expect(Self.page.contains("fill=\"#ffffff\">\(number)</text></g>"))
        }
    }

    @Test func everyFieldOfARowIsShown() throws {
        let document = MapTestDocument.document()
        let row = document.rows[5]
        let html = try #require(HTMLMapRenderer.list(document).components(separatedBy: "</li>").dropFirst(5).first)
        #expect(html.contains("<span class=\"number\">6</span>"))
        #expect(html.contains("Robert&#39;s Coffee"))
        #expect(html.contains("class=\"venue favorite\""))
        #expect(html.contains("★"))
        #expect(html.contains("<span class=\"distance\">\(MapText.distance(try #require(row.distance)))</span>"))
        #expect(html.contains("<span class=\"category\">cafe</span>"))
        #expect(html.contains("<p class=\"address\"><bdi>Kaivokatu 6, Helsinki</bdi></p>"))
        #expect(html.contains("<span class=\"source\" data-provider=\"osm\">osm:node/6</span>"))
        #expect(html.contains("class=\"note\""))
        // A row that is not a favourite has no star.
        let first = try #require(HTMLMapRenderer.list(document).components(separatedBy: "</li>").first)
        #expect(!first.contains("★") && first.contains("class=\"venue\""))
    }

    @Test func providerStatusLinesAndAttributionAreShown() {
        #expect(Self.page.contains("osm: 7 venues in 42 ms (index:helsinki)"))
        #expect(Self.page.contains("<li class=\"provider failed\" data-provider=\"google\">"))
        #expect(Self.page.contains(">Data: Powered by Foursquare · © OpenStreetMap contributors (ODbL)</text>"))
        #expect(Self.page.contains("Map tiles: © OpenStreetMap contributors</text>"))
        #expect(Self.page.contains("<a href=\"https://www.openstreetmap.org/copyright\">"))
    }

    @Test func theMapHasItsCircleCentreScaleBarAndPins() throws {
        let page = Self.page
        // The circle fills 90 % of the 640 px map: a radius of 288 px, centred.
        #expect(page.contains("<circle class=\"search-circle\" cx=\"320\" cy=\"320\" r=\"288\""))
        #expect(page.contains("<path class=\"center-mark\" d=\"M311 320h18M320 311v18\""))
        // 500 m over 288 px is 1.736 m/px: 160 px hold 277 m, so the bar is 200 m, 115.2 px.
        #expect(page.contains("<g class=\"scale-bar\" data-meters=\"200\" data-pixels=\"115.2\">"))
        #expect(page.contains(">200 m</text>"))
        let pins = page.components(separatedBy: "<g class=\"pin\"").count - 1
        let favorites = page.components(separatedBy: "<g class=\"pin favorite\"").count - 1
        #expect(pins == 5 && favorites == 2)
    }

    @Test func withoutTilesThePageLoadsNothing() {
        let page = HTMLMapRenderer.render(MapTestDocument.document(), options: .init(tiles: false))
        #expect(!page.contains("tile.openstreetmap.org/"))
        #expect(page.contains("img-src &#39;none&#39;"))
        #expect(!page.contains("Map tiles:"))
        let online = Self.page
        #expect(online.contains("<image href=\"https://tile.openstreetmap.org/"))
        #expect(online.contains("img-src https://tile.openstreetmap.org;"))
        #expect(online.contains("default-src &#39;none&#39;; script-src &#39;\(MapPageScript.sha256)&#39;"))
    }

    @Test func thePageIsSelfContained() {
        let page = Self.page
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"))
        // The policy comes before the style and script it governs.
        let policy = page.range(of: "http-equiv=\"Content-Security-Policy\"")!.lowerBound
        #expect(policy < page.range(of: "<style>")!.lowerBound)
        // Nothing external: no script src, no stylesheet link, no font; only tiles and links.
        #expect(!page.contains("<script src") && !page.contains("<link") && !page.contains("@import"))
        #expect(!page.contains("url("))
        #expect(!page.contains("unsafe-inline"))
        for url in Self.attributes("href", in: page) {
            #expect(
                url.hasPrefix("https://tile.openstreetmap.org/") || url == "https://www.openstreetmap.org/copyright",
                "\(url)"
            )
        }
    }

    @Test func anEmptyListingSaysSo() {
        var document = MapTestDocument.document()
        document.rows = []
        let page = HTMLMapRenderer.render(document)
        #expect(page.contains("<p class=\"empty\">No venues found.</p>"))
        #expect(page.contains("<h1>0 venues within 500 m of 60.17100, 24.94140</h1>"))
        #expect(page.contains("class=\"search-circle\""))
    }

    @Test func favouritesWithoutACentreAreFramed() {
        var document = MapTestDocument.document(kind: .favorites)
        document.centerSource = .fallback
        document.radius = 0
        document.providers = []
        let page = HTMLMapRenderer.render(document)
        #expect(!page.contains("search-circle") && !page.contains("center-mark"))
        #expect(page.contains("<h1>7 favourites</h1>"))
        // Every pin inside the map.
        let viewport = SVGMap.viewport(for: document)
        for row in document.rows {
            let point = viewport.point(latitude: row.latitude, longitude: row.longitude)
            #expect(point.x >= 0 && point.x <= SVGMap.width && point.y >= 0 && point.y <= SVGMap.height)
        }
    }
}

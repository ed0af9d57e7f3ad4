import Foundation

/// `--format html`: one self-contained page (no external script, stylesheet or font) with the
/// list and an inline SVG map of it (``SVGMap``). Each list row and each pin carries the venue's
/// id in `data-venue-id` and the same number; the page reads completely offline and without
/// JavaScript, prints on paper, and lets no provider text run: every text is escaped
/// (``HTMLEscaping``) and a Content-Security-Policy allows only the page's own script and
/// stylesheet, by hash.
public enum HTMLMapRenderer {
    /// Rendering choices.
    public struct Options: Sendable {
        /// Put OpenStreetMap's raster tiles under the map (the browser loads them when online;
        /// the map is complete without them). Off: the page loads nothing at all.
        public var tiles: Bool

        public init(tiles: Bool = true) {
            self.tiles = tiles
        }
    }

    /// The whole page, ending in a line break.
    public static func render(_ document: ResultDocument, options: Options = Options()) -> String {
        let heading = MapText.heading(document)
        var body = "<header class=\"summary\">\n<h1>\(HTMLEscaping.escaped(heading))</h1>\n"
        if let note = MapText.centerNote(document) {
            body += "<p class=\"query-note\">\(HTMLEscaping.escaped(note))</p>\n"
        }
        body += "</header>\n<main class=\"layout\">\n<figure class=\"map-figure\">\n"
        body += SVGMap.render(document, tiles: options.tiles)
        body += "\n<figcaption>\(figureCaption(document, tiles: options.tiles))</figcaption>\n</figure>\n"
        body += "<section class=\"listing\" aria-label=\"Venues\">\n"
        body += list(document)
        body += providers(document)
        body += "</section>\n</main>\n"
        body += "<footer class=\"attribution\">\(footer(document))</footer>\n"
        return page(
            title: heading,
            policy: ContentSecurityPolicy.file(tiles: options.tiles),
            body: body,
            script: MapPageScript.source
        )
    }

    /// The page around a body: the policy first in `<head>`, the stylesheet, the script last.
    static func page(title: String, policy: String, body: String, script: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="\(HTMLEscaping.escaped(policy))">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="venues">
        <title>\(HTMLEscaping.escaped(title))</title>
        <style>\(MapPageStyle.css)</style>
        </head>
        <body>
        \(body)<script>\(script)</script>
        </body>
        </html>

        """
    }

    /// The numbered list: one `<li>` per row with the pin's number, the name (★ for a
    /// favourite), distance, category, address, sources, and a favourite's note.
    static func list(_ document: ResultDocument) -> String {
        guard !document.rows.isEmpty else {
            let empty = document.kind == .favorites ? "No favourites here." : "No venues found."
            return "<p class=\"empty\">\(empty)</p>\n"
        }
        var html = "<ol class=\"venues\">\n"
        for (index, row) in document.rows.enumerated() {
            let number = index + 1
            html += """
                <li class="venue\(row.favorite ? " favorite" : "")" data-venue-id="\(HTMLEscaping.escaped(row.id))" \
                data-number="\(number)" tabindex="0">\
                <span class="number">\(number)</span><div class="details">\
                <p class="title"><bdi class="name">\(HTMLEscaping.escaped(row.name))</bdi>
                """
            if row.favorite {
                html += " <span class=\"favorite-mark\" title=\"favourite\" aria-label=\"favourite\">★</span>"
            }
            html += "</p>"
            var facts: [String] = []
            if let distance = row.distance {
                facts.append("<span class=\"distance\">\(HTMLEscaping.escaped(MapText.distance(distance)))</span>")
            }
            if let category = MapText.category(row) {
                facts.append("<span class=\"category\">\(HTMLEscaping.escaped(category))</span>")
            }
            if !facts.isEmpty { html += "<p class=\"facts\">\(facts.joined(separator: " · "))</p>" }
            if let address = row.address {
                html += "<p class=\"address\"><bdi>\(HTMLEscaping.escaped(address))</bdi></p>"
            }
            let sources = row.sources.map {
                "<span class=\"source\" data-provider=\"\(HTMLEscaping.escaped($0.provider))\">"
                    + "\(HTMLEscaping.escaped($0.id))</span>"
            }
            if !sources.isEmpty {
                html += "<p class=\"sources\">Sources: \(sources.joined(separator: ", "))</p>"
            }
            if let note = row.note {
                html += "<p class=\"note\">Note: <bdi>\(HTMLEscaping.escaped(note))</bdi></p>"
            }
            html += "</div></li>\n"
        }
        return html + "</ol>\n"
    }

    /// One line per provider asked, with its warnings under it.
    static func providers(_ document: ResultDocument) -> String {
        guard !document.providers.isEmpty else { return "" }
        var html = "<section class=\"providers\">\n<h2>Providers</h2>\n<ul>\n"
        for status in document.providers {
            html += """
                <li class="provider \(status.ok ? "ok" : "failed")" data-provider="\(HTMLEscaping.escaped(status.provider))">\
                \(HTMLEscaping.escaped(MapText.providerLine(status)))
                """
            if !status.warnings.isEmpty {
                html += "<ul>"
                for warning in status.warnings {
                    html += "<li class=\"warning\">\(HTMLEscaping.escaped(warning))</li>"
                }
                html += "</ul>"
            }
            html += "</li>\n"
        }
        return html + "</ul>\n</section>\n"
    }

    /// Under the map: the data's attribution, and the tiles' with the link the tile usage
    /// policy asks for.
    static func figureCaption(_ document: ResultDocument, tiles: Bool) -> String {
        var parts: [String] = []
        if !document.attribution.isEmpty {
            parts.append("Data: " + document.attribution.map(HTMLEscaping.escaped).joined(separator: " · "))
        }
        if tiles {
            parts.append(
                "Map tiles: <a href=\"\(OSMTiles.copyrightURL)\">\(HTMLEscaping.escaped(OSMTiles.attribution))</a>"
                    + " (shown when online)"
            )
        }
        parts.append("Web Mercator; pins numbered as the list.")
        return parts.joined(separator: ". ")
    }

    /// The page's footer: attribution again, and what made the page.
    static func footer(_ document: ResultDocument) -> String {
        var text = "Made by venues."
        if !document.attribution.isEmpty {
            text += " " + HTMLEscaping.escaped(document.attribution.joined(separator: " · ")) + "."
        }
        return text
    }
}

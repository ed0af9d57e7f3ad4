import BrowserTestSupport
import Foundation

/// The served map page driven as a user would: open it, paste the token, type a search, press
/// Search, hover a pin, star the first venue and unstar it. It needs only a server's address
/// and a token it accepts, so the same scenario runs against the loopback fake API of
/// ``ServedMapPageBrowserTests`` and against a real `venues serve`:
///
/// ```sh
/// venues serve --port 8080 &            # with provider fakes behind it, for a test
/// TOKEN=$(venues serve token create browser-test | tail -n 1)
/// ```
///
/// then `ServedPageScenario(target: .init(baseURL: URL(string: "http://127.0.0.1:8080")!,
/// token: TOKEN), search: …).run(in: browser)` and ``MapPageProbe/check`` against the listing
/// the API itself answers for ``TypedSearch/apiPath`` (``APIListing/fetch``).
struct ServedPageScenario: Sendable {
    /// A server that serves the page at `/` and the API beside it.
    struct Target: Sendable {
        var baseURL: URL
        var token: String
    }

    /// What the user types into the form.
    struct TypedSearch: Sendable {
        var term: String
        var near: String
        var radius: String
        var categories: String
        var providers: String

        /// The API call the page should make for it (the test makes it too, to know the answer).
        var apiPath: String {
            var items = [URLQueryItem]()
            if !term.isEmpty { items.append(URLQueryItem(name: "term", value: term)) }
            items.append(URLQueryItem(name: "near", value: near))
            items.append(URLQueryItem(name: "radius", value: radius))
            for category in categories.split(separator: ",") {
                items.append(URLQueryItem(name: "category", value: String(category)))
            }
            if !providers.isEmpty { items.append(URLQueryItem(name: "providers", value: providers)) }
            var components = URLComponents()
            components.path = term.isEmpty ? "/v1/nearby" : "/v1/search"
            components.queryItems = items
            return components.string ?? ""
        }
    }

    /// What the page showed and did.
    struct Observation: Sendable {
        /// ``MapPageProbe`` as JSON, after the search.
        var probe: Data
        var screenshot: Data
        var summary: String
        var status: String
        var rowHighlightedByPinHover: Bool
        /// The token in `sessionStorage`, the token field, and the page's address afterwards.
        var storedToken: String?
        var tokenField: String
        var location: String
        /// After starring row 1: its toggle, its row's and pin's classes, the pin's fill.
        var starredPressed: String?
        var starredRowIsFavorite: Bool
        var starredPinFill: String?
        /// After unstarring it again.
        var unstarredPressed: String?
        var unstarredPinFill: String?
    }

    var target: Target
    var search: TypedSearch

    func run(in browser: HeadlessChromium) throws -> Observation {
        try browser.navigate(to: target.baseURL.appendingPathComponent("/"))
        try browser.waitUntil(
            "document.documentElement.getAttribute('data-served-script') === 'ready'",
            what: "the page's script (is its CSP hash right?)"
        )
        for (field, text) in [
            ("token", target.token), ("term", search.term), ("near", search.near), ("radius", search.radius),
            ("categories", search.categories), ("providers", search.providers),
        ] {
            try browser.evaluateJSON(
                "(() => { const f = document.getElementById('\(field)'); f.focus(); f.select(); })()"
            )
            if !text.isEmpty { try browser.type(text) }
        }
        try click(browser, selector: "#search")
        try browser.waitUntil(
            "['done', 'failed'].includes(document.documentElement.getAttribute('data-search'))",
            what: "the search to finish"
        )
        let status = try browser.evaluate("document.getElementById('status').textContent", as: String.self)
        guard try browser.evaluate("document.documentElement.getAttribute('data-search')", as: String.self) == "done"
        else { throw HeadlessChromium.BrowserError.javaScript("the search failed: \(status)") }
        let probe = try browser.evaluateJSON(MapPageProbe.expression)
        let screenshot = try browser.screenshot()
        let summary = try browser.evaluate("document.getElementById('summary').textContent", as: String.self)

        try click(browser, selector: ".pin[data-number='2'] circle")
        let hovered = try browser.evaluate(
            "document.querySelectorAll('.venue')[1].classList.contains('highlighted')",
            as: Bool.self
        )
        try browser.moveMouse(x: 1, y: 1)

        let toggle = ".venue[data-number='1'] .favorite-toggle"
        let pinFill = "document.querySelector(\".pin[data-number='1'] circle\").getAttribute('fill')"
        try click(browser, selector: toggle)
        try browser.waitUntil(
            "document.querySelector(\"\(toggle)\").getAttribute('aria-pressed') === 'true'",
            what: "the favourite to be set"
        )
        let starredPressed = try browser.evaluate(
            "document.querySelector(\"\(toggle)\").getAttribute('aria-pressed')",
            as: String?.self
        )
        let starredRow = try browser.evaluate(
            "document.querySelector(\".venue[data-number='1']\").classList.contains('favorite')",
            as: Bool.self
        )
        let starredFill = try browser.evaluate(pinFill, as: String?.self)
        try browser.waitUntil("!document.querySelector(\"\(toggle)\").disabled", what: "the toggle to be ready")
        try click(browser, selector: toggle)
        try browser.waitUntil(
            "document.querySelector(\"\(toggle)\").getAttribute('aria-pressed') === 'false'",
            what: "the favourite to be removed"
        )
        return Observation(
            probe: probe,
            screenshot: screenshot,
            summary: summary,
            status: status,
            rowHighlightedByPinHover: hovered,
            storedToken: try browser.evaluate("sessionStorage.getItem('venues.token')", as: String?.self),
            tokenField: try browser.evaluate("document.getElementById('token').value", as: String.self),
            location: try browser.evaluate("location.href", as: String.self),
            starredPressed: starredPressed,
            starredRowIsFavorite: starredRow,
            starredPinFill: starredFill,
            unstarredPressed: try browser.evaluate(
                "document.querySelector(\"\(toggle)\").getAttribute('aria-pressed')",
                as: String?.self
            ),
            unstarredPinFill: try browser.evaluate(pinFill, as: String?.self)
        )
    }

    /// A real mouse click in the middle of the first element matching `selector`.
    private func click(_ browser: HeadlessChromium, selector: String) throws {
        struct Point: Decodable {
            var x: Double
            var y: Double
        }
        let point = try browser.evaluate(
            """
            (() => { const e = document.querySelector("\(selector)"); e.scrollIntoView({ block: "nearest" });
              const r = e.getBoundingClientRect(); return { x: r.left + r.width / 2, y: r.top + r.height / 2 }; })()
            """,
            as: Point.self
        )
        try browser.click(x: point.x, y: point.y)
    }
}

/// The part of an API listing (§7's JSON document) the page draws.
struct APIListing: Decodable {
    struct Query: Decodable {
        var latitude: Double
        var longitude: Double
        var radius: Double
        var term: String?
    }

    struct Venue: Decodable {
        var id: String
        var name: String
        var latitude: Double
        var longitude: Double
        var favorite: Bool
    }

    var query: Query
    var venues: [Venue]

    /// Asks the server under test for a listing, as the page does.
    static func fetch(_ path: String, from target: ServedPageScenario.Target) throws -> APIListing {
        let response = try LoopbackHTTP.request(
            "GET",
            URL(string: target.baseURL.absoluteString + path)!,
            headers: ["Authorization": "Bearer \(target.token)", "Accept": "application/json"]
        )
        guard response.status == 200 else {
            throw LoopbackHTTP.HTTPError.malformed("GET \(path): \(response.status)")
        }
        return try JSONDecoder().decode(APIListing.self, from: response.body)
    }

    var expectedVenues: [MapPageProbe.ExpectedVenue] {
        venues.map {
            MapPageProbe.ExpectedVenue(
                id: $0.id,
                name: $0.name,
                latitude: $0.latitude,
                longitude: $0.longitude,
                favorite: $0.favorite
            )
        }
    }
}

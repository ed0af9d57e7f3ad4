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
        /// Comma-separated, as the categories' boxes to tick.
        var categories: String
        /// The providers' boxes to leave ticked (the page sends them in the server's order).
        var providers: [String]

        /// The API call the page should make for it (the test makes it too, to know the answer).
        var apiPath: String {
            var items = [URLQueryItem]()
            if !term.isEmpty { items.append(URLQueryItem(name: "term", value: term)) }
            items.append(URLQueryItem(name: "near", value: near))
            items.append(URLQueryItem(name: "radius", value: radius))
            for category in categories.split(separator: ",") {
                items.append(URLQueryItem(name: "category", value: String(category)))
            }
            if !providers.isEmpty {
                items.append(URLQueryItem(name: "providers", value: providers.joined(separator: ",")))
            }
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
        /// The providers' part of the answer, one line each, and form fields named `providers`.
        var providerLines: [String]
        var providerInputs: Int
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
        try browser.waitUntil(
            "['ready', 'unknown'].includes(document.documentElement.getAttribute('data-providers'))",
            what: "the providers this server offers"
        )
        for (field, text) in [
            ("token", target.token), ("term", search.term), ("near", search.near), ("radius", search.radius),
        ] {
            try browser.evaluateJSON(
                "(() => { const f = document.getElementById('\(field)'); f.focus(); f.select(); })()"
            )
            if !text.isEmpty { try browser.type(text) }
        }
        let categories = search.categories.split(separator: ",").map(String.init)
        if !categories.isEmpty { try click(browser, selector: "details.choices > summary") }
        try tick(browser, name: "category", values: categories)
        // Folded again, as a person would once the boxes are ticked.
        if !categories.isEmpty { try click(browser, selector: "details.choices > summary") }
        try tick(browser, name: "provider", values: search.providers)
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
        let providerLines = try browser.evaluate(
            "[...document.querySelectorAll('#provider-summary li.provider')].map(e => e.textContent)",
            as: [String].self
        )
        let providerInputs = try browser.evaluate(
            "document.querySelectorAll('input#providers, input[name=providers]').length",
            as: Int.self
        )

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
            providerLines: providerLines,
            providerInputs: providerInputs,
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

    /// Ticks exactly the boxes named `name` whose values are `values`, by clicking each one that
    /// differs (a box not offered cannot be ticked: the test then fails on the request).
    func tick(_ browser: HeadlessChromium, name: String, values: [String]) throws {
        let boxes = try browser.evaluate(
            "[...document.querySelectorAll('input[name=\(name)]')].map(b => [b.value, b.checked])",
            as: [[ValueOrFlag]].self
        )
        for box in boxes {
            guard case .text(let value) = box[0], case .flag(let checked) = box[1] else { continue }
            if checked != values.contains(value) {
                try click(browser, selector: "input[name=\(name)][value=\(value)]")
            }
        }
    }

    /// A JSON array element that is a string or a Boolean.
    enum ValueOrFlag: Decodable {
        case text(String)
        case flag(Bool)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let flag = try? container.decode(Bool.self) {
                self = .flag(flag)
            } else {
                self = .text(try container.decode(String.self))
            }
        }
    }

    /// A real mouse click in the middle of the first element matching `selector`.
    func click(_ browser: HeadlessChromium, selector: String) throws {
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

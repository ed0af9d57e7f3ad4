import BrowserTestSupport
import Foundation
import Testing
import VenuesTestSupport

@testable import VenuesOutput

extension BrowserTests {
    /// The page `venues serve` will serve at `/`, in a real browser against a loopback fake of the
    /// API (the page, its CSP header, `/v1/search`, `/v1/nearby`, `/v1/favorites/{id}`): a search
    /// typed in, the answer drawn where Web Mercator puts it, hostile names shown as text, the
    /// token kept in session storage only, a favourite set and removed.
    ///
    /// The browser part is ``ServedPageScenario``: point it at a real server to run the same checks
    /// there.
    @Suite(.timeLimit(.minutes(5))) struct ServedMapPageBrowserTests {
        static let token = "test-token-\(UUID().uuidString)"

        /// The fake API (``ServedPageFakeAPI``) answering every search with `listing`, by default
        /// ``MapTestDocument``'s.
        static func startFakeAPI(listing: Data? = nil) async throws -> ServedPageFakeAPI {
            let listing = try listing ?? Data(JSONRenderer.render(MapTestDocument.document(kind: .search)).utf8)
            return try await ServedPageFakeAPI.start(token: token, options: .init(listing: listing))
        }

        @Test func aSearchTypedIntoTheServedPage() async throws {
            let server = try await Self.startFakeAPI()
            defer { Task { await server.stop() } }
            let target = ServedPageScenario.Target(baseURL: server.baseURL, token: Self.token)
            let search = ServedPageScenario.TypedSearch(
                term: "Café <b>",
                near: "60.1710,24.9414",
                radius: "500",
                categories: "cafe,bar",
                providers: ["osm", "google"]
            )
            let scenario = ServedPageScenario(target: target, search: search)
            let observed = try await withChromium("ServedMapPageBrowserTests.aSearchTypedIntoTheServedPage") {
                browser in
                try scenario.run(in: browser)
            }
            guard let observed else { return }
            try keepScreenshot(observed.screenshot, as: "test-map-served.png")

            // The page asked what the user typed, with the token in a header and nowhere else.
            let requests = await server.requests
            let searches = requests.filter { $0.path == "/v1/search" }
            #expect(searches.count == 1)
            if let call = searches.first {
                #expect(call.method == "GET")
                #expect(call.header("Authorization") == "Bearer \(Self.token)")
                #expect(call.queryValue("term") == "Café <b>")
                #expect(call.queryValue("near") == "60.1710,24.9414")
                #expect(call.queryValue("radius") == "500")
                #expect(call.query.filter { $0.name == "category" }.map(\.value) == ["cafe", "bar"])
                #expect(call.queryValue("providers") == "google,osm", "the ticked providers, in the server's order")
                #expect(call.queryValue("limit") == "50")
            }
            #expect(requests.first { $0.path == "/" }?.header("Authorization") == nil, "the page itself is public")
            #expect(!requests.contains { $0.query.contains { $0.value.contains(Self.token) } }, "no token in a URL")
            #expect(!observed.location.contains(Self.token))
            #expect(observed.location.contains("near=60.1710%2C24.9414"), "the search is kept in the address")
            #expect(observed.storedToken == Self.token && observed.tokenField.isEmpty)

            // The page shows what the API answers, pins where Web Mercator puts them.
            let listing = try await offCooperativePool { try APIListing.fetch(search.apiPath, from: target) }
            let probe = try JSONDecoder().decode(MapPageProbe.self, from: observed.probe)
            probe.check(
                venues: listing.expectedVenues,
                centerLatitude: listing.query.latitude,
                centerLongitude: listing.query.longitude,
                radius: listing.query.radius,
                screenshot: try PNGImage(data: observed.screenshot)
            )
            #expect(probe.rows.map(\.name) == MapTestDocument.shownNames)
            #expect(
                observed.summary
                    == "7 venues for “<script>window.__pwned='term'</script>” within 500 m of 60.17100, 24.94140, "
                    + "best match first"
            )
            // Each provider that answered with its count and source, the other in a person's words.
            #expect(
                observed.providerLines == [
                    "OpenStreetMap: 7 venues (local index “helsinki”)<i>partial</i> answer & more",
                    "Google Places is not available on this server.",
                ]
            )
            #expect(observed.providerInputs == 0, "the summary is no form field (it shared id=providers with one)")
            #expect(observed.status == "Found 7 venues.")
            #expect(observed.rowHighlightedByPinHover)

            // The favourite toggle: PUT, then DELETE, of the first venue's id as one path segment.
            let firstID = listing.venues[0].id
            let favorites = requests.filter { $0.path.hasPrefix("/v1/favorites/") }
            #expect(favorites.map(\.method) == ["PUT", "DELETE"])
            for call in favorites {
                #expect(call.path.removingPercentEncoding == "/v1/favorites/\(firstID)")
                #expect(call.header("Authorization") == "Bearer \(Self.token)")
            }
            #expect(observed.starredPressed == "true" && observed.starredRowIsFavorite)
            #expect(observed.starredPinFill == SVGMap.favoritePinColor)
            #expect(observed.unstarredPressed == "false" && observed.unstarredPinFill == SVGMap.pinColor)
        }

        /// The warning of a server whose OpenStreetMap data is a remote Overpass server, past the
        /// radius within which it forgives typos (`ForgivingBound`'s words).
        static let pastTheBound =
            "typos and word order are forgiven only within 3 km on the remote server; import an extract with `venues osm import` to search the whole region"

        /// The `/v1/suggest` answer of the fake: the first three venues of the listing, as the
        /// OpenAPI document's `Suggestions` schema has them; past a radius of 3 km, none and
        /// ``pastTheBound``, as a server over a remote Overpass answers.
        static func suggestions(radius: Int = 500) throws -> Data {
            let rows = MapTestDocument.document(kind: .search).rows.prefix(3)
            let items: [[String: Any]] = rows.map { row in
                [
                    "id": row.id, "name": row.name, "category": row.categories.first.map { $0 as Any } ?? NSNull(),
                    "distance": row.distance ?? 0, "match": ["score": 80, "edits": 0, "field": "name"],
                ]
            }
            var document: [String: Any] = [
                "q": "caf", "center": ["latitude": 60.171, "longitude": 24.9414], "radius": radius,
                "suggestions": radius > 3000 ? [] : items,
            ]
            if radius > 3000 { document["warnings"] = [pastTheBound] }
            return try JSONSerialization.data(withJSONObject: document)
        }

        /// Typing past the radius a remote server forgives within: no suggestions, and the
        /// warning why in the status line; back within it, suggestions, and the line says again
        /// what it said before.
        @Test func aSuggestionWarningIsSaidAndTakenBack() async throws {
            let server = try await Self.startFakeAPI()
            defer { Task { await server.stop() } }
            let page = server.url("/")
            let observed = try await withChromium("ServedMapPageBrowserTests.aSuggestionWarningIsSaidAndTakenBack") {
                browser in
                try browser.navigate(to: page)
                try browser.waitUntil(
                    "document.documentElement.getAttribute('data-served-script') === 'ready'",
                    what: "the page's script (is its CSP hash right?)"
                )
                let person = ServedPagePerson(browser: browser)
                var seen: [(status: String, suggestions: String?)] = []
                for radius in ["5000", "500"] {
                    for (field, text) in [("token", Self.token), ("near", "60.1710,24.9414"), ("radius", radius)] {
                        try person.fill(field, with: text)
                    }
                    try browser.evaluateJSON("document.getElementById('term').focus()")
                    try browser.evaluateJSON(
                        "(() => { const term = document.getElementById('term'); term.value = 'caf';"
                            + " term.dispatchEvent(new Event('input', { bubbles: true })); })()"
                    )
                    let suggestions = radius == "500" ? "3" : "0"
                    try browser.waitUntil(
                        "document.documentElement.getAttribute('data-suggestions') === '\(suggestions)'",
                        what: "the suggestions within \(radius) m"
                    )
                    seen.append(
                        (
                            try browser.evaluate("document.getElementById('status').textContent", as: String.self),
                            try browser.evaluate(
                                "document.documentElement.getAttribute('data-suggestions')",
                                as: String?.self
                            )
                        )
                    )
                    // Ready for the next round: no suggestions counted yet.
                    try browser.evaluateJSON("document.documentElement.removeAttribute('data-suggestions')")
                }
                return seen
            }
            guard let observed else { return }
            #expect(observed.count == 2)
            #expect(observed.first?.status == "Suggestions: " + Self.pastTheBound, "\(observed)")
            #expect(observed.first?.suggestions == "0")
            #expect(
                observed.last?.status == "Paste your token once, give a centre, search.",
                "the warning is taken back, the line says what it said before: \(observed)"
            )
            #expect(observed.last?.suggestions == "3")
            let radii = await server.requests.filter { $0.path == "/v1/suggest" }.compactMap { $0.queryValue("radius") }
            #expect(radii == ["5000", "500"])
        }

        /// Typing a term offers venues under it; the arrows and Enter open one: a search for its
        /// name, with its row marked.
        @Test func suggestionsAreOfferedWhileTypingAndOpenedWithTheKeyboard() async throws {
            let server = try await Self.startFakeAPI()
            defer { Task { await server.stop() } }
            let page = server.url("/")
            let expected = MapTestDocument.document(kind: .search).rows.prefix(3).map(\.name)
            let observed = try await withChromium(
                "ServedMapPageBrowserTests.suggestionsAreOfferedWhileTypingAndOpenedWithTheKeyboard"
            ) { browser in
                try browser.navigate(to: page)
                try browser.waitUntil(
                    "document.documentElement.getAttribute('data-served-script') === 'ready'",
                    what: "the page's script (is its CSP hash right?)"
                )
                let person = ServedPagePerson(browser: browser)
                for (field, text) in [("token", Self.token), ("near", "60.1710,24.9414"), ("radius", "500")] {
                    try person.fill(field, with: text)
                }
                try browser.evaluateJSON("document.getElementById('term').focus()")
                // Three letters typed in one task of the page, as fast as a typist's keys come:
                // no timer can fire between them, so a debounce sends one request, for "caf".
                try browser.evaluateJSON(
                    "(() => { const term = document.getElementById('term');"
                        + " for (const value of ['c', 'ca', 'caf']) { term.value = value;"
                        + " term.dispatchEvent(new Event('input', { bubbles: true })); } })()"
                )
                try browser.waitUntil(
                    "document.documentElement.getAttribute('data-suggestions') === '3'"
                        + " && !document.getElementById('suggestions').hidden",
                    what: "the suggestions"
                )
                let offered = try browser.evaluate(
                    "[...document.querySelectorAll('#suggestions [role=option] .name')].map(e => e.textContent)",
                    as: [String].self
                )
                let expanded = try browser.evaluate(
                    "document.getElementById('term').getAttribute('aria-expanded')",
                    as: String.self
                )
                try browser.press("ArrowDown")
                try browser.press("ArrowDown")
                let activeOption = try browser.evaluate(
                    "document.getElementById(document.getElementById('term').getAttribute('aria-activedescendant'))"
                        + ".getAttribute('data-venue-id')",
                    as: String.self
                )
                try browser.press("Enter")
                try browser.waitUntil(
                    "document.documentElement.getAttribute('data-search') === 'done'",
                    what: "the search for the chosen venue"
                )
                return (
                    offered, expanded, activeOption,
                    try browser.evaluate("document.getElementById('term').value", as: String.self),
                    try browser.evaluate("document.documentElement.getAttribute('data-chosen')", as: String?.self),
                    try browser.evaluate(
                        "[...document.querySelectorAll('#listing .venue.chosen')].map(e => e.getAttribute('data-venue-id'))",
                        as: [String].self
                    ),
                    try browser.evaluate("document.getElementById('suggestions').hidden", as: Bool.self)
                )
            }
            guard let (offered, expanded, activeOption, term, chosen, chosenRows, closed) = observed else { return }
            let second = MapTestDocument.document(kind: .search).rows[1]
            #expect(offered == Array(expected))
            #expect(expanded == "true")
            #expect(activeOption == second.id, "two presses of ArrowDown: the second suggestion")
            #expect(term == second.name && chosen == second.id && chosenRows == [second.id] && closed)

            let requests = await server.requests
            let suggests = requests.filter { $0.path == "/v1/suggest" }
            #expect(suggests.count == 1, "debounced: \(suggests.count) calls for three letters in one go")
            let last = try #require(suggests.last)
            #expect(last.queryValue("q") == "caf")
            #expect(last.queryValue("near") == "60.1710,24.9414")
            #expect(last.queryValue("radius") == "500")
            #expect(last.queryValue("limit") == "8")
            #expect(last.header("Authorization") == "Bearer \(Self.token)")
            let searches = requests.filter { $0.path == "/v1/search" }
            #expect(searches.map { $0.queryValue("term") } == [second.name])
        }

        @Test func aRefusedTokenIsSaidAndForgotten() async throws {
            let server = try await Self.startFakeAPI()
            defer { Task { await server.stop() } }
            let page = server.url("/")
            let observed = try await withChromium("ServedMapPageBrowserTests.aRefusedTokenIsSaidAndForgotten") {
                browser in
                try browser.navigate(to: page)
                try browser.waitUntil(
                    "document.documentElement.getAttribute('data-served-script') === 'ready'",
                    what: "the page's script"
                )
                for (field, text) in [("token", "wrong-token"), ("near", "60.1710,24.9414")] {
                    try browser.evaluateJSON("document.getElementById('\(field)').focus()")
                    try browser.type(text)
                }
                try browser.evaluateJSON("document.getElementById('search').click()")
                try browser.waitUntil(
                    "document.documentElement.getAttribute('data-search') === 'failed'",
                    what: "the search to fail"
                )
                return (
                    try browser.evaluate("document.getElementById('status').textContent", as: String.self),
                    try browser.evaluate("sessionStorage.getItem('venues.token')", as: String?.self),
                    try browser.evaluate("document.querySelectorAll('.venue').length", as: Int.self)
                )
            }
            guard let (status, stored, rows) = observed else { return }
            #expect(status == "The search failed. The server did not take the token. Paste a new one.")
            #expect(stored == nil)
            #expect(rows == 0)
        }

        /// docs/map-served.png and docs/map-served-phone.png: the page with a listing that
        /// `scripts/map-screenshots` made with the
        /// CLI from the bundled Helsinki extract (`$VENUES_SCREENSHOT_LISTING`), saved in
        /// `$VENUES_SCREENSHOT_DIR`. Runs only when both are set.
        @Test(
            .enabled(if: ProcessInfo.processInfo.environment["VENUES_SCREENSHOT_LISTING"] != nil)
        )
        func screenshotForTheDocs() async throws {
            let environment = ProcessInfo.processInfo.environment
            let listingFile = try #require(environment["VENUES_SCREENSHOT_LISTING"])
            let listing = try Data(contentsOf: URL(fileURLWithPath: listingFile))
            let query = try JSONDecoder().decode(APIListing.self, from: listing).query
            let server = try await Self.startFakeAPI(listing: listing)
            defer { Task { await server.stop() } }
            let scenario = ServedPageScenario(
                target: .init(baseURL: server.baseURL, token: Self.token),
                search: .init(
                    term: "",
                    near: "\(query.latitude),\(query.longitude)",
                    radius: "\(Int(query.radius))",
                    categories: "cafe",
                    providers: ["osm"]
                )
            )
            let observed = try await withChromium("screenshotForTheDocs", width: 1200, height: 820) { browser in
                try scenario.run(in: browser)
            }
            guard let observed else { return }
            try keepScreenshot(observed.screenshot, as: "map-served.png")
            // On a phone: the same search, then the first venue's details over the map's tab.
            let phone = try await withChromium("screenshotForTheDocs (phone)", width: 390, height: 844) { browser in
                let person = ServedPagePerson(browser: browser)
                try person.open(server.url("/"))
                try person.search(token: Self.token, near: "\(query.latitude),\(query.longitude)")
                try person.click("#tab-map")
                try person.click(".pin[data-number='1'] circle")
                try person.waitForMark("details", "loaded")
                try browser.evaluateJSON("window.scrollTo(0, 0)")
                return try browser.screenshot()
            }
            if let phone { try keepScreenshot(phone, as: "map-served-phone.png") }
        }
    }
}

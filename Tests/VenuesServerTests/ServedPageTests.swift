import BrowserTestSupport
import Foundation
import Testing
import VenuesServerTestSupport
import VenuesTestSupport

/// The page the server serves at `/`, in headless Chromium against the real server (not the
/// browser tests' fake): the providers /readyz offers, a search through the real routes with
/// each provider's part, the favourite toggle's PUT and DELETE, whose percent-encoded ids
/// (`osm:node%2F…`) must reach the real router and the store as the venue's id, a venue's
/// details from `/v1/venues/{id}`, and the favourites view from `/v1/favorites`.
@Suite("The served page against the real server", .timeLimit(.minutes(5)))
struct ServedPageTests {
    @Test("a search and a favourite set and removed from the page reach the real routes and the store")
    func searchAndFavoriteFromThePage() async throws {
        guard let executable = ChromiumAvailability.executable else {
            if ChromiumAvailability.isCI {
                Issue.record("Chromium is missing in CI: scripts/test should have installed it")
            } else {
                FileHandle.standardError.write(Data(ChromiumAvailability.skipMessage("ServedPageTests").utf8))
            }
            return
        }
        let overpass = try await Fakes.overpass(count: 3)
        let store = InMemoryServerStore()
        let server = try await RunningServer.start(
            configuration: RunningServer.configuration(overpass: overpass),
            store: store
        )
        let page = try #require(URL(string: "http://127.0.0.1:\(server.port)/"))
        let token = server.token
        struct Observed: Sendable {
            var offered: [String] = []
            var status = ""
            var providerLines: [String] = []
            var first = ""
            var set = ""
            var unset = ""
            var details = ""
            var hours = ""
            var favorites: [String] = []
            var afterRemoval = 0
        }
        let observed = try await offCooperativePool { () -> Observed in
            let browser = try HeadlessChromium(executable: executable)
            defer { browser.close() }
            var seen = Observed()
            try browser.navigate(to: page)
            try browser.waitUntil(
                "document.documentElement.getAttribute('data-served-script') === 'ready'"
                    + " && document.documentElement.getAttribute('data-providers') === 'ready'",
                what: "the page's script (is its CSP hash right?) and the providers from /readyz"
            )
            seen.offered = try browser.evaluate(
                "[...document.querySelectorAll('#provider-list label')].map(l => l.textContent.trim())",
                as: [String].self
            )
            for (field, text) in [("token", token), ("near", FakeBodies.near), ("radius", "500")] {
                try browser.evaluateJSON(
                    "(() => { const f = document.getElementById('\(field)'); f.focus(); f.select(); })()"
                )
                try browser.type(text)
            }
            try browser.evaluateJSON("document.getElementById('search').click()")
            try browser.waitUntil(
                "['done', 'failed'].includes(document.documentElement.getAttribute('data-search'))",
                what: "the search to finish"
            )
            seen.status = try browser.evaluate("document.getElementById('status').textContent", as: String.self)
            seen.providerLines = try browser.evaluate(
                "[...document.querySelectorAll('#provider-summary li.provider')].map(e => e.textContent)",
                as: [String].self
            )
            seen.first = try browser.evaluate(
                "document.querySelector(\".venue[data-number='1']\").getAttribute('data-venue-id')",
                as: String.self
            )
            let toggle = ".venue[data-number='1'] .favorite-toggle"
            let pressed = "document.querySelector(\"\(toggle)\").getAttribute('aria-pressed')"
            try browser.evaluateJSON("document.querySelector(\"\(toggle)\").click()")
            try browser.waitUntil(
                "\(pressed) === 'true' && !document.querySelector(\"\(toggle)\").disabled",
                what: "the favourite to be set"
            )
            seen.set = try browser.evaluate(pressed, as: String.self)
            try browser.evaluateJSON("document.querySelector(\"\(toggle)\").click()")
            try browser.waitUntil(
                "\(pressed) === 'false' && !document.querySelector(\"\(toggle)\").disabled",
                what: "the favourite to be removed"
            )
            seen.unset = try browser.evaluate(pressed, as: String.self)
            // The details of venue 2, its opening hours asked of the real /v1/venues/{id}.
            try browser.evaluateJSON("document.querySelector(\".venue[data-number='2'] .name\").click()")
            try browser.waitUntil(
                "document.documentElement.getAttribute('data-details') === 'loaded'",
                what: "the details"
            )
            seen.details = try browser.evaluate("document.getElementById('details-name').textContent", as: String.self)
            seen.hours = try browser.evaluate("document.getElementById('details-hours').textContent", as: String.self)
            // Made a favourite from its details, then seen and removed in the favourites view.
            try browser.evaluateJSON("document.getElementById('details-favorite').click()")
            try browser.waitUntil(
                "document.getElementById('details-favorite').getAttribute('aria-pressed') === 'true'",
                what: "the favourite from the details"
            )
            try browser.evaluateJSON("document.getElementById('show-favorites').click()")
            try browser.waitUntil(
                "document.documentElement.getAttribute('data-favorites') === 'shown'",
                what: "the favourites view"
            )
            seen.favorites = try browser.evaluate(
                "[...document.querySelectorAll('.venue')].map(e => e.getAttribute('data-venue-id'))",
                as: [String].self
            )
            try browser.evaluateJSON(
                "(document.documentElement.removeAttribute('data-favorites'),"
                    + " document.querySelector('.venue .favorite-toggle').click())"
            )
            try browser.waitUntil(
                "document.documentElement.getAttribute('data-favorites') === 'shown'",
                what: "the favourites view after the removal"
            )
            seen.afterRemoval = try browser.evaluate("document.querySelectorAll('.venue').length", as: Int.self)
            return seen
        }
        let stored = try await store.favorites(client: server.clientName)
        let logs = server.logs.all
        await server.stop()
        await overpass.stop()

        #expect(observed.offered == ["OpenStreetMap"], "only what /readyz says is set up")
        #expect(observed.status == "Found 3 venues.", "\(observed.status)")
        #expect(observed.providerLines == ["OpenStreetMap: 3 venues (Overpass)"])
        #expect(observed.first.hasPrefix("osm:node/"), "\(observed.first)")
        #expect(observed.set == "true")
        #expect(observed.unset == "false")
        #expect(observed.details.hasPrefix("2. "), "\(observed.details)")
        #expect(observed.hours == "not known", "the fake Overpass has no opening_hours")
        #expect(observed.favorites.count == 1 && observed.afterRemoval == 0, "\(observed.favorites)")
        #expect(stored.isEmpty, "set then removed: \(stored.map(\.id))")
        // The real router took the page's encoded id as the venue's: added (201), then removed (204).
        #expect(logs.contains { $0.contains("PUT /v1/favorites/") && $0.contains(" 201 ") }, "\(logs)")
        #expect(logs.contains { $0.contains("DELETE /v1/favorites/") && $0.contains(" 204 ") }, "\(logs)")
        #expect(!logs.contains { $0.contains("/v1/favorites/") && ($0.contains(" 400 ") || $0.contains(" 404 ")) })
    }
}

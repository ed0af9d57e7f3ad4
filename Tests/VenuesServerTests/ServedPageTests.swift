import BrowserTestSupport
import Foundation
import Testing
import VenuesServerTestSupport
import VenuesTestSupport

/// The page the server serves at `/`, in headless Chromium against the real server (not the
/// browser tests' fake, which answers 204 to every PUT): a search through the real routes, and
/// the favourite toggle's PUT and DELETE, whose percent-encoded ids (`osm:node%2F…`) must reach
/// the real router and the store as the venue's id.
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
        let observed = try await offCooperativePool {
            () -> (status: String, first: String, set: String, unset: String) in
            let browser = try HeadlessChromium(executable: executable)
            defer { browser.close() }
            try browser.navigate(to: page)
            try browser.waitUntil(
                "document.documentElement.getAttribute('data-served-script') === 'ready'",
                what: "the page's script (is its CSP hash right?)"
            )
            for (field, text) in [("token", token), ("near", FakeBodies.near), ("radius", "500"), ("providers", "osm")]
            {
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
            let status = try browser.evaluate("document.getElementById('status').textContent", as: String.self)
            let first = try browser.evaluate(
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
            let set = try browser.evaluate(pressed, as: String.self)
            try browser.evaluateJSON("document.querySelector(\"\(toggle)\").click()")
            try browser.waitUntil(
                "\(pressed) === 'false' && !document.querySelector(\"\(toggle)\").disabled",
                what: "the favourite to be removed"
            )
            return (status, first, set, try browser.evaluate(pressed, as: String.self))
        }
        let stored = try await store.favorites(client: server.clientName)
        let logs = server.logs.all
        await server.stop()
        await overpass.stop()

        #expect(observed.status == "Found 3 venues.", "\(observed.status)")
        #expect(observed.first.hasPrefix("osm:node/"), "\(observed.first)")
        #expect(observed.set == "true")
        #expect(observed.unset == "false")
        #expect(stored.isEmpty, "set then removed: \(stored.map(\.id))")
        // The real router took the page's encoded id as the venue's: added (201), then removed (204).
        #expect(logs.contains { $0.contains("PUT /v1/favorites/") && $0.contains(" 201 ") }, "\(logs)")
        #expect(logs.contains { $0.contains("DELETE /v1/favorites/") && $0.contains(" 204 ") }, "\(logs)")
        #expect(!logs.contains { $0.contains("/v1/favorites/") && ($0.contains(" 400 ") || $0.contains(" 404 ")) })
    }
}

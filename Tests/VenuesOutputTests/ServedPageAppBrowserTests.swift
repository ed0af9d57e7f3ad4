import BrowserTestSupport
import Foundation
import Testing
import VenuesTestSupport

@testable import VenuesOutput

extension BrowserTests {
    /// The served page used as an app, in headless Chromium against ``ServedPageFakeAPI``: what a
    /// person does (types, clicks, wheels, drags, taps) and what the page then shows.
    @Suite(.timeLimit(.minutes(5))) struct ServedPageAppBrowserTests {
        static let token = "test-token-\(UUID().uuidString)"
        static let near = "60.1710,24.9414"

        /// The listing is cut at 50 and says so, with the order; "Show 50 more" asks for 100;
        /// a list shorter than what was asked says no "first"; another order is asked and said.
        @Test func honestCountsAndShowMore() async throws {
            let api = try await ServedPageFakeAPI.start(token: Self.token, options: .init(venues: 120, spacing: 7))
            defer { Task { await api.stop() } }
            let observed = try await withChromium("ServedPageAppBrowserTests.honestCountsAndShowMore") { browser in
                let person = ServedPagePerson(browser: browser)
                try person.open(api.url("/"))
                try person.search(token: Self.token, near: Self.near)
                let first = try person.text("#summary")
                let moreShown = try person.text("#more")
                let rows50 = try person.count(".venue")
                try person.clearMark("search")
                try person.click("#more")
                try person.waitForSearch()
                let second = try person.text("#summary")
                try person.clearMark("search")
                try person.click("#more")
                try person.waitForSearch()
                let third = try person.text("#summary")
                let moreHidden = try browser.evaluate("document.getElementById('more').hidden", as: Bool.self)
                try browser.evaluateJSON(
                    "(() => { const s = document.getElementById('sort'); s.value = 'name';"
                        + " s.dispatchEvent(new Event('change', { bubbles: true })); })()"
                )
                try person.pressSearch()
                let byName = try person.text("#summary")
                return (first, moreShown, rows50, second, third, moreHidden, byName)
            }
            guard let (first, moreShown, rows50, second, third, moreHidden, byName) = observed else { return }
            #expect(rows50 == 50)
            #expect(first == "First 50 of 120 venues found within 1000 m of 60.17100, 24.94140, nearest first")
            #expect(moreShown == "Show 50 more")
            #expect(second == "First 100 of 120 venues found within 1000 m of 60.17100, 24.94140, nearest first")
            #expect(third == "120 venues within 1000 m of 60.17100, 24.94140, nearest first")
            #expect(moreHidden)
            #expect(byName == "First 50 of 120 venues found within 1000 m of 60.17100, 24.94140, by name")
            let listings = await api.requests.filter { $0.path == "/v1/nearby" }
            #expect(listings.map { $0.queryValue("limit") } == ["50", "100", "150", "50"])
            #expect(listings.map { $0.queryValue("sort") } == [nil, nil, nil, "name"])
        }

        /// A list exactly as long as asked, with no count from the server, may have been cut:
        /// the page says so and offers more.
        @Test func aFullListMayHaveBeenCut() async throws {
            let api = try await ServedPageFakeAPI.start(token: Self.token, options: .init(venues: 50, spacing: 15))
            defer { Task { await api.stop() } }
            let observed = try await withChromium("ServedPageAppBrowserTests.aFullListMayHaveBeenCut") { browser in
                let person = ServedPagePerson(browser: browser)
                try person.open(api.url("/"))
                try person.search(token: Self.token, near: Self.near)
                return (
                    try person.text("#summary"),
                    try browser.evaluate("document.getElementById('more').hidden", as: Bool.self)
                )
            }
            guard let (summary, moreHidden) = observed else { return }
            #expect(summary == "First 50 venues within 1000 m of 60.17100, 24.94140 (there may be more), nearest first")
            #expect(!moreHidden)
        }

        /// A search that fails says why in a person's words and clears the old results; the
        /// providers offered are the server's; the categories are a list to tick.
        @Test func plainErrorsAndTheServersChoices() async throws {
            let api = try await ServedPageFakeAPI.start(
                token: Self.token,
                options: .init(providers: ["google", "osm"])
            )
            defer { Task { await api.stop() } }
            let observed = try await withChromium("ServedPageAppBrowserTests.plainErrorsAndTheServersChoices") {
                browser in
                let person = ServedPagePerson(browser: browser)
                try person.open(api.url("/"))
                let offered = try person.texts("#provider-list label").map { $0.trimmingCharacters(in: .whitespaces) }
                let categories = try person.count("input[name=category]")
                try person.search(token: Self.token, near: Self.near)
                let rowsBefore = try person.count(".venue")
                api.failListings(true)
                try person.pressSearch()
                let outcome = try person.mark("search")
                let status = try person.text("#status")
                let rowsAfter = try person.count(".venue")
                let pinsAfter = try person.count(".pin")
                let summaryAfter = try person.text("#summary")
                let page = try browser.evaluate("document.body.innerText", as: String.self)
                return (offered, categories, rowsBefore, outcome, status, rowsAfter, pinsAfter, summaryAfter, page)
            }
            guard
                let (offered, categories, rowsBefore, outcome, status, rowsAfter, pinsAfter, summaryAfter, page) =
                    observed
            else { return }
            #expect(offered == ["Google Places", "OpenStreetMap"], "only what /readyz says is set up")
            #expect(categories == 22)
            #expect(rowsBefore == 7)
            #expect(outcome == "failed")
            #expect(
                status
                    == "The search failed. No provider could answer. OpenStreetMap took too long. "
                    + "Foursquare is not available on this server."
            )
            #expect(rowsAfter == 0 && pinsAfter == 0 && summaryAfter == "", "the old results are gone")
            for word in ["503", "noProviderAnswered", "API_KEY", "timeout"] {
                #expect(!page.contains(word), "the page says \(word)")
            }
        }

        /// Clicking a row opens its venue's details (every fact, opening hours from the API, a link to
        /// each source's page), keeps its row and pin marked while the pointer moves on; clicking a
        /// pin opens its own; the favourite and the note are kept.
        @Test func detailsOfARowAndOfAPin() async throws {
            let api = try await ServedPageFakeAPI.start(token: Self.token)
            defer { Task { await api.stop() } }
            struct Details: Decodable {
                var name: String
                var facts: [String]
                var links: [[String]]
                var selectedRows: [String]
                var selectedPins: [String]
            }
            let read = """
                (() => ({ name: document.getElementById('details-name').textContent,
                  facts: [...document.querySelectorAll('#details-body dt, #details-body dd')]
                    .filter(e => !e.querySelector('ul')).map(e => e.textContent),
                  links: [...document.querySelectorAll('#details-body a')].map(a => [a.textContent, a.getAttribute('href')]),
                  selectedRows: [...document.querySelectorAll('.venue.selected')].map(e => e.getAttribute('data-venue-id')),
                  selectedPins: [...document.querySelectorAll('.pin.selected')].map(e => e.getAttribute('data-venue-id')) }))()
                """
            let observed = try await withChromium("ServedPageAppBrowserTests.detailsOfARowAndOfAPin") { browser in
                let person = ServedPagePerson(browser: browser)
                try person.open(api.url("/"))
                try person.search(token: Self.token, near: Self.near)
                try person.click(".venue[data-number='1'] .name")
                try person.waitForMark("details", "loaded")
                try browser.moveMouse(x: 1, y: 1)
                let row = try browser.evaluate(read, as: Details.self)
                try person.click(".pin[data-number='3'] circle")
                try person.waitForMark("details", "loaded")
                let pin = try browser.evaluate(read, as: Details.self)
                try person.click("#details-favorite")
                try browser.waitUntil(
                    "document.getElementById('details-favorite').getAttribute('aria-pressed') === 'true'",
                    what: "the favourite"
                )
                let rowStarred = try browser.evaluate(
                    "document.querySelector(\".venue[data-number='3']\").classList.contains('favorite')",
                    as: Bool.self
                )
                try person.fill("details-note", with: "espresso <b>tonic</b>")
                try person.clearMark("note")
                try person.click("#details-save-note")
                try person.waitForMark("note", "saved")
                try person.click("#details-close")
                let closed = try browser.evaluate("document.getElementById('details').hidden", as: Bool.self)
                return (row, pin, rowStarred, closed)
            }
            guard let (row, pin, rowStarred, closed) = observed else { return }
            #expect(row.name == "1. Kahvila 1")
            #expect(
                row.facts == [
                    "Distance", "60 m", "Address", "Kaivokatu 1, Helsinki", "Phone", MadeUpListing.phone, "Website",
                    MadeUpListing.website, "Categories", "cafe, bakery", "Rating", "8.6", "Opening hours",
                    MadeUpListing.openingHours, "Sources",
                ]
            )
            #expect(
                row.links == [
                    [MadeUpListing.phone, "tel:+35891234567"], [MadeUpListing.website, MadeUpListing.website],
                    ["OpenStreetMap", "https://www.openstreetmap.org/node/1"],
                    ["Google Maps", MadeUpListing.googleMapsPage],
                    ["Foursquare", "https://foursquare.com/v/4b0c1"],
                ]
            )
            #expect(
                row.selectedRows == ["osm:node/1"] && row.selectedPins == ["osm:node/1"],
                "kept after the pointer left"
            )
            #expect(pin.name == "3. Kahvila 3")
            #expect(pin.selectedRows == ["osm:node/3"] && pin.selectedPins == ["osm:node/3"])
            #expect(pin.links.contains(["OpenStreetMap", "https://www.openstreetmap.org/node/3"]))
            #expect(rowStarred)
            #expect(closed)
            #expect(api.favorites.map(\.id) == ["osm:node/3"])
            #expect(api.favorites.first?.note == "espresso <b>tonic</b>")
        }

        /// "Favourites" lists the user's favourites with their notes, on the map too; "Remove"
        /// takes one away.
        @Test func theFavouritesView() async throws {
            let api = try await ServedPageFakeAPI.start(token: Self.token)
            defer { Task { await api.stop() } }
            let observed = try await withChromium("ServedPageAppBrowserTests.theFavouritesView") { browser in
                let person = ServedPagePerson(browser: browser)
                try person.open(api.url("/"))
                try person.search(token: Self.token, near: Self.near)
                for number in [2, 5] {
                    let toggle = ".venue[data-number='\(number)'] .favorite-toggle"
                    try person.click(toggle)
                    try browser.waitUntil(
                        "document.querySelector(\"\(toggle)\").getAttribute('aria-pressed') === 'true'",
                        what: "favourite \(number)"
                    )
                }
                try person.click(".venue[data-number='2'] .name")
                try person.fill("details-note", with: "the terrace")
                try person.click("#details-save-note")
                try person.waitForMark("note", "saved")
                try person.click("#show-favorites")
                try person.waitForMark("favorites", "shown")
                let names = try person.texts(".venue .name")
                let notes = try person.texts(".venue .note")
                let pins = try browser.evaluate(
                    "[...document.querySelectorAll('.pin')].map(p => p.getAttribute('data-venue-id'))",
                    as: [String].self
                )
                let summary = try person.text("#summary")
                try person.clearMark("favorites")
                try person.click(".venue[data-number='1'] .favorite-toggle")
                try person.waitForMark("favorites", "shown")
                let left = try person.texts(".venue .name")
                try person.click("#show-results")
                let back = try person.count(".venue")
                return (names, notes, pins, summary, left, back)
            }
            guard let (names, notes, pins, summary, left, back) = observed else { return }
            #expect(names == ["Kahvila 2", "Kahvila 5"])
            #expect(notes == ["Note: the terrace"])
            #expect(Set(pins) == ["osm:node/2", "osm:node/5"])
            #expect(summary == "Your 2 favourites")
            #expect(left == ["Kahvila 5"])
            #expect(back == 7, "the search's results again")
            let deletes = await api.requests.filter { $0.method == "DELETE" }
            #expect(deletes.map { $0.path.removingPercentEncoding } == ["/v1/favorites/osm:node/2"])
        }
    }
}

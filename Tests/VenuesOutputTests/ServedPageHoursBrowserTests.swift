import BrowserTestSupport
import Foundation
import Testing
import VenuesTestSupport

@testable import VenuesOutput

extension BrowserTests {
    /// Opening hours on the served page, in headless Chromium against ``ServedPageFakeAPI``: a
    /// badge on every row and pin whose hours are known, the "Open now" switch asking the server
    /// for the open places only, and the week in a venue's details.
    @Suite(.timeLimit(.minutes(5))) struct ServedPageHoursBrowserTests {
        static let token = "test-token-\(UUID().uuidString)"
        static let near = "60.1710,24.9414"

        struct Shown: Decodable {
            /// Each row's number and badge: its class and words ("" without one).
            var rows: [[String]]
            /// Each pin's number, class and title.
            var pins: [[String]]
        }

        static let read = """
            (() => ({
              rows: [...document.querySelectorAll('.venue')].map(row => {
                const badge = row.querySelector('.open-badge');
                return [row.querySelector('.name').textContent, badge ? badge.className : '',
                  badge ? badge.textContent : ''];
              }),
              pins: [...document.querySelectorAll('.pin')].map(pin =>
                [pin.getAttribute('data-number'), pin.getAttribute('class'), pin.querySelector('title').textContent])
            }))()
            """

        @Test func badgesTheOpenNowSwitchAndTheWeek() async throws {
            let api = try await ServedPageFakeAPI.start(
                token: Self.token,
                options: .init(venues: 6, hours: true)
            )
            defer { Task { await api.stop() } }
            let observed = try await withChromium("ServedPageHoursBrowserTests.badges") { browser in
                let person = ServedPagePerson(browser: browser)
                try person.open(api.url("/"))
                try person.search(token: Self.token, near: Self.near)
                let all = try browser.evaluate(Self.read, as: Shown.self)
                try person.click("#open-now")
                try person.pressSearch()
                let open = try browser.evaluate(Self.read, as: Shown.self)
                let summary = try person.text("#summary")
                let checked = try browser.evaluate(
                    "document.getElementById('open-now').checked",
                    as: Bool.self
                )
                try person.click(".venue[data-number='1'] .name")
                try person.waitForMark("details", "loaded")
                let now = try person.text("#details-hours .hours-now")
                let week = try person.texts("#details-hours .week li")
                return (all, open, summary, checked, now, week)
            }
            guard let (all, open, summary, checked, now, week) = observed else { return }
            #expect(
                all.rows == [
                    ["Kahvila 1", "open-badge open", "open until 18:00"],
                    ["Kahvila 2", "open-badge closed", "closed, opens 10:00"],
                    ["Kahvila 3", "", ""], ["Kahvila 4", "open-badge open", "open until 18:00"],
                    ["Kahvila 5", "open-badge closed", "closed, opens 10:00"], ["Kahvila 6", "", ""],
                ]
            )
            #expect(all.pins.map { $0[0] } == ["1", "2", "3", "4", "5", "6"])
            #expect(all.pins[0][1].split(separator: " ").contains("open"))
            #expect(all.pins[1][1].split(separator: " ").contains("closed"))
            #expect(!all.pins[2][1].contains("open") && !all.pins[2][1].contains("closed"))
            #expect(all.pins[0][2] == "1. Kahvila 1 (open until 18:00)")
            #expect(all.pins[1][2] == "2. Kahvila 2 (closed, opens 10:00)")
            #expect(all.pins[2][2] == "3. Kahvila 3")
            // With the switch on, the server is asked for the open places only, and they alone show.
            #expect(checked)
            let listings = await api.requests.filter { $0.path == "/v1/nearby" }
            #expect(listings.map { $0.queryValue("openNow") } == [nil, "true"])
            #expect(
                open.rows == [
                    ["Kahvila 1", "open-badge open", "open until 18:00"],
                    ["Kahvila 4", "open-badge open", "open until 18:00"],
                ]
            )
            #expect(
                open.pins.map { $0[2] } == [
                    "1. Kahvila 1 (open until 18:00)", "2. Kahvila 4 (open until 18:00)",
                ]
            )
            #expect(
                summary
                    == "2 venues within 1000 m of 60.17100, 24.94140, nearest first; left out: 2 closed, 2 with unknown hours"
            )
            #expect(now == "open until 18:00. ")
            #expect(week == MadeUpListing.week)
        }
    }
}

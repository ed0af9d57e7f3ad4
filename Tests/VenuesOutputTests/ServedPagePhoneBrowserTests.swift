import BrowserTestSupport
import Foundation
import Testing
import VenuesTestSupport

@testable import VenuesOutput

extension BrowserTests {
    /// The served page on a 390×844 phone and by keyboard, in headless Chromium against
    /// ``ServedPageFakeAPI``: the form folds away after a search, list and map are tabs, every
    /// target is at least 44 px, a tapped pin opens its details with the map still in view, two
    /// fingers zoom; and an accessibility check of the basics (names of controls, contrast of
    /// text, focus order, pins and rows used with the keyboard).
    @Suite(.timeLimit(.minutes(5))) struct ServedPagePhoneBrowserTests {
        static let token = ServedPageAppBrowserTests.token
        static let near = ServedPageAppBrowserTests.near

        struct Size: Decodable {
            var id: String
            var width: Double
            var height: Double
        }

        @Test func onAPhone() async throws {
            let api = try await ServedPageFakeAPI.start(token: Self.token)
            defer { Task { await api.stop() } }
            let observed = try await withChromium("ServedPagePhoneBrowserTests.onAPhone", width: 390, height: 844) {
                browser in
                try browser.command("Emulation.setTouchEmulationEnabled", ["enabled": true, "maxTouchPoints": 5])
                let person = ServedPagePerson(browser: browser)
                try person.open(api.url("/"))
                try person.search(token: Self.token, near: Self.near)
                let folded = try browser.evaluate("!document.getElementById('search-panel').open", as: Bool.self)
                let mapInListView = try browser.evaluate(
                    "getComputedStyle(document.querySelector('.map-figure')).display",
                    as: String.self
                )
                let listScreenshot = try browser.screenshot()
                // Every visible thing to tap, at least 44 CSS pixels each way: in the list (rows,
                // their favourite toggles), in the form unfolded, and on the map (pins).
                // A box and its label tap alike: an input's target is the two together. A link in
                // running text is not a target of its own (as WCAG 2.5.8 counts).
                let visibleTargets = """
                    [...document.querySelectorAll('button, summary, input, select, a, .pin, .venue')]
                      .filter(e => { const r = e.getBoundingClientRect();
                        return e.checkVisibility({ checkVisibilityCSS: true }) && r.width > 0 && r.height > 0
                          && !(e.tagName === 'A' && getComputedStyle(e).display === 'inline'); })
                      .map(e => { const boxes = [e, ...(e.labels || [])].map(x => x.getBoundingClientRect());
                        const left = Math.min(...boxes.map(b => b.left)), right = Math.max(...boxes.map(b => b.right));
                        const top = Math.min(...boxes.map(b => b.top)), bottom = Math.max(...boxes.map(b => b.bottom));
                        return { id: e.id || e.name || e.className.baseVal || e.className || e.tagName,
                          width: right - left, height: bottom - top }; })
                    """
                var targets = try browser.evaluate(visibleTargets, as: [Size].self)
                try browser.evaluateJSON("document.getElementById('search-panel').open = true")
                targets += try browser.evaluate(visibleTargets, as: [Size].self)
                try browser.evaluateJSON("document.getElementById('search-panel').open = false")
                try person.tap("#tab-map")
                let listInMapView = try browser.evaluate(
                    "getComputedStyle(document.querySelector('.listing')).display",
                    as: String.self
                )
                targets += try browser.evaluate(visibleTargets, as: [Size].self)
                let mapScreenshot = try browser.screenshot()
                try person.clearMark("details")
                try person.tap(".pin[data-number='2'] circle")
                try person.waitForMark("details", "loaded")
                let details = try person.text("#details-name")
                let pinInView = try browser.evaluate(
                    """
                    (() => { const r = document.querySelector(".pin[data-number='2'] circle").getBoundingClientRect();
                      return r.top >= 0 && r.bottom <= innerHeight; })()
                    """,
                    as: Bool.self
                )
                let zoomBefore = try browser.evaluate(
                    "Number(document.getElementById('map').getAttribute('data-zoom'))",
                    as: Double.self
                )
                let map = try person.box("#map", scroll: false)
                try person.clearMark("map-moves")
                try person.pinch(center: .init(x: map.left + 60, y: map.top + 60), start: 40, end: 80)
                try browser.waitUntil(
                    "document.documentElement.getAttribute('data-map-moves') !== null",
                    what: "the map drawn again after the pinch"
                )
                let zoomAfter = try browser.evaluate(
                    "Number(document.getElementById('map').getAttribute('data-zoom'))",
                    as: Double.self
                )
                return (
                    folded, mapInListView, listInMapView, targets, details, pinInView, zoomAfter - zoomBefore,
                    listScreenshot, mapScreenshot
                )
            }
            guard
                let (
                    folded, mapInListView, listInMapView, targets, details, pinInView, zoomed, listScreenshot,
                    mapScreenshot
                ) = observed
            else { return }
            try keepScreenshot(listScreenshot, as: "test-map-served-phone-list.png")
            try keepScreenshot(mapScreenshot, as: "test-map-served-phone-map.png")
            #expect(folded, "the form folds away after a search on a phone")
            #expect(mapInListView == "none" && listInMapView == "none", "list and map are tabs")
            for kind in ["pin", "venue", "favorite", "term", "search"] {
                #expect(targets.contains { $0.id.contains(kind) }, "no \(kind) measured: \(targets.map(\.id))")
            }
            for target in targets {
                #expect(target.width >= 44 && target.height >= 44, "\(target.id): \(target.width)×\(target.height)")
            }
            #expect(details == "2. Kahvila 2")
            #expect(pinInView, "the map stays in view when a pin is tapped")
            #expect(abs(zoomed - 1) < 0.1, "two fingers twice as far apart: one zoom level, \(zoomed)")
        }

        struct Audit: Decodable {
            var language: String
            var unnamed: [String]
            var lowContrast: [String]
        }

        /// The accessibility basics, checked as a Lighthouse-style audit would, after a search with a
        /// venue's details open: every control has a name (a pin, one with words, not only its
        /// number), text contrast is at least 4.5:1, Tab goes through the page in its order (form,
        /// pins, map buttons, details, rows), and Enter on a focused pin or row opens its details.
        @Test func accessibilityBasics() async throws {
            let api = try await ServedPageFakeAPI.start(token: Self.token)
            defer { Task { await api.stop() } }
            let audit = """
                (() => {
                  const visible = (e) => { const r = e.getBoundingClientRect();
                    return e.checkVisibility({ checkVisibilityCSS: true }) && r.width > 0 && r.height > 0; };
                  const name = (e) => (e.getAttribute('aria-label')
                    || (e.getAttribute('aria-labelledby') && document.getElementById(e.getAttribute('aria-labelledby'))?.textContent)
                    || (e.labels && [...e.labels].map((l) => l.textContent).join(' '))
                    || e.textContent || e.getAttribute('title') || '').trim();
                  // A name says what the control is: a pin named only by its number ("2") is not
                  // named (a phone link named by its number is).
                  const unnamed = [...document.querySelectorAll('input, select, textarea, button, summary, a, [tabindex]')]
                    .filter(visible).filter((e) => !name(e) || (e.matches('.pin') && !/\\p{L}/u.test(name(e))))
                    .map((e) => e.outerHTML.slice(0, 100));
                  const rgba = (text) => (text.match(/[\\d.]+/g) || []).map(Number);
                  const luminance = ([r, g, b]) => [r, g, b].map((v) => { v /= 255;
                    return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); })
                    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
                  const background = (e) => { for (let n = e; n; n = n.parentElement) {
                      const c = rgba(getComputedStyle(n).backgroundColor);
                      if (c.length === 3 || (c.length === 4 && c[3] > 0)) return c.slice(0, 3); }
                    return [255, 255, 255]; };
                  const lowContrast = [];
                  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
                  while (walker.nextNode()) {
                    const node = walker.currentNode, e = node.parentElement;
                    if (!node.textContent.trim() || !e || e.closest('svg, noscript, option') || !visible(e)) continue;
                    const a = luminance(rgba(getComputedStyle(e).color)), b = luminance(background(e));
                    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
                    if (ratio < 4.5) lowContrast.push(e.tagName + '.' + e.className + ' ' + ratio.toFixed(2) + ': '
                      + node.textContent.trim().slice(0, 30));
                  }
                  return { language: document.documentElement.lang, unnamed, lowContrast };
                })()
                """
            let focused = """
                (() => { const e = document.activeElement;
                  return e.id || e.getAttribute('data-number') && (e.classList.contains('pin') ? 'pin ' : 'row ')
                    + e.getAttribute('data-number') || e.className.baseVal || e.className || e.tagName; })()
                """
            let observed = try await withChromium("ServedPagePhoneBrowserTests.accessibilityBasics") { browser in
                let person = ServedPagePerson(browser: browser)
                try person.open(api.url("/"))
                try person.search(token: Self.token, near: Self.near)
                try person.click(".venue[data-number='1'] .name")
                try person.waitForMark("details", "loaded")
                let report = try browser.evaluate(audit, as: Audit.self)
                // Tab from the top of the page: every stop, and whether each comes after the last.
                // A click on the heading puts the start of Tab's way at the top of the page.
                try browser.evaluateJSON("window.scrollTo(0, 0)")
                try person.click("h1")
                var stops: [String] = []
                var inOrder = true
                try browser.evaluateJSON("window.__previous = null")
                // Up to the last row's toggle, the page's last stop (a further Tab leaves the page).
                while stops.count < 90, !(stops.contains("row 7") && stops.last == "favorite-toggle") {
                    try person.press("Tab")
                    stops.append(try browser.evaluate(focused, as: String.self))
                    let forward = try browser.evaluate(
                        """
                        (() => { const e = document.activeElement, p = window.__previous; window.__previous = e;
                          return !p || p === e || !!(p.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING); })()
                        """,
                        as: Bool.self
                    )
                    if !forward { inOrder = false }
                }
                try browser.evaluateJSON("document.querySelector(\".pin[data-number='4']\").focus()")
                try person.clearMark("details")
                try person.press("Enter")
                try person.waitForMark("details", "loaded")
                let byPin = try person.text("#details-name")
                try browser.evaluateJSON("document.querySelector(\".venue[data-number='6']\").focus()")
                try person.clearMark("details")
                try person.press("Enter")
                try person.waitForMark("details", "loaded")
                let byRow = try person.text("#details-name")
                return (report, stops, inOrder, byPin, byRow)
            }
            guard let (report, stops, inOrder, byPin, byRow) = observed else { return }
            #expect(!report.language.isEmpty, "the page says its language")
            #expect(report.unnamed.isEmpty, "controls without a name: \(report.unnamed)")
            #expect(report.lowContrast.isEmpty, "text below 4.5:1: \(report.lowContrast)")
            #expect(inOrder, "Tab went back up the page: \(stops)")
            let firstIndex = { (stop: String) in stops.firstIndex(of: stop) ?? Int.max }
            for stop in ["term", "near", "search", "pin 1", "zoom-in", "details-favorite", "row 1", "row 7"] {
                #expect(stops.contains(stop), "Tab reaches \(stop): \(stops)")
            }
            #expect(firstIndex("near") < firstIndex("search") && firstIndex("search") < firstIndex("pin 1"))
            #expect(stops.filter { $0.hasPrefix("pin ") } == (1...7).map { "pin \($0)" }, "pins in number order")
            #expect(stops.filter { $0.hasPrefix("row ") } == (1...7).map { "row \($0)" }, "rows in number order")
            #expect(
                firstIndex("pin 1") < firstIndex("details-favorite")
                    && firstIndex("details-favorite") < firstIndex("row 1")
            )
            #expect(byPin == "4. Kahvila 4")
            #expect(byRow == "6. Kahvila 6")
        }
    }
}

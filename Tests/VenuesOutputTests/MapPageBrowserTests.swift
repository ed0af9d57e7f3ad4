import BrowserTestSupport
import Foundation
import Testing
import VenuesTestSupport

@testable import VenuesOutput

/// Runs `body` with a started headless Chromium on a thread of its own, or — where Chromium is
/// not installed — prints a loud message and returns `nil` (fails instead in CI).
func withChromium<T: Sendable>(
    _ test: String,
    width: Int = 1280,
    height: Int = 1000,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: @escaping @Sendable (HeadlessChromium) throws -> T
) async throws -> T? {
    guard let executable = ChromiumAvailability.executable else {
        if ChromiumAvailability.isCI {
            Issue.record(
                "Chromium is missing in CI: scripts/test should have installed it",
                sourceLocation: sourceLocation
            )
        } else {
            FileHandle.standardError.write(Data(ChromiumAvailability.skipMessage(test).utf8))
        }
        return nil
    }
    return try await offCooperativePool {
        let browser = try HeadlessChromium(executable: executable, width: width, height: height)
        defer { browser.close() }
        return try body(browser)
    }
}

/// Saves a screenshot under `$VENUES_SCREENSHOT_DIR` when that is set (to look at what a test
/// saw; `scripts/map-screenshots` makes docs/map-served.png this way).
func keepScreenshot(_ png: Data, as name: String) throws {
    guard let directory = ProcessInfo.processInfo.environment["VENUES_SCREENSHOT_DIR"], !directory.isEmpty else {
        return
    }
    try png.write(to: URL(fileURLWithPath: directory).appendingPathComponent(name))
}

extension BrowserTests {
    /// The file `--format html` writes, in a real browser with no network: pins where Web Mercator
    /// puts them (DOM and pixels), list and pins in agreement, hostile names shown as text, and the
    /// highlight that links a pin and its row.
    @Suite(.timeLimit(.minutes(5))) struct MapPageBrowserTests {
        struct Observation: Sendable {
            var probe: Data
            var screenshot: Data
            var rowHighlightedByPinHover: Bool
            var pinHighlightedByRowFocus: Bool
            var highlightedCount: Int
        }

        @Test func theFileInChromium() async throws {
            let document = MapTestDocument.document()
            let scratch = try ScratchDirectory()
            defer { scratch.cleanUp() }
            let file = scratch.file("map.html")
            // With tiles: offline they fail, and the page must not mind.
            try Data(HTMLMapRenderer.render(document).utf8).write(to: file)

            let observed = try await withChromium("MapPageBrowserTests.theFileInChromium") { browser in
                try browser.navigate(to: file)
                let probe = try browser.evaluateJSON(MapPageProbe.expression)
                let screenshot = try browser.screenshot()
                // Hover pin 2: its row lights up. Focus row 3: its pin lights up.
                let decoded = try JSONDecoder().decode(MapPageProbe.self, from: probe)
                guard let pin = decoded.pins.first(where: { $0.number == 2 }) else {
                    throw HeadlessChromium.BrowserError.javaScript("no pin 2 on the page")
                }
                try browser.moveMouse(x: pin.x, y: pin.y)
                let hovered = try browser.evaluate(
                    "document.querySelectorAll('.venue')[1].classList.contains('highlighted')",
                    as: Bool.self
                )
                try browser.moveMouse(x: 1, y: 1)
                try browser.evaluateJSON("document.querySelectorAll('.venue')[2].focus()")
                let focused = try browser.evaluate(
                    "[...document.querySelectorAll('.pin')].find(p => p.dataset.number === '3').classList.contains('highlighted')",
                    as: Bool.self
                )
                let count = try browser.evaluate("document.querySelectorAll('.highlighted').length", as: Int.self)
                return Observation(
                    probe: probe,
                    screenshot: screenshot,
                    rowHighlightedByPinHover: hovered,
                    pinHighlightedByRowFocus: focused,
                    highlightedCount: count
                )
            }
            guard let observed else { return }
            try keepScreenshot(observed.screenshot, as: "test-map-file.png")
            let probe = try JSONDecoder().decode(MapPageProbe.self, from: observed.probe)
            let image = try PNGImage(data: observed.screenshot)
            #expect(image.width == 1280 && image.height == 1000)
            probe.check(
                venues: MapTestDocument.expectedVenues,
                centerLatitude: MapTestDocument.centerLatitude,
                centerLongitude: MapTestDocument.centerLongitude,
                radius: Double(MapTestDocument.radius),
                screenshot: image
            )
            // The names as a provider sent them (less the RTL override), as text.
            #expect(probe.rows.map(\.name) == MapTestDocument.shownNames)
            #expect(observed.rowHighlightedByPinHover, "hovering pin 2 highlights row 2")
            #expect(observed.pinHighlightedByRowFocus, "focusing row 3 highlights pin 3")
            #expect(observed.highlightedCount == 2, "only row 3 and pin 3 stay highlighted")
        }

        /// The page's CSP blocks any script it did not list, so "no hostile name's script ran" could
        /// only fail if the CSP failed too. Here the CSP is switched off in the browser
        /// (`Page.setBypassCSP`): the escaping alone must keep every hostile name text. A canary
        /// script added to a copy of the page runs so, proving the bypass is on.
        @Test func withTheCSPBypassedNoHostileNameRuns() async throws {
            let scratch = try ScratchDirectory()
            defer { scratch.cleanUp() }
            let page = HTMLMapRenderer.render(MapTestDocument.document())
            let file = scratch.file("map.html")
            try Data(page.utf8).write(to: file)
            let canary = scratch.file("canary.html")
            let withCanary = page.replacingOccurrences(
                of: "</body>",
                with: "<script>window.__canary = 'ran'</script></body>"
            )
            #expect(withCanary != page)
            try Data(withCanary.utf8).write(to: canary)

            let observed = try await withChromium("MapPageBrowserTests.withTheCSPBypassedNoHostileNameRuns") {
                browser -> (probe: Data, screenshot: Data, canary: String?, canaryWithCSP: String?) in
                let canaryWithCSP: String? = try {
                    try browser.navigate(to: canary)
                    return try browser.evaluate("window.__canary ?? null", as: String?.self)
                }()
                _ = try browser.command("Page.setBypassCSP", ["enabled": true])
                try browser.navigate(to: canary)
                let ran = try browser.evaluate("window.__canary ?? null", as: String?.self)
                try browser.navigate(to: file)
                return (
                    try browser.evaluateJSON(MapPageProbe.expression), try browser.screenshot(), ran, canaryWithCSP
                )
            }
            guard let observed else { return }
            #expect(observed.canaryWithCSP == nil, "the CSP blocks a script it does not list")
            #expect(observed.canary == "ran", "with the CSP bypassed, an added script runs")
            let probe = try JSONDecoder().decode(MapPageProbe.self, from: observed.probe)
            probe.check(
                venues: MapTestDocument.expectedVenues,
                centerLatitude: MapTestDocument.centerLatitude,
                centerLongitude: MapTestDocument.centerLongitude,
                radius: Double(MapTestDocument.radius),
                screenshot: try PNGImage(data: observed.screenshot)
            )
            #expect(probe.rows.map(\.name) == MapTestDocument.shownNames)
        }

        /// On paper: one column, the map no wider than the page, highlights off.
        @Test func itPrintsAsOneColumn() async throws {
            let scratch = try ScratchDirectory()
            defer { scratch.cleanUp() }
            let file = scratch.file("map.html")
            try Data(HTMLMapRenderer.render(MapTestDocument.document()).utf8).write(to: file)
            struct Printed: Decodable, Sendable {
                var layout: String
                var mapWidth: Double
                var mapAboveList: Bool
                var rowBackground: String
            }
            let printed = try await withChromium("MapPageBrowserTests.itPrintsAsOneColumn") { browser in
                try browser.navigate(to: file)
                try browser.command("Emulation.setEmulatedMedia", ["media": "print"])
                try browser.evaluateJSON("document.querySelectorAll('.venue')[0].classList.add('highlighted')")
                return try browser.evaluate(
                    """
                    (() => {
                      const map = document.querySelector("svg.map").getBoundingClientRect();
                      const list = document.querySelector(".venues").getBoundingClientRect();
                      return { layout: getComputedStyle(document.querySelector(".layout")).display, mapWidth: map.width,
                               mapAboveList: map.bottom <= list.top,
                               rowBackground: getComputedStyle(document.querySelector(".venue")).backgroundColor };
                    })()
                    """,
                    as: Printed.self
                )
            }
            guard let printed else { return }
            #expect(printed.layout == "block")
            #expect(printed.mapAboveList)
            // 16 cm at 96 CSS pixels to the inch.
            #expect(printed.mapWidth <= 16 / 2.54 * 96 + 1)
            #expect(printed.rowBackground == "rgba(0, 0, 0, 0)")
        }

        @Test func withoutJavaScriptThePictureAndListAreWhole() async throws {
            let document = MapTestDocument.document()
            let scratch = try ScratchDirectory()
            defer { scratch.cleanUp() }
            let file = scratch.file("map.html")
            try Data(HTMLMapRenderer.render(document, options: .init(tiles: false)).utf8).write(to: file)
            let observed = try await withChromium("MapPageBrowserTests.withoutJavaScript") { browser in
                try browser.command("Emulation.setScriptExecutionDisabled", ["value": true])
                try browser.navigate(to: file)
                try browser.command("Emulation.setScriptExecutionDisabled", ["value": false])
                return try (browser.evaluateJSON(MapPageProbe.expression), browser.screenshot())
            }
            guard let (probeData, png) = observed else { return }
            var probe = try JSONDecoder().decode(MapPageProbe.self, from: probeData)
            #expect(probe.scriptReady == nil, "the page's script did not run")
            probe.scriptReady = "ready"
            probe.check(
                venues: MapTestDocument.expectedVenues,
                centerLatitude: MapTestDocument.centerLatitude,
                centerLongitude: MapTestDocument.centerLongitude,
                radius: Double(MapTestDocument.radius),
                screenshot: try PNGImage(data: png)
            )
        }
    }
}

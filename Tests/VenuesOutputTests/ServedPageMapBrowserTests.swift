import BrowserTestSupport
import Foundation
import Testing
import VenuesTestSupport

@testable import VenuesOutput

extension BrowserTests {
    /// The served page's map moving under a person's hands, in headless Chromium against
    /// ``ServedPageFakeAPI``: the wheel zooms around the pointer, a drag pans, a click on the map
    /// searches there, "Near me" searches where the browser says the user is, and pins on one
    /// spot are spread so that each can be clicked.
    @Suite(.timeLimit(.minutes(5))) struct ServedPageMapBrowserTests {
        static let token = ServedPageAppBrowserTests.token
        static let near = ServedPageAppBrowserTests.near

        struct View: Decodable {
            var zoom: Double
            var latitude: Double
            var longitude: Double
        }

        static let readView = """
            (() => { const m = document.getElementById('map');
              return { zoom: Number(m.getAttribute('data-zoom')), latitude: Number(m.getAttribute('data-center-latitude')),
                       longitude: Number(m.getAttribute('data-center-longitude')) }; })()
            """

        /// The place under a point of the map (map units, 0…640) for a view, by Web Mercator
        /// written out here (as ``MapPageProbe/mercator`` does the other way).
        static func place(x: Double, y: Double, view: View) -> (latitude: Double, longitude: Double) {
            let size = 256 * pow(2, view.zoom)
            let phi = view.latitude * .pi / 180
            let centerX = (view.longitude + 180) / 360 * size
            let centerY = (1 - log(tan(phi) + 1 / cos(phi)) / .pi) / 2 * size
            let worldX = centerX + x - 320
            let worldY = centerY + y - 320
            let longitude = worldX / size * 360 - 180
            let latitude = atan(sinh(.pi * (1 - 2 * worldY / size))) * 180 / .pi
            return (latitude, longitude)
        }

        @Test func theWheelZoomsADragPansAClickSearchesThere() async throws {
            let api = try await ServedPageFakeAPI.start(token: Self.token)
            defer { Task { await api.stop() } }
            let observed = try await withChromium("ServedPageMapBrowserTests.theWheelZoomsADragPansAClickSearchesThere")
            {
                browser in
                let person = ServedPagePerson(browser: browser)
                try person.open(api.url("/"))
                try person.search(token: Self.token, near: Self.near)
                let map = try person.box("#map")
                let before = try browser.evaluate(Self.readView, as: View.self)
                let pinBefore = try person.box(".pin[data-number='1'] circle", scroll: false)
                try person.wheel(x: map.x, y: map.y, deltaY: -100)
                try person.waitForMark("map-moves", "1")
                let zoomed = try browser.evaluate(Self.readView, as: View.self)
                let pinZoomed = try person.box(".pin[data-number='1'] circle", scroll: false)
                try person.drag(
                    from: .init(x: map.left + 60, y: map.y),
                    to: .init(x: map.left + 160, y: map.y + 40)
                )
                try person.waitForMark("map-moves", "2")
                let dragged = try browser.evaluate(Self.readView, as: View.self)
                let pinDragged = try person.box(".pin[data-number='1'] circle", scroll: false)
                try person.clearMark("search")
                try browser.click(x: map.left + 40, y: map.top + 40)
                try person.waitForSearch()
                let searchedNear = try browser.evaluate("document.getElementById('near').value", as: String.self)

                try browser.command(
                    "Browser.grantPermissions",
                    [
                        "permissions": ["geolocation"],
                        "origin": api.baseURL.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/")),
                    ],
                    session: false
                )
                try browser.command(
                    "Emulation.setGeolocationOverride",
                    ["latitude": 60.2, "longitude": 24.9, "accuracy": 10]
                )
                try person.clearMark("search")
                try person.click("#near-me")
                try person.waitForSearch()
                return (map, before, pinBefore, zoomed, pinZoomed, dragged, pinDragged, searchedNear)
            }
            guard let (map, before, pinBefore, zoomed, pinZoomed, dragged, pinDragged, searchedNear) = observed
            else { return }
            let scale = (map.width - 2) / 640  // the map's 1 px border on each side
            // The wheel: half a zoom level, around the pointer (the middle stays put).
            #expect(abs(zoomed.zoom - (before.zoom + 0.5)) < 1e-9)
            let grown = pow(2, 0.5)
            #expect(abs(pinZoomed.x - (map.x + (pinBefore.x - map.x) * grown)) <= 2, "\(pinZoomed) from \(pinBefore)")
            #expect(abs(pinZoomed.y - (map.y + (pinBefore.y - map.y) * grown)) <= 2, "\(pinZoomed) from \(pinBefore)")
            // The drag: the pins follow the pointer, the zoom stays.
            #expect(dragged.zoom == zoomed.zoom)
            #expect(abs(pinDragged.x - pinZoomed.x - 100) <= 2 && abs(pinDragged.y - pinZoomed.y - 40) <= 2)
            // The click: a search around the place under the pointer.
            let clicked = Self.place(x: 39 / scale, y: 39 / scale, view: dragged)
            let nearby = await api.requests.filter { $0.path == "/v1/nearby" }
            #expect(nearby.count == 3)
            let asked = nearby.count > 1 ? nearby[1].queryValue("near") ?? "" : ""
            let parts = asked.split(separator: ",").compactMap { Double($0) }
            #expect(parts.count == 2 && searchedNear == asked)
            if parts.count == 2 {
                #expect(abs(parts[0] - clicked.latitude) < 1e-5 && abs(parts[1] - clicked.longitude) < 1e-5, "\(asked)")
            }
            // Near me: where the browser says the user is.
            #expect(nearby.last?.queryValue("near") == "60.20000,24.90000")
        }

        /// Two venues on one spot: both pins are drawn apart, a line to the spot, and each opens its
        /// own details.
        @Test func pinsOnOneSpotAreSpread() async throws {
            let api = try await ServedPageFakeAPI.start(token: Self.token, options: .init(stackFirstTwo: true))
            defer { Task { await api.stop() } }
            let observed = try await withChromium("ServedPageMapBrowserTests.pinsOnOneSpotAreSpread") { browser in
                let person = ServedPagePerson(browser: browser)
                try person.open(api.url("/"))
                try person.search(token: Self.token, near: Self.near)
                let spread = try person.texts(".pin[data-spread]").count
                let one = try person.box(".pin[data-number='1'] circle", scroll: false)
                let two = try person.box(".pin[data-number='2'] circle", scroll: false)
                var names: [String?] = []
                for number in [1, 2] {
                    try person.clearMark("details")
                    try person.click(".pin[data-number='\(number)'] circle")
                    try person.waitForMark("details", "loaded")
                    names.append(try person.text("#details-name"))
                }
                return (spread, one, two, names)
            }
            guard let (spread, one, two, names) = observed else { return }
            #expect(spread == 2)
            #expect(hypot(one.x - two.x, one.y - two.y) >= 20, "discs apart: \(one), \(two)")
            #expect(names == ["1. Kahvila 1", "2. Kahvila 2"])
        }
    }
}

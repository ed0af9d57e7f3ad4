import BrowserTestSupport
import Foundation

/// A person at the served page, for the tests of what the page does: opens it, pastes the token,
/// types a centre, presses Search, clicks, taps, types, and reads what the page shows. Every wait
/// is for an event the page marks (`data-search`, `data-details`, `data-map-moves`…), never for a
/// fixed time.
struct ServedPagePerson {
    let browser: HeadlessChromium

    struct Point: Decodable {
        var x: Double
        var y: Double
    }

    struct Box: Decodable {
        var left: Double
        var top: Double
        var width: Double
        var height: Double
        var x: Double { left + width / 2 }
        var y: Double { top + height / 2 }
    }

    /// Opens the page and waits for its script and for the providers the server offers.
    func open(_ page: URL) throws {
        try browser.navigate(to: page)
        try browser.waitUntil(
            "document.documentElement.getAttribute('data-served-script') === 'ready'"
                + " && ['ready', 'unknown'].includes(document.documentElement.getAttribute('data-providers'))",
            what: "the page's script (is its CSP hash right?) and its providers"
        )
    }

    /// Types into the labelled field `id` what a person would, replacing what is there.
    func fill(_ id: String, with text: String) throws {
        try browser.evaluateJSON("(() => { const f = document.getElementById('\(id)'); f.focus(); f.select(); })()")
        if !text.isEmpty { try browser.type(text) }
    }

    /// Pastes the token, types the centre, presses Search and waits for the answer.
    func search(token: String, near: String, term: String = "") throws {
        if try browser.evaluate("getComputedStyle(document.getElementById('token')).display !== 'none'", as: Bool.self)
        {
            try fill("token", with: token)
        }
        try fill("near", with: near)
        try fill("term", with: term)
        try pressSearch()
    }

    /// Presses Search and waits for the search to end, however it ends.
    func pressSearch() throws {
        try browser.evaluateJSON("document.documentElement.removeAttribute('data-search')")
        try click("#search")
        try waitForSearch()
    }

    func waitForSearch() throws {
        try browser.waitUntil(
            "['done', 'failed'].includes(document.documentElement.getAttribute('data-search'))",
            what: "the search to finish"
        )
    }

    /// The page's mark `data-NAME`.
    func mark(_ name: String) throws -> String? {
        try browser.evaluate("document.documentElement.getAttribute('data-\(name)')", as: String?.self)
    }

    /// Clears the mark `data-NAME`, to wait for its next value.
    func clearMark(_ name: String) throws {
        try browser.evaluateJSON("document.documentElement.removeAttribute('data-\(name)')")
    }

    func waitForMark(_ name: String, _ value: String) throws {
        try browser.waitUntil(
            "document.documentElement.getAttribute('data-\(name)') === '\(value)'",
            what: "data-\(name) = \(value)"
        )
    }

    /// Where the first element matching `selector` is on the screen (scrolled into view first).
    func box(_ selector: String, scroll: Bool = true) throws -> Box {
        try browser.evaluate(
            """
            (() => { const e = document.querySelector("\(selector)");
              if (!e) throw new Error("no element \(selector.replacingOccurrences(of: "\"", with: "'"))");
              \(scroll ? "e.scrollIntoView({ block: 'nearest' });" : "")
              const r = e.getBoundingClientRect(); return { left: r.left, top: r.top, width: r.width, height: r.height }; })()
            """,
            as: Box.self
        )
    }

    /// A real mouse click in the middle of the first element matching `selector`.
    func click(_ selector: String) throws {
        let target = try box(selector)
        try browser.click(x: target.x, y: target.y)
    }

    /// A tap of a finger in the middle of the first element matching `selector`.
    func tap(_ selector: String) throws {
        let target = try box(selector)
        try tap(x: target.x, y: target.y)
    }

    func tap(x: Double, y: Double) throws {
        try browser.command("Input.dispatchTouchEvent", ["type": "touchStart", "touchPoints": [["x": x, "y": y]]])
        try browser.command("Input.dispatchTouchEvent", ["type": "touchEnd", "touchPoints": [] as [[String: Any]]])
    }

    /// The text of the first element matching `selector` (`nil` when there is none).
    func text(_ selector: String) throws -> String? {
        try browser.evaluate("document.querySelector(\"\(selector)\")?.textContent ?? null", as: String?.self)
    }

    /// The texts of every element matching `selector`.
    func texts(_ selector: String) throws -> [String] {
        try browser.evaluate(
            "[...document.querySelectorAll(\"\(selector)\")].map(e => e.textContent)",
            as: [String].self
        )
    }

    func count(_ selector: String) throws -> Int {
        try browser.evaluate("document.querySelectorAll(\"\(selector)\").length", as: Int.self)
    }

    /// One notch of the mouse wheel over a point: `deltaY` < 0 zooms in.
    func wheel(x: Double, y: Double, deltaY: Double) throws {
        try browser.command(
            "Input.dispatchMouseEvent",
            ["type": "mouseWheel", "x": x, "y": y, "deltaX": 0, "deltaY": deltaY]
        )
    }

    /// Presses the left button at `from`, moves to `to` in steps, releases.
    func drag(from: Point, to: Point, steps: Int = 5) throws {
        try browser.moveMouse(x: from.x, y: from.y)
        try browser.command(
            "Input.dispatchMouseEvent",
            ["type": "mousePressed", "x": from.x, "y": from.y, "button": "left", "buttons": 1, "clickCount": 1]
        )
        for step in 1...steps {
            let x = from.x + (to.x - from.x) * Double(step) / Double(steps)
            let y = from.y + (to.y - from.y) * Double(step) / Double(steps)
            try browser.command(
                "Input.dispatchMouseEvent",
                ["type": "mouseMoved", "x": x, "y": y, "button": "left", "buttons": 1]
            )
        }
        try browser.command(
            "Input.dispatchMouseEvent",
            ["type": "mouseReleased", "x": to.x, "y": to.y, "button": "left", "buttons": 0, "clickCount": 1]
        )
    }

    /// Two fingers on `center`, `start` apart horizontally, moved to `end` apart.
    func pinch(center: Point, start: Double, end: Double, steps: Int = 5) throws {
        func points(_ gap: Double) -> [[String: Any]] {
            [
                ["x": center.x - gap / 2, "y": center.y, "id": 1],
                ["x": center.x + gap / 2, "y": center.y, "id": 2],
            ]
        }
        try browser.command("Input.dispatchTouchEvent", ["type": "touchStart", "touchPoints": points(start)])
        for step in 1...steps {
            let gap = start + (end - start) * Double(step) / Double(steps)
            try browser.command("Input.dispatchTouchEvent", ["type": "touchMove", "touchPoints": points(gap)])
        }
        try browser.command("Input.dispatchTouchEvent", ["type": "touchEnd", "touchPoints": [] as [[String: Any]]])
    }

    /// Presses a key on the focused element (`Tab`, `Enter`, arrows).
    func press(_ key: String) throws {
        let codes = ["Tab": 9, "Enter": 13]
        guard let code = codes[key] else { return try browser.press(key) }
        var down: [String: Any] = [
            "type": "rawKeyDown", "key": key, "code": key, "windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code,
        ]
        if key == "Enter" { down["text"] = "\r" }
        try browser.command("Input.dispatchKeyEvent", down)
        if key == "Enter" {
            try browser.command("Input.dispatchKeyEvent", ["type": "char", "key": key, "text": "\r"])
        }
        try browser.command(
            "Input.dispatchKeyEvent",
            ["type": "keyUp", "key": key, "code": key, "windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code]
        )
    }
}

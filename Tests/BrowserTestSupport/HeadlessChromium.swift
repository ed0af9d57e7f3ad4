public import Foundation

/// Headless Chromium (Debian's `chromium`) driven over the Chrome DevTools protocol: one page,
/// navigation, `Runtime.evaluate`, real mouse and keyboard input, screenshots.
///
/// - Offline: every request but loopback goes to a dead proxy (`--proxy-server=127.0.0.1:9`;
///   Chromium sends loopback addresses direct), so a page that asks the internet for
///   something (map tiles) gets an error at once.
/// - A fixed viewport (`width` × `height` CSS pixels, device scale 1): screenshot pixels are
///   CSS pixels.
/// - Blocking: call it from a thread of its own (`offCooperativePool`), one call at a time.
///   ``close()`` ends the browser (it is also ended when the value is released).
public final class HeadlessChromium: @unchecked Sendable {
    public enum BrowserError: Error, CustomStringConvertible {
        case notStarted(String)
        case protocolError(method: String, message: String)
        case javaScript(String)
        case timedOut(String)

        public var description: String {
            switch self {
            case .notStarted(let why): "Chromium did not start: \(why)"
            case .protocolError(let method, let message): "DevTools \(method) failed: \(message)"
            case .javaScript(let message): "the page's JavaScript threw: \(message)"
            case .timedOut(let what): "timed out waiting for \(what)"
            }
        }
    }

    public let width: Int
    public let height: Int
    private let process: Process
    private let profile: URL
    private let socket: WebSocketClient
    private var sessionID = ""
    private var nextID = 0
    private var events: [[String: Any]] = []
    private let timeout: TimeInterval

    /// Starts Chromium and opens one blank page.
    ///
    /// - Parameters:
    ///   - executable: the browser (``ChromiumAvailability/executable``).
    ///   - timeout: the longest wait for the browser to start and for any one answer (generous:
    ///     the machine may be busy).
    public init(executable: URL, width: Int = 1280, height: Int = 1000, timeout: TimeInterval = 60) throws {
        self.width = width
        self.height = height
        self.timeout = timeout
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("venues-chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        process = Process()
        process.executableURL = executable
        var arguments = [
            "--headless=new", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
            "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--mute-audio", "--hide-scrollbars",
            "--force-device-scale-factor=1", "--window-size=\(width),\(height)",
            "--proxy-server=127.0.0.1:9", "--remote-debugging-port=0", "--user-data-dir=\(profile.path)",
        ]
        if getuid() == 0 { arguments.append("--no-sandbox") }
        process.arguments = arguments + ["about:blank"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        do {
            let (port, path) = try Self.devToolsAddress(in: profile, process: process, timeout: timeout)
            socket = try WebSocketClient(port: port, path: path, timeout: timeout)
        } catch {
            process.terminate()
            process.waitUntilExit()
            try? FileManager.default.removeItem(at: profile)
            throw error
        }
        let target = try command("Target.createTarget", ["url": "about:blank"], session: false)
        guard let targetID = target["targetId"] as? String else {
            throw BrowserError.notStarted("no target id in \(target)")
        }
        let attached = try command("Target.attachToTarget", ["targetId": targetID, "flatten": true], session: false)
        sessionID = attached["sessionId"] as? String ?? ""
        _ = try command("Page.enable")
        _ = try command("Runtime.enable")
        _ = try command(
            "Emulation.setDeviceMetricsOverride",
            ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false]
        )
    }

    deinit { close() }

    /// Chromium writes its DevTools port and browser path into `DevToolsActivePort` in its
    /// profile once it listens.
    private static func devToolsAddress(
        in profile: URL,
        process: Process,
        timeout: TimeInterval
    ) throws -> (
        UInt16, String
    ) {
        let file = profile.appendingPathComponent("DevToolsActivePort")
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let text = try? String(contentsOf: file, encoding: .utf8) {
                let lines = text.split(separator: "\n").map(String.init)
                if lines.count >= 2, let port = UInt16(lines[0]) { return (port, lines[1]) }
            }
            guard process.isRunning else {
                throw BrowserError.notStarted("it exited with \(process.terminationStatus)")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw BrowserError.timedOut("Chromium's DevTools port")
    }

    /// Sends a DevTools command and returns its `result`; events that arrive meanwhile are kept.
    @discardableResult
    public func command(
        _ method: String,
        _ parameters: [String: Any] = [:],
        session: Bool = true
    ) throws
        -> [String: Any]
    {
        nextID += 1
        let id = nextID
        var message: [String: Any] = ["id": id, "method": method, "params": parameters]
        if session { message["sessionId"] = sessionID }
        let data = try JSONSerialization.data(withJSONObject: message)
        try socket.send(String(decoding: data, as: UTF8.self))
        while true {
            let object = try nextMessage()
            if object["id"] as? Int == id {
                if let error = object["error"] as? [String: Any] {
                    throw BrowserError.protocolError(method: method, message: "\(error["message"] ?? error)")
                }
                return object["result"] as? [String: Any] ?? [:]
            }
            if object["method"] != nil { events.append(object) }
        }
    }

    private func nextMessage() throws -> [String: Any] {
        let text = try socket.receive()
        return try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
    }

    /// Waits for an event of this page (kept ones first) and returns its parameters.
    public func waitForEvent(_ method: String) throws -> [String: Any] {
        if let index = events.firstIndex(where: { $0["method"] as? String == method }) {
            return events.remove(at: index)["params"] as? [String: Any] ?? [:]
        }
        while true {
            let object = try nextMessage()
            if object["method"] as? String == method { return object["params"] as? [String: Any] ?? [:] }
            if object["method"] != nil { events.append(object) }
        }
    }

    /// Opens `url` and waits for its `load` event (images that fail, such as tiles offline,
    /// fail fast and do not hold it up).
    public func navigate(to url: URL) throws {
        events.removeAll()
        let result = try command("Page.navigate", ["url": url.absoluteString])
        if let error = result["errorText"] as? String { throw BrowserError.notStarted("navigation: \(error)") }
        _ = try waitForEvent("Page.loadEventFired")
    }

    /// Evaluates JavaScript in the page (awaiting a promise) and returns its value as JSON text
    /// (`JSON.stringify` of the value); the expression runs with the page's privileges but is
    /// not subject to its Content-Security-Policy.
    public func evaluateJSON(_ expression: String) throws -> Data {
        let result = try command(
            "Runtime.evaluate",
            [
                "expression":
                    "Promise.resolve(\(expression)).then(value => JSON.stringify(value === undefined ? null : value))",
                "awaitPromise": true, "returnByValue": true,
            ]
        )
        if let exception = result["exceptionDetails"] as? [String: Any] {
            let detail = (exception["exception"] as? [String: Any])?["description"] ?? exception["text"] ?? ""
            throw BrowserError.javaScript("\(detail)")
        }
        let value = (result["result"] as? [String: Any])?["value"] as? String ?? "null"
        return Data(value.utf8)
    }

    /// Evaluates JavaScript and decodes its JSON value.
    public func evaluate<T: Decodable>(_ expression: String, as type: T.Type = T.self) throws -> T {
        try JSONDecoder().decode(T.self, from: evaluateJSON(expression))
    }

    /// Polls `expression` until it is true, for at most the browser's timeout.
    public func waitUntil(_ expression: String, what: String) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try evaluate("Boolean(\(expression))", as: Bool.self) { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw BrowserError.timedOut(what)
    }

    /// Moves the mouse to a point of the viewport (CSS pixels).
    public func moveMouse(x: Double, y: Double) throws {
        try command("Input.dispatchMouseEvent", ["type": "mouseMoved", "x": x, "y": y])
    }

    /// Clicks at a point of the viewport (CSS pixels) with the left button.
    public func click(x: Double, y: Double) throws {
        try moveMouse(x: x, y: y)
        for type in ["mousePressed", "mouseReleased"] {
            try command(
                "Input.dispatchMouseEvent",
                ["type": type, "x": x, "y": y, "button": "left", "clickCount": 1]
            )
        }
    }

    /// Types text into the focused element, as keyboard input would.
    public func type(_ text: String) throws {
        try command("Input.insertText", ["text": text])
    }

    /// Presses and releases a key on the focused element: `ArrowDown`, `ArrowUp`, `Enter`,
    /// `Escape`.
    public func press(_ key: String) throws {
        let codes = ["ArrowDown": 40, "ArrowUp": 38, "Enter": 13, "Escape": 27]
        for type in ["rawKeyDown", "keyUp"] {
            var parameters: [String: Any] = ["type": type, "key": key, "code": key]
            if let code = codes[key] {
                parameters["windowsVirtualKeyCode"] = code
                parameters["nativeVirtualKeyCode"] = code
            }
            try command("Input.dispatchKeyEvent", parameters)
        }
    }

    /// A PNG of the viewport.
    public func screenshot() throws -> Data {
        let result = try command("Page.captureScreenshot", ["format": "png", "fromSurface": true])
        guard let base64 = result["data"] as? String, let data = Data(base64Encoded: base64) else {
            throw BrowserError.protocolError(method: "Page.captureScreenshot", message: "no image data")
        }
        return data
    }

    private var closed = false

    /// Ends the browser (politely, then by signal) and removes its profile.
    public func close() {
        guard !closed else { return }
        closed = true
        _ = try? command("Browser.close", session: false)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: profile)
    }
}

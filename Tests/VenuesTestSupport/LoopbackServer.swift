import FlyingFox
import FlyingSocks
public import Foundation

/// A request as the loopback server received it.
public struct RecordedRequest: Sendable {
    public var method: String
    /// The path without the query, e.g. `/places/search`.
    public var path: String
    /// Decoded query items in order.
    public var query: [(name: String, value: String)]
    /// Header fields, names lowercased.
    public var headers: [String: String]
    public var body: Data
    /// When the server had read the whole request (monotonic clock), for measuring the gaps
    /// between a client's attempts on the server's side.
    public var receivedAt: ContinuousClock.Instant = .now

    /// The first value of a query parameter.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// A header value, matched case-insensitively.
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    /// The body as UTF-8 text.
    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// The form-encoded body as decoded fields (`+` is a space, `%XX` escapes undone).
    public var formFields: [String: String] {
        var fields: [String: String] = [:]
        for pair in bodyText.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ part: Substring) -> String {
                String(part).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(part)
            }
            fields[decode(parts[0])] = parts.count > 1 ? decode(parts[1]) : ""
        }
        return fields
    }
}

/// What the loopback server answers.
public struct StubResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: Data
    /// When set, the body is sent in pieces of `chunkSize` bytes with `interval` between them
    /// (headers and `Content-Length` first), for tests of slow transfers and of clients that
    /// go away mid-body.
    public var trickle: (chunkSize: Int, interval: Duration)?

    public init(status: Int = 200, headers: [(name: String, value: String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response whose body is sent slowly: `chunkSize` bytes, then a pause of `interval`, and
    /// so on until the whole body is out.
    public static func trickle(
        _ body: Data,
        chunkSize: Int,
        interval: Duration,
        contentType: String = "application/octet-stream"
    ) -> StubResponse {
        var response = StubResponse(status: 200, headers: [("Content-Type", contentType)], body: body)
        response.trickle = (chunkSize: max(1, chunkSize), interval: interval)
        return response
    }

    /// A response with a JSON content type.
    public static func json(
        _ text: String,
        status: Int = 200,
        headers: [(name: String, value: String)] = []
    )
        -> StubResponse
    {
        StubResponse(
            status: status,
            headers: [("Content-Type", "application/json")] + headers,
            body: Data(text.utf8)
        )
    }

    /// A response with the given body bytes and content type.
    public static func data(
        _ data: Data,
        contentType: String,
        status: Int = 200,
        headers: [(name: String, value: String)] = []
    ) -> StubResponse {
        StubResponse(status: status, headers: [("Content-Type", contentType)] + headers, body: data)
    }

    /// A plain-text response.
    public static func text(
        _ text: String,
        status: Int = 200,
        headers: [(name: String, value: String)] = []
    )
        -> StubResponse
    {
        StubResponse(status: status, headers: [("Content-Type", "text/plain")] + headers, body: Data(text.utf8))
    }
}

/// An HTTP server on 127.0.0.1 with an ephemeral port, for tests that must not touch the internet.
///
/// Every request is recorded (method, path, query, headers, body) so that tests can check
/// what a client sent, and the server tracks how many requests are in flight at once. The
/// server runs at high priority, beside the pool that the tests' own tasks share.
public final class LoopbackServer: Sendable {
    /// Answers a recorded request.
    public typealias Handler = @Sendable (RecordedRequest) async -> StubResponse

    private let server: HTTPServer
    private let task: Task<Void, any Error>
    private let log: RequestLog
    /// `http://127.0.0.1:PORT` with no trailing slash.
    public let baseURL: URL
    /// The port the server listens on.
    public let port: UInt16

    private init(server: HTTPServer, task: Task<Void, any Error>, port: UInt16, log: RequestLog) {
        self.server = server
        self.task = task
        self.port = port
        self.log = log
        self.baseURL = URL(string: "http://127.0.0.1:\(port)")!
    }

    /// Starts a server that answers every request with `handler`.
    public static func start(handler: @escaping Handler) async throws -> LoopbackServer {
        let log = RequestLog()
        let server = HTTPServer(
            address: try .inet(ip4: "127.0.0.1", port: 0),
            timeout: 120,
            logger: ConnectionLogger(log: log),
            handler: RecordingHandler(log: log, handler: handler)
        )
        // High priority: on Linux each priority has a cooperative pool of its own, so the
        // server (and every task it starts, which inherits the priority) answers even while
        // the tests' own tasks hold every thread of the default pool with synchronous work.
        // At the default priority, a burst of such work stalled every loopback server of a
        // run past its clients' timeouts.
        let task = Task(priority: .high) { try await server.run() }
        // Generous: when the whole suite starts at once on two busy cores, listening can take a while.
        try await server.waitUntilListening(timeout: 60)
        guard case .ip4(_, let port)? = await server.listeningAddress else {
            task.cancel()
            throw LoopbackServerError.noAddress
        }
        return LoopbackServer(server: server, task: task, port: port, log: log)
    }

    /// A URL on this server for the given path (`"/api/interpreter"`).
    public func url(_ path: String) -> URL {
        URL(string: baseURL.absoluteString + path)!
    }

    /// Every request received so far, in arrival order.
    public var requests: [RecordedRequest] {
        get async { await log.requests }
    }

    /// The most requests that were being handled at the same moment.
    public var maxInFlight: Int {
        get async { await log.maxInFlight }
    }

    /// How many client connections the server has accepted so far.
    public var openedConnections: Int {
        get async { await log.openedConnections }
    }

    /// How many client connections the server has seen end (the client went away, or the
    /// server could not write to it any more).
    public var closedConnections: Int {
        get async { await log.closedConnections }
    }

    /// How many body pieces of trickled responses have been handed to the socket.
    public var trickledChunks: Int {
        get async { await log.trickledChunks }
    }

    /// Stops listening and closes connections.
    public func stop() async {
        await server.stop(timeout: 1)
        task.cancel()
    }
}

/// Errors from starting the loopback server.
public enum LoopbackServerError: Error {
    case noAddress
}

actor RequestLog {
    private(set) var requests: [RecordedRequest] = []
    private(set) var inFlight = 0
    private(set) var maxInFlight = 0

    func begin(_ request: RecordedRequest) {
        requests.append(request)
        inFlight += 1
        maxInFlight = max(maxInFlight, inFlight)
    }

    func end() {
        inFlight -= 1
    }

    private(set) var openedConnections = 0
    private(set) var closedConnections = 0
    private(set) var trickledChunks = 0

    func connectionOpened() { openedConnections += 1 }
    func connectionClosed() { closedConnections += 1 }
    func chunkTrickled() { trickledChunks += 1 }
}

/// Counts connections from FlyingFox's log lines (`<id> open connection`, `<id> close connection`),
/// the only place where FlyingFox reports them.
private struct ConnectionLogger: Logging {
    let log: RequestLog

    func logDebug(_ debug: @autoclosure () -> String) {}
    func logWarning(_ warning: @autoclosure () -> String) {}
    func logError(_ error: @autoclosure () -> String) {}
    func logCritical(_ critical: @autoclosure () -> String) {}

    func logInfo(_ info: @autoclosure () -> String) {
        let line = info()
        if line.hasSuffix(" open connection") {
            Task { [log] in await log.connectionOpened() }
        } else if line.hasSuffix(" close connection") {
            Task { [log] in await log.connectionClosed() }
        }
    }
}

/// Body bytes that arrive in pieces with a pause before each piece after the first.
private struct TrickleBytes: AsyncBufferedSequence {
    typealias Element = UInt8

    let bytes: [UInt8]
    let chunkSize: Int
    let interval: Duration
    let log: RequestLog

    func makeAsyncIterator() -> Iterator {
        Iterator(bytes: bytes, chunkSize: chunkSize, interval: interval, log: log)
    }

    struct Iterator: AsyncBufferedIteratorProtocol {
        let bytes: [UInt8]
        let chunkSize: Int
        let interval: Duration
        let log: RequestLog
        var offset = 0

        mutating func next() async throws -> UInt8? {
            try await nextBuffer(suggested: 1)?.first
        }

        mutating func nextBuffer(suggested count: Int) async throws -> ArraySlice<UInt8>? {
            guard offset < bytes.count else { return nil }
            if offset > 0 { try await Task.sleep(for: interval) }
            let end = Swift.min(bytes.count, offset + Swift.max(1, Swift.min(chunkSize, count)))
            defer { offset = end }
            await log.chunkTrickled()
            return bytes[offset..<end]
        }
    }
}

private struct RecordingHandler: HTTPHandler {
    let log: RequestLog
    let handler: LoopbackServer.Handler

    func handleRequest(_ request: FlyingFox.HTTPRequest) async throws -> FlyingFox.HTTPResponse {
        var headers: [String: String] = [:]
        for (name, values) in zip(request.headers.keys, request.headers.values) {
            headers[name.rawValue.lowercased()] = values.joined(separator: ", ")
        }
        let recorded = RecordedRequest(
            method: request.method.rawValue,
            path: request.path,
            query: request.query.map { (name: $0.name, value: $0.value) },
            headers: headers,
            body: try await request.bodyData,
            receivedAt: .now
        )
        await log.begin(recorded)
        let stub = await handler(recorded)
        await log.end()
        var responseHeaders = FlyingFox.HTTPHeaders()
        for (name, value) in stub.headers {
            responseHeaders.addValue(value, for: HTTPHeader(name))
        }
        let status = HTTPStatusCode(stub.status, phrase: "Status \(stub.status)")
        if let trickle = stub.trickle {
            let bytes = TrickleBytes(
                bytes: [UInt8](stub.body),
                chunkSize: trickle.chunkSize,
                interval: trickle.interval,
                log: log
            )
            return FlyingFox.HTTPResponse(
                statusCode: status,
                headers: responseHeaders,
                body: HTTPBodySequence(from: bytes, count: stub.body.count, suggestedBufferSize: trickle.chunkSize)
            )
        }
        return FlyingFox.HTTPResponse(statusCode: status, headers: responseHeaders, body: stub.body)
    }
}

import Foundation
import Testing
import VenuesTestSupport

@testable import VenuesHTTP

@Suite("CurlHTTPClient against a loopback server", .timeLimit(.minutes(3)))
struct CurlHTTPClientTests {
    let client = CurlHTTPClient()

    @Test("returns 200, 404 and 500 as responses with their bodies", arguments: [200, 404, 500])
    func statusCodes(status: Int) async throws {
        let server = try await LoopbackServer.start { _ in .text("status \(status)", status: status) }
        defer { Task { await server.stop() } }
        let response = try await client.send(HTTPRequest(url: server.url("/status"), retry: .never))
        #expect(response.status == status)
        #expect(response.bodyText == "status \(status)")
        #expect(response.headers["Content-Type"] == "text/plain")
    }

    @Test("sends custom request headers and the query string")
    func requestHeadersAndQuery() async throws {
        let server = try await LoopbackServer.start { _ in .text("ok") }
        defer { Task { await server.stop() } }
        let url = try #require(URL(string: server.baseURL.absoluteString + "/search?ll=60.17%2C24.94&query=caf%C3%A9"))
        var request = HTTPRequest(url: url)
        request.headers["X-Custom"] = "hello"
        request.headers["Accept"] = "application/json"
        _ = try await client.send(request)
        let recorded = try #require(await server.requests.first)
        #expect(recorded.method == "GET")
        #expect(recorded.path == "/search")
        #expect(recorded.queryValue("ll") == "60.17,24.94")
        #expect(recorded.queryValue("query") == "café")
        #expect(recorded.header("X-Custom") == "hello")
        #expect(recorded.header("Accept") == "application/json")
    }

    @Test("reads response headers back, repeated ones as separate values")
    func responseHeaders() async throws {
        // FlyingFox folds repeated `Link` fields into one line but sends `Set-Cookie` apart, so
        // the repeated field here is `Set-Cookie`; repeated `Link` lines are covered by the
        // header-parser unit test.
        let server = try await LoopbackServer.start { _ in
            .text(
                "ok",
                headers: [
                    ("Link", "<https://example.test/a>; rel=\"next\""),
                    ("Set-Cookie", "a=1"),
                    ("Set-Cookie", "b=2"),
                    ("X-Request-Id", "abc-123"),
                ]
            )
        }
        defer { Task { await server.stop() } }
        let response = try await client.send(HTTPRequest(url: server.url("/h")))
        #expect(response.headers["x-request-id"] == "abc-123")
        #expect(response.headers["LINK"] == "<https://example.test/a>; rel=\"next\"")
        #expect(response.headers.values(for: "set-cookie") == ["a=1", "b=2"])
    }

    @Test("POSTs the body with its content type")
    func postBody() async throws {
        let server = try await LoopbackServer.start { request in .text("got \(request.body.count)") }
        defer { Task { await server.stop() } }
        let body = Data("data=[out:xml];node(1);out;".utf8)
        let request = HTTPRequest(
            method: .post,
            url: server.url("/api/interpreter"),
            headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: body
        )
        let response = try await client.send(request)
        #expect(response.bodyText == "got \(body.count)")
        let recorded = try #require(await server.requests.first)
        #expect(recorded.method == "POST")
        #expect(recorded.body == body)
        #expect(recorded.header("Content-Type") == "application/x-www-form-urlencoded")
        #expect(recorded.header("Expect") == nil)
    }

    @Test("sends a venues/<version> User-Agent unless the request sets one")
    func userAgent() async throws {
        let server = try await LoopbackServer.start { _ in .text("ok") }
        defer { Task { await server.stop() } }
        _ = try await client.send(HTTPRequest(url: server.url("/a")))
        _ = try await client.send(HTTPRequest(url: server.url("/b"), headers: ["User-Agent": "custom/1"]))
        let requests = await server.requests
        #expect(requests.count == 2)
        let agent = try #require(requests.first?.header("User-Agent"))
        #expect(agent.hasPrefix("venues/"))
        #expect(agent == "venues/\(VenuesVersion.current) (+https://github.com/venues-cli/venues)")
        #expect(requests.last?.header("User-Agent") == "custom/1")
    }

    @Test("a server slower than the timeout gives timedOut before it answers")
    func timeout() async throws {
        // The server holds its answer for up to 30 s; a client that honours its 0.5 s timeout
        // gives up while the answer is still held, whatever the load on the machine.
        let held = HeldAnswer()
        let server = try await LoopbackServer.start { _ in
            await held.hold(atMost: .seconds(30))
            return .text("late")
        }
        defer {
            held.release()
            Task { await server.stop() }
        }
        await #expect(throws: HTTPClientError.timedOut) {
            try await client.send(HTTPRequest(url: server.url("/slow"), timeout: 0.5, retry: .never))
        }
        #expect(!held.wasAnswered, "the client waited for the answer instead of its timeout")
    }

    @Test("a port with nothing listening gives unreachable")
    func connectionRefused() async throws {
        let refusing = try RefusingPort()
        defer { refusing.close() }
        let url = refusing.url("/closed")
        let error = await #expect(throws: HTTPClientError.self) {
            try await client.send(HTTPRequest(url: url, retry: .never))
        }
        guard case .unreachable(let detail) = error else {
            Issue.record("expected unreachable, got \(String(describing: error))")
            return
        }
        #expect(!detail.isEmpty)
    }

    @Test("decodes gzip and deflate bodies and asks for them", arguments: ["gzip", "deflate"])
    func compressedBodies(encoding: String) async throws {
        let text = String(repeating: "Café Engel, Helsinki. ", count: 200)
        let plain = [UInt8](text.utf8)
        let encoded = encoding == "gzip" ? CompressedBytes.gzip(plain) : CompressedBytes.zlib(plain)
        let server = try await LoopbackServer.start { _ in
            .data(Data(encoded), contentType: "text/plain; charset=utf-8", headers: [("Content-Encoding", encoding)])
        }
        defer { Task { await server.stop() } }
        let response = try await client.send(HTTPRequest(url: server.url("/compressed")))
        #expect(response.status == 200)
        #expect(response.bodyText == text)
        let accepted = try #require(await server.requests.first?.header("Accept-Encoding"))
        #expect(accepted.contains("gzip"))
        #expect(accepted.contains("deflate"))
    }

    /// `/hop/N` redirects to `/hop/N-1` until `/hop/0`, which answers.
    private static func hops(_ request: RecordedRequest) -> StubResponse {
        let count = Int(request.path.split(separator: "/").last ?? "") ?? 0
        if count > 0 {
            return StubResponse(status: 302, headers: [("Location", "/hop/\(count - 1)"), ("X-Hop", "\(count)")])
        }
        return .text("arrived", headers: [("X-Final", "yes")])
    }

    @Test("follows redirects and keeps only the final response's headers")
    func redirectsFollowed() async throws {
        let server = try await LoopbackServer.start { Self.hops($0) }
        defer { Task { await server.stop() } }
        let response = try await client.send(HTTPRequest(url: server.url("/hop/3"), timeout: 60, maxRedirects: 3))
        #expect(response.status == 200)
        #expect(response.bodyText == "arrived")
        #expect(response.headers["X-Final"] == "yes")
        #expect(response.headers["X-Hop"] == nil)
        #expect(response.headers["Location"] == nil)
        #expect(await server.requests.map(\.path) == ["/hop/3", "/hop/2", "/hop/1", "/hop/0"])
    }

    @Test("more redirects than maxRedirects gives tooManyRedirects")
    func tooManyRedirects() async throws {
        let server = try await LoopbackServer.start { Self.hops($0) }
        defer { Task { await server.stop() } }
        await #expect(throws: HTTPClientError.tooManyRedirects) {
            try await client.send(HTTPRequest(url: server.url("/hop/4"), timeout: 60, maxRedirects: 2))
        }
        #expect(await server.requests.count == 3)
    }

    @Test("a body larger than maxResponseBytes gives responseTooLarge; one at the limit passes")
    func responseSizeCap() async throws {
        let server = try await LoopbackServer.start { request in
            let size = Int(request.queryValue("size") ?? "0") ?? 0
            return .data(Data(repeating: 0x61, count: size), contentType: "text/plain")
        }
        defer { Task { await server.stop() } }
        let big = try #require(URL(string: server.baseURL.absoluteString + "/big?size=65536"))
        await #expect(throws: HTTPClientError.responseTooLarge(limit: 1024)) {
            try await client.send(HTTPRequest(url: big, maxResponseBytes: 1024, retry: .never))
        }
        let exact = try #require(URL(string: server.baseURL.absoluteString + "/exact?size=1024"))
        let response = try await client.send(HTTPRequest(url: exact, maxResponseBytes: 1024))
        #expect(response.body.count == 1024)
    }

    @Test("transport errors never carry request header values")
    func errorsHideHeaders() async throws {
        let refusing = try RefusingPort()
        defer { refusing.close() }
        let url = refusing.url("/closed")
        let secret = "SECRET-KEY-0123456789"
        let request = HTTPRequest(url: url, headers: ["Authorization": "Bearer \(secret)"], retry: .never)
        let error = await #expect(throws: HTTPClientError.self) { try await client.send(request) }
        #expect(error.map { !String(describing: $0).contains(secret) } == true)
        #expect(!request.redactedDescription.contains(secret))
    }

    @Test("URLs other than http and https are refused without a transfer")
    func onlyHTTP() async throws {
        let url = try #require(URL(string: "file:///etc/hostname"))
        let error = await #expect(throws: HTTPClientError.self) {
            try await client.send(HTTPRequest(url: url, retry: .never))
        }
        guard case .transport = error else {
            Issue.record("expected transport, got \(String(describing: error))")
            return
        }
    }

    @Test("redirects to schemes other than http and https are not followed")
    func redirectToFileRefused() async throws {
        let server = try await LoopbackServer.start { _ in
            StubResponse(status: 302, headers: [("Location", "file:///etc/passwd")])
        }
        defer { Task { await server.stop() } }
        let error = await #expect(throws: HTTPClientError.self) {
            try await client.send(HTTPRequest(url: server.url("/to-file"), retry: .never))
        }
        guard case .transport = error else {
            Issue.record("expected transport, got \(String(describing: error))")
            return
        }
    }

    /// The tests' servers speak plain http, so the https rule is checked where it is made.
    @Test("a redirect from https may lead only to https; from http to http or https")
    func redirectSchemes() throws {
        #expect(CurlTransfer.redirectProtocols(from: try #require(URL(string: "https://places.example/v1"))) == "https")
        #expect(CurlTransfer.redirectProtocols(from: try #require(URL(string: "HTTPS://places.example/v1"))) == "https")
        #expect(
            CurlTransfer.redirectProtocols(from: try #require(URL(string: "http://127.0.0.1:8080/x"))) == "http,https"
        )
    }
}

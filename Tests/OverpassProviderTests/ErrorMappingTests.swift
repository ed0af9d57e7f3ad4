import Foundation
import Testing
import VenuesCore
import VenuesHTTP

@testable import OverpassProvider

/// The classification of HTTP answers, without a network. The loopback suite repeats the
/// main cases end to end.
@Suite("Overpass error mapping")
struct ErrorMappingTests {
    func response(_ status: Int, _ body: String, contentType: String, headers: HTTPHeaders = [:]) -> HTTPResponse {
        var all = headers
        all["Content-Type"] = contentType
        return HTTPResponse(status: status, headers: all, body: Data(body.utf8))
    }

    func fixtureResponse(_ status: Int, _ name: String, contentType: String) throws -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": contentType], body: try OverpassTest.fixture(name))
    }

    @Test func badRequestCarriesEveryErrorLine() throws {
        let response = try fixtureResponse(400, "real-error-syntax.xml", contentType: "text/html; charset=utf-8")
        #expect(throws: ProviderError.self) { try OverpassResponseClassifier.classify(response) }
        do {
            _ = try OverpassResponseClassifier.classify(response)
        } catch {
            guard case .badRequest(let message) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(message.components(separatedBy: "; ").count == 6)
            #expect(message.hasPrefix("line 1: parse error: '!', '~', '=', '!=', or ']' expected - ';' found."))
        }
        let overpy = try fixtureResponse(400, "bad-request-400.html", contentType: "text/html")
        #expect(throws: ProviderError.badRequest("line 2: parse error: ';' expected - 'out' found.")) {
            try OverpassResponseClassifier.classify(overpy)
        }
    }

    @Test(arguments: ["real-error-runtime.xml", "remark-runtime-error-01.xml"])
    func runtimeErrorRemarkIsAServerError(name: String) throws {
        let response = try fixtureResponse(200, name, contentType: "application/osm3s+xml")
        do {
            _ = try OverpassResponseClassifier.classify(response)
            Issue.record("a runtime error must not be an empty list")
        } catch {
            guard case .server(200, let message?) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(message.hasPrefix("runtime error: Query"))
        }
    }

    @Test func otherRemarksAreNotes() throws {
        let remark = try fixtureResponse(200, "remark-runtime-remark-01.xml", contentType: "application/osm3s+xml")
        #expect(try OverpassResponseClassifier.classify(remark).notes == ["Overpass remark: runtime remark: Test"])
        let unknown = try fixtureResponse(200, "remark-unknown-01.xml", contentType: "application/osm3s+xml")
        #expect(try OverpassResponseClassifier.classify(unknown).notes == ["Overpass remark: Test remark"])
    }

    @Test func duplicateQueryPageIn200IsAnError() throws {
        let response = try fixtureResponse(
            200,
            "real-error-duplicate-query.xml",
            contentType: "text/html; charset=utf-8"
        )
        #expect(
            throws: ProviderError.server(
                status: 200,
                message:
                    "runtime error: open64: 0 Success /osm3s_osm_base Dispatcher_Client::request_read_and_idx::duplicate_query"
            )
        ) { try OverpassResponseClassifier.classify(response) }
    }

    @Test func anythingElseIn200IsAnInvalidResponseQuotingTheBody() {
        let json = response(200, #"{"elements": []}"#, contentType: "application/json")
        #expect(
            throws: ProviderError.invalidResponse(#"the answer is not OSM XML (application/json): {"elements": []}"#)
        ) {
            try OverpassResponseClassifier.classify(json)
        }
    }

    /// A captive portal or a proxy's login page answers `200` with its own HTML: not the
    /// server's failure, and the page's title tells the user what they hit.
    @Test func foreignHTMLPageIn200IsAnInvalidResponseQuotingItsTitle() {
        let portal = response(200, OverpassTest.captivePortalPage, contentType: "text/html; charset=utf-8")
        #expect(
            throws: ProviderError.invalidResponse(
                #"the endpoint answered with a web page titled "Hotel Wi-Fi – Sign in", not OSM XML: a captive portal or a proxy's login page? Check the network and VENUES_OVERPASS_URL / overpass.url"#
            )
        ) {
            try OverpassResponseClassifier.classify(portal)
        }
    }

    @Test func quotedTitleIsCleanedAndBounded() throws {
        let hostile =
            "<html><head><TITLE lang=\"en\">\n  Log\u{1B}[31min &amp; <b>pay</b>\u{202E}  now\t</TITLE></head></html>"
        #expect(OverpassResponseClassifier.pageTitle(hostile) == "Log [31min & pay now")
        let long = "<title>" + String(repeating: "x", count: 500) + "</title>"
        let title = try #require(OverpassResponseClassifier.pageTitle(long))
        #expect(title == String(repeating: "x", count: OverpassResponseClassifier.titleLimit) + "…")
        #expect(OverpassResponseClassifier.pageTitle("<html><body>no title</body></html>") == nil)
    }

    /// Overpass's own XHTML page without `Error:` paragraphs is still the server speaking.
    @Test func overpassPageWithoutErrorLinesStaysAServerError() throws {
        let page = OverpassTest.errorPage([])
        do {
            _ = try OverpassResponseClassifier.classify(response(200, page, contentType: "text/html"))
            Issue.record("an HTML page must not be parsed as OSM")
        } catch {
            guard case .server(200, let message?) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(message.contains("www.openstreetmap.org"))
        }
    }

    /// An authenticating proxy (or a private server) in front of Overpass refuses the
    /// credentials: there is no OSM key, so the message says what to check instead.
    @Test(arguments: [
        (401, "HTTP 401 Unauthorized"), (403, "HTTP 403 Forbidden"), (407, "HTTP 407 Proxy Authentication Required"),
    ])
    func refusedCredentialsAreUnauthorized(status: Int, answer: String) {
        let page = response(status, "<html><head><title>Login required</title></head></html>", contentType: "text/html")
        do {
            _ = try OverpassResponseClassifier.classify(page)
            Issue.record("\(status) must fail")
        } catch {
            guard case .unauthorized(let detail) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(detail.contains("refused the credentials sent (\(answer))"))
            #expect(detail.contains("OpenStreetMap needs no key"))
            #expect(detail.contains("proxy"))
            #expect(detail.contains("VENUES_OVERPASS_URL / overpass.url"))
            #expect(error.message.hasPrefix("not authorised: the Overpass endpoint refused the credentials"))
        }
    }

    @Test func rateLimitedWaitsAtLeastThirtySeconds() {
        // Synthesised from the server's XHTML error template (no real 429 capture exists).
        let page = OverpassTest.errorPage([OverpassTest.rateLimitedMessage])
        #expect(throws: ProviderError.rateLimited(retryAfter: 30)) {
            try OverpassResponseClassifier.classify(response(429, page, contentType: "text/html"))
        }
        #expect(throws: ProviderError.rateLimited(retryAfter: 45)) {
            try OverpassResponseClassifier.classify(
                response(429, page, contentType: "text/html", headers: ["Retry-After": "45"])
            )
        }
    }

    @Test func gatewayTimeoutIsServerBusy() {
        // Synthesised from the server's XHTML error template (no real 504 capture exists).
        let page = OverpassTest.errorPage([OverpassTest.busyMessage])
        do {
            _ = try OverpassResponseClassifier.classify(response(504, page, contentType: "text/html"))
            Issue.record("504 must fail")
        } catch {
            guard case .server(504, let message?) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(message.contains("too busy"))
            #expect(message.contains("Dispatcher_Client::request_read_and_idx::timeout"))
        }
    }

    @Test func notAcceptableExplainsTheUserAgent() {
        do {
            _ = try OverpassResponseClassifier.classify(
                response(406, "<html><body>Not Acceptable</body></html>", contentType: "text/html")
            )
            Issue.record("406 must fail")
        } catch {
            guard case .badRequest(let message) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(message.contains("User-Agent"))
        }
    }

    @Test func validAnswerPassesWithoutNotes() throws {
        let response = try fixtureResponse(200, "real-small.xml", contentType: "application/osm3s+xml")
        let (body, notes) = try OverpassResponseClassifier.classify(response)
        #expect(body == response.body)
        #expect(notes.isEmpty)
    }
}

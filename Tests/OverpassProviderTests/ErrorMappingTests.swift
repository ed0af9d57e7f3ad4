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

    @Test func anythingElseIn200IsAnErrorQuotingTheBody() {
        let json = response(200, #"{"elements": []}"#, contentType: "application/json")
        #expect(
            throws: ProviderError.server(
                status: 200,
                message: #"the answer is not OSM XML (application/json): {"elements": []}"#
            )
        ) {
            try OverpassResponseClassifier.classify(json)
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

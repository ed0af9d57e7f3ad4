import Foundation
import Testing
import VenuesCore
import VenuesHTTP

@testable import FoursquareProvider

@Suite("Foursquare Link headers and error mapping (pure)")
struct PagingAndErrorTests {
    let page = URL(string: "https://places-api.foursquare.com/places/search?ll=1,2")!

    @Test("rel=next found in any Link header, any case, among several links")
    func nextLink() {
        var headers = HTTPHeaders()
        headers.add(name: "link", value: #"<https://places-api.foursquare.com/places/search?cursor=a>; rel="prev""#)
        headers.add(
            name: "LINK",
            value:
                #"<https://places-api.foursquare.com/help?x=1,2>; rel="help", <https://places-api.foursquare.com/places/search?cursor=c3I6MTA&ll=55.75%2C37.61>; rel="next""#
        )
        let next = FoursquarePaging.nextLink(in: headers, relativeTo: page)
        #expect(
            next?.absoluteString == "https://places-api.foursquare.com/places/search?cursor=c3I6MTA&ll=55.75%2C37.61"
        )
        #expect(next.flatMap(FoursquarePaging.cursor) == "c3I6MTA")
    }

    @Test("unquoted rel, several relation types, relative targets")
    func variants() {
        let unquoted: HTTPHeaders = ["Link": "</places/search?cursor=b>; rel=next"]
        #expect(
            FoursquarePaging.nextLink(in: unquoted, relativeTo: page)?.absoluteString
                == "https://places-api.foursquare.com/places/search?cursor=b"
        )
        let several: HTTPHeaders = ["Link": #"<?cursor=z>; title="a, b"; rel="last NEXT""#]
        #expect(FoursquarePaging.nextLink(in: several, relativeTo: page).flatMap(FoursquarePaging.cursor) == "z")
    }

    @Test("no next link", arguments: ["", "garbage", #"<https://x/y>; rel="prev""#, #"<>; rel="next""#])
    func none(value: String) {
        let headers: HTTPHeaders = value.isEmpty ? [:] : ["Link": value]
        #expect(FoursquarePaging.nextLink(in: headers, relativeTo: page) == nil)
    }

    @Test(
        "only the configured scheme, host and port may receive the key",
        arguments: [
            ("https://places-api.foursquare.com/places/search?cursor=1", true),
            ("https://PLACES-API.foursquare.com:443/places/search?cursor=1", true),
            ("http://places-api.foursquare.com/places/search?cursor=1", false),
            ("https://places-api.foursquare.com:8443/places/search", false),
            ("https://evil.example/places/search?cursor=1", false),
            ("https://places-api.foursquare.com.evil.example/places/search", false),
            ("https://user@places-api.foursquare.com/places/search", false),
        ]
    )
    func hostCheck(url: String, allowed: Bool) {
        let configuration = FoursquareProvider.Configuration(apiKey: testKey)
        #expect(FoursquarePaging.isOnConfiguredHost(URL(string: url)!, configuration: configuration) == allowed)
    }

    private func error(
        _ status: Int,
        _ body: String,
        headers: HTTPHeaders = [:],
        lookup: VenueID? = nil,
        api: FoursquareProvider.Configuration.API = .places20250617
    ) -> ProviderError {
        FoursquareErrors.error(
            for: HTTPResponse(status: status, headers: headers, body: Data(body.utf8)),
            lookup: lookup,
            configuration: .init(apiKey: testKey, api: api)
        )
    }

    @Test("401 names FOURSQUARE_API_KEY and carries the message, never the key")
    func unauthorized() throws {
        let result = error(401, try fixtureText("error-401-invalid-token.json"))
        guard case .unauthorized(let message) = result else {
            Issue.record("got \(result)")
            return
        }
        #expect(message.contains("FOURSQUARE_API_KEY"))
        #expect(message.contains("Synthetic: the key in Authorization was not accepted."))
        #expect(message.contains("v3"))  // hint: an fsq3 key needs the legacy API
        #expect(!texts(of: result).contains(testKey))
        let legacyError = error(401, "", api: .v3)
        guard case .unauthorized(let legacy) = legacyError else {
            Issue.record("a v3 401 is not unauthorized: \(legacyError)")
            return
        }
        #expect(legacy.contains("2025-06-17"))  // hint: a service key needs the new API
    }

    @Test("402 is unauthorized: the account cannot pay; names the variable and the body's message, never the key")
    func paymentRequired() {
        let result = error(402, #"{"message": "Synthetic: no credit left for \#(testKey)."}"#)
        guard case .unauthorized(let message) = result else {
            Issue.record("402 is not unauthorized: \(result)")
            return
        }
        #expect(message.contains("cannot pay"))
        #expect(message.contains("HTTP 402"))
        #expect(message.contains("FOURSQUARE_API_KEY"))
        #expect(message.contains("Synthetic: no credit left for ***."))
        #expect(!texts(of: result).contains(testKey))
    }

    @Test("403 says the key is not allowed, with the body's message")
    func forbidden() throws {
        guard case .unauthorized(let message) = error(403, try fixtureText("error-403-restricted.json")) else {
            Issue.record("403 is not unauthorized")
            return
        }
        #expect(message.contains("not allowed"))
        #expect(message.contains("FOURSQUARE_API_KEY"))
        #expect(message.contains("This endpoint is not available for your account."))
    }

    @Test("429 is rateLimited with Retry-After seconds, or without")
    func rateLimited() {
        #expect(error(429, "{}", headers: ["Retry-After": "7"]) == .rateLimited(retryAfter: 7))
        #expect(error(429, "") == .rateLimited(retryAfter: nil))
    }

    @Test("400 is badRequest with Foursquare's message")
    func badRequest() throws {
        #expect(
            error(400, try fixtureText("error-400-invalid-ll.json"))
                == .badRequest("Invalid ll parameter: latitude must be between -90 and 90.")
        )
    }

    @Test("404 is notFound for a lookup, a bad endpoint for a search")
    func notFound() throws {
        let id = try VenueID(provider: .foursquare, native: "abc")
        #expect(error(404, try fixtureText("error-404-place-not-found.json"), lookup: id) == .notFound(id))
        guard case .badRequest(let message) = error(404, "") else {
            Issue.record("search 404 is not badRequest")
            return
        }
        #expect(message.contains("base URL"))
    }

    @Test("5xx is server with the message, or the start of a non-JSON body")
    func server() throws {
        #expect(
            error(503, #"{"message": "Service unavailable"}"#) == .server(status: 503, message: "Service unavailable")
        )
        let html = error(502, try fixtureText("error-502-gateway.html"))
        guard case .server(502, let message?) = html else {
            Issue.record("got \(html)")
            return
        }
        #expect(message.hasPrefix("<html> <head><title>502 Bad Gateway</title>"))
        #expect(!message.contains("\r") && !message.contains("\n"))
    }

    @Test("a long raw body is cut to 200 characters")
    func truncation() {
        let result = error(500, String(repeating: "x", count: 5000))
        guard case .server(500, let message?) = result else {
            Issue.record("a 500 with a body is not server(500, message): \(result)")
            return
        }
        #expect(message.count == 201)
        #expect(message.hasSuffix("…"))
    }

    @Test(
        "a body that echoes the key is scrubbed",
        arguments: [
            #"{"message": "Invalid token \#(testKey)"}"#, "Bearer \(testKey) rejected",
        ]
    )
    func scrubbed(body: String) {
        for status in [400, 401, 403, 418, 500, 503] {
            let result = error(status, body)
            #expect(!texts(of: result).contains(testKey), "HTTP \(status)")
            #expect(texts(of: result).contains("***"), "HTTP \(status)")
        }
    }
}

import Foundation
import GooglePlacesProvider
import Testing
import VenuesCore
import VenuesHTTP

@Suite("Error mapping")
struct ErrorMappingTests {
    static let lookupID = try! VenueID(provider: .google, native: "SyntheticHEL-missing")

    func map(_ fixture: String, status: Int, headers: HTTPHeaders = [:], lookup: VenueID? = nil) throws -> ProviderError
    {
        let response = HTTPResponse(status: status, headers: headers, body: try Fixtures.data(fixture))
        return GooglePlacesErrors.error(for: response, apiKey: Harness.apiKey, lookup: lookup)
    }

    @Test func missingFieldMaskIsBadRequestWithGooglesMessage() throws {
        let error = try map("error-400-missing-field-mask.json", status: 400)
        guard case .badRequest(let message) = error else {
            Issue.record("got \(error)")
            return
        }
        #expect(message.hasPrefix("FieldMask is a required parameter."))
    }

    @Test func unsupportedTypeIsBadRequest() throws {
        #expect(
            try map("error-400-unsupported-type.json", status: 400) == .badRequest("Unsupported types: attraction.")
        )
    }

    @Test(arguments: [
        ("error-400-api-key-invalid.json", 400, "API_KEY_INVALID"),
        ("error-403-api-key-ios-app-blocked.json", 403, "API_KEY_IOS_APP_BLOCKED"),
        ("error-403-missing-key.json", 403, "PERMISSION_DENIED"),
        ("error-403-service-disabled.json", 403, "SERVICE_DISABLED"),
    ])
    func keyProblemsAreUnauthorizedNamingTheVariable(fixture: String, status: Int, label: String) throws {
        let error = try map(fixture, status: status)
        guard case .unauthorized(let message) = error else {
            Issue.record("\(fixture): got \(error)")
            return
        }
        #expect(message.contains("GOOGLE_PLACES_API_KEY"))
        #expect(message.contains(label))
        #expect(!message.contains(Harness.apiKey))
    }

    @Test func resourceExhaustedIsRateLimitedWithRetryAfter() throws {
        #expect(
            try map("error-429-resource-exhausted.json", status: 429, headers: ["Retry-After": "30"])
                == .rateLimited(retryAfter: 30)
        )
        #expect(try map("error-429-resource-exhausted.json", status: 429) == .rateLimited(retryAfter: nil))
    }

    @Test func internalAndUnavailableAreServerErrors() throws {
        #expect(
            try map("error-500-internal.json", status: 500)
                == .server(status: 500, message: "INTERNAL: Internal error encountered.")
        )
        let unavailable = try map("error-503-unavailable.json", status: 503)
        guard case .server(503, _) = unavailable else {
            Issue.record("got \(unavailable)")
            return
        }
    }

    @Test func notFoundOnLookupIsNotFound() throws {
        #expect(try map("error-404-not-found.json", status: 404, lookup: Self.lookupID) == .notFound(Self.lookupID))
        #expect(try map("error-404-not-found.json", status: 404).kind == "invalidResponse")
    }

    @Test func theKindComesFromStatusNotFromTheMessage() {
        func envelope(_ status: String, _ message: String, code: Int) -> ProviderError {
            let body = #"{"error": {"code": \#(code), "status": "\#(status)", "message": "\#(message)"}}"#
            return GooglePlacesErrors.error(
                for: HTTPResponse(status: code, body: Data(body.utf8)),
                apiKey: Harness.apiKey
            )
        }
        #expect(
            envelope("INVALID_ARGUMENT", "API key not valid. Please pass a valid API key.", code: 400).kind
                == "badRequest"
        )
        #expect(envelope("UNAVAILABLE", "Permission denied for this key", code: 503).kind == "server")
        #expect(envelope("RESOURCE_EXHAUSTED", "Internal error", code: 429).kind == "rateLimited")
    }

    @Test func nonJSONBodiesFallBackToTheHTTPStatus() {
        func plain(_ status: Int, _ text: String) -> ProviderError {
            GooglePlacesErrors.error(
                for: HTTPResponse(status: status, body: Data(text.utf8)),
                apiKey: Harness.apiKey
            )
        }
        #expect(
            plain(502, "<html><body>Bad Gateway</body></html>")
                == .server(status: 502, message: "<html><body>Bad Gateway</body></html>")
        )
        #expect(plain(400, "nope").kind == "invalidResponse")
        #expect(plain(404, "<!DOCTYPE html>").kind == "invalidResponse")
        #expect(plain(401, "Unauthorized").kind == "unauthorized")
        #expect(plain(429, "slow down") == .rateLimited(retryAfter: nil))
    }

    @Test func anEchoedKeyIsScrubbedFromMessages() {
        let body =
            #"{"error": {"code": 400, "status": "INVALID_ARGUMENT", "message": "bad key \#(Harness.apiKey) given"}}"#
        let error = GooglePlacesErrors.error(
            for: HTTPResponse(status: 400, body: Data(body.utf8)),
            apiKey: Harness.apiKey
        )
        #expect(error == .badRequest("bad key *** given"))
        let plain = GooglePlacesErrors.error(
            for: HTTPResponse(status: 500, body: Data("proxy failed for key=\(Harness.apiKey)".utf8)),
            apiKey: Harness.apiKey
        )
        #expect(!plain.message.contains(Harness.apiKey))
    }
}

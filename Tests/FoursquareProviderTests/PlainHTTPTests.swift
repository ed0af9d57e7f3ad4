import Foundation
import Synchronization
import Testing
import VenuesCore
import VenuesHTTP

@testable import FoursquareProvider

/// Counts the requests it is handed and answers none of them.
private final class CountingClient: HTTPClient {
    let sent = Mutex(0)
    func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        sent.withLock { $0 += 1 }
        throw .unreachable("no network in this test")
    }
}

@Suite("Foursquare: the key never travels over plain http to another machine")
struct PlainHTTPTests {
    @Test("a plain http base URL that is not loopback is refused before anything is sent")
    func refusedElsewhere() async throws {
        let client = CountingClient()
        let provider = FoursquareProvider(
            configuration: testConfiguration(baseURL: URL(string: "http://places.example.com")!),
            httpClient: client
        )
        do {
            _ = try await provider.nearby(VenueQuery(center: helsinki))
            Issue.record("expected a refusal")
        } catch {
            #expect(error.kind == "badRequest")
            #expect(error.message.contains("unencrypted"), "\(error.message)")
            #expect(!error.message.contains(testKey))
        }
        #expect(client.sent.withLock { $0 } == 0)
    }

    @Test("plain http to a loopback address is sent (tests, local proxies)")
    func loopbackAllowed() async throws {
        let client = CountingClient()
        let provider = FoursquareProvider(
            configuration: testConfiguration(baseURL: URL(string: "http://127.0.0.1:9")!),
            httpClient: client
        )
        _ = try? await provider.nearby(VenueQuery(center: helsinki))
        #expect(client.sent.withLock { $0 } == 1)
    }
}

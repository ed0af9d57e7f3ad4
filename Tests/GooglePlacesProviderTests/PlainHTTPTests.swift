import Foundation
import Synchronization
import Testing
import VenuesCore
import VenuesHTTP

@testable import GooglePlacesProvider

/// Counts the requests it is handed and answers none of them.
private final class CountingClient: HTTPClient {
    let sent = Mutex(0)
    func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        sent.withLock { $0 += 1 }
        throw .unreachable("no network in this test")
    }
}

@Suite("Google Places: the key never travels over plain http to another machine")
struct PlainHTTPTests {
    static let center = try! Coordinate(latitude: 60.1699, longitude: 24.9384)

    fileprivate static func provider(_ url: String, _ client: CountingClient) -> GooglePlacesProvider {
        GooglePlacesProvider(
            configuration: .init(apiKey: Harness.apiKey, baseURL: URL(string: url)!, maxPages: 1),
            httpClient: client
        )
    }

    @Test("a plain http base URL that is not loopback is refused before anything is sent")
    func refusedElsewhere() async throws {
        let client = CountingClient()
        do {
            _ = try await Self.provider("http://places.example.com", client).nearby(VenueQuery(center: Self.center))
            Issue.record("expected a refusal")
        } catch {
            #expect(error.kind == "badRequest")
            #expect(error.message.contains("unencrypted"), "\(error.message)")
            #expect(!error.message.contains(Harness.apiKey))
        }
        #expect(client.sent.withLock { $0 } == 0)
    }

    @Test("plain http to a loopback address is sent (tests, local proxies)")
    func loopbackAllowed() async throws {
        let client = CountingClient()
        _ = try? await Self.provider("http://127.0.0.1:9", client).nearby(VenueQuery(center: Self.center))
        #expect(client.sent.withLock { $0 } == 1)
    }
}

import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import VenuesServer
import VenuesServerTestSupport

/// The router alone, without a socket (HummingbirdTesting's `.router`): every route of the one
/// list is routed with its method, the clients' routes behind the token, the rest open; what is
/// not in the list is not found. The tests that need a socket (timeouts, the process, the page in
/// a browser) keep their live server.
@Suite("The router, without a socket")
struct RouterTests {
    /// A server with no provider set up, its store in memory.
    static func application() throws -> some ApplicationProtocol {
        let server = try VenuesServer(
            settings: ServerSettings(),
            configuration: RunningServer.configuration(),
            store: InMemoryServerStore()
        )
        return server.makeApplication()
    }

    @Test func everyRouteOfTheListIsRoutedWithItsMethod() async throws {
        try await Self.application().test(.router) { client in
            for route in APIRoute.allCases {
                let uri = route.path.replacingOccurrences(of: "{id}", with: "osm:node/1")
                let status = try await client.execute(uri: uri, method: route.method) { $0.status }
                if route.needsClient {
                    // Routed behind the token: refused before any provider is asked.
                    #expect(status == .unauthorized, "\(route): \(route.method) \(uri)")
                } else {
                    #expect(status != .notFound && status != .unauthorized, "\(route): \(route.method) \(uri)")
                }
            }
        }
    }

    @Test func theOpenRoutesAnswerWithTheirDocuments() async throws {
        try await Self.application().test(.router) { client in
            try await client.execute(uri: "/healthz", method: .get) { response in
                #expect(response.status == .ok)
            }
            try await client.execute(uri: "/openapi.json", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
                let document = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                #expect(document?["openapi"] != nil)
            }
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("text/html") == true)
                #expect(response.headers[.contentSecurityPolicy]?.contains("script-src") == true)
            }
        }
    }

    @Test func whatTheListDoesNotHoldIsNotFound() async throws {
        try await Self.application().test(.router) { client in
            for uri in ["/v1/nowhere", "/v2/nearby", "/healthz/more", "/favicon.png"] {
                let status = try await client.execute(uri: uri, method: .get) { $0.status }
                #expect(status == .notFound, "\(uri)")
            }
        }
    }
}

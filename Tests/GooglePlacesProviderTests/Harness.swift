import Foundation
import GooglePlacesProvider
import VenuesCore
import VenuesHTTP
import VenuesTestSupport

/// How test requests reach the fake Google server.
enum Transport: String, CaseIterable, Sendable, CustomStringConvertible {
    /// Straight into the fake, through an `HTTPClient` that never opens a socket.
    case inProcess
    /// Over real HTTP: `CurlHTTPClient` to a `LoopbackServer` on 127.0.0.1.
    case loopback

    var description: String { rawValue }
}

/// A provider wired to a fresh fake Google server.
struct Harness: Sendable {
    static let apiKey = "test-key-DO-NOT-LEAK-7f3a9c"
    static let helsinki = try! Coordinate(latitude: 60.171634, longitude: 24.944295)

    let fake: FakeGooglePlaces
    let provider: GooglePlacesProvider
    private let stopAction: @Sendable () async -> Void

    init(fake: FakeGooglePlaces, provider: GooglePlacesProvider, stop: @escaping @Sendable () async -> Void) {
        self.fake = fake
        self.provider = provider
        self.stopAction = stop
    }

    static func make(
        _ transport: Transport,
        apiKey: String = Harness.apiKey,
        languageCode: String? = nil,
        maxPages: Int = 3
    ) async throws -> Harness {
        let fake = try FakeGooglePlaces(apiKey: Harness.apiKey)
        switch transport {
        case .inProcess:
            let configuration = GooglePlacesProvider.Configuration(
                apiKey: apiKey,
                baseURL: URL(string: "https://places.example.test")!,
                languageCode: languageCode,
                maxPages: maxPages
            )
            let provider = GooglePlacesProvider(configuration: configuration, httpClient: InProcessClient(fake: fake))
            return Harness(fake: fake, provider: provider, stop: {})
        case .loopback:
            let server = try await LoopbackServer.start { recorded in
                await fake.respond(GoogleRequest(recorded))
            }
            let configuration = GooglePlacesProvider.Configuration(
                apiKey: apiKey,
                baseURL: server.baseURL,
                languageCode: languageCode,
                maxPages: maxPages
            )
            let provider = GooglePlacesProvider(configuration: configuration, httpClient: CurlHTTPClient())
            return Harness(fake: fake, provider: provider, stop: { await server.stop() })
        }
    }

    func stop() async { await stopAction() }

    var requests: [GoogleRequest] {
        get async { await fake.received }
    }
}

/// An `HTTPClient` that hands requests to the fake without any network.
struct InProcessClient: HTTPClient {
    let fake: FakeGooglePlaces

    func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        if Task.isCancelled { throw .cancelled }
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.lowercased()] = field.value }
        let recorded = GoogleRequest(
            method: request.method.rawValue,
            path: components?.path ?? request.url.path,
            query: (components?.queryItems ?? []).map { (name: $0.name, value: $0.value ?? "") },
            headers: headers,
            body: request.body ?? Data()
        )
        let stub = await fake.respond(recorded)
        return HTTPResponse(status: stub.status, headers: HTTPHeaders(stub.headers), body: stub.body)
    }
}

extension GoogleRequest {
    /// A request the loopback server received.
    init(_ recorded: RecordedRequest) {
        self.init(
            method: recorded.method,
            path: recorded.path,
            query: recorded.query,
            headers: recorded.headers,
            body: recorded.body
        )
    }
}

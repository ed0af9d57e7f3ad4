import Foundation
import Logging
import Synchronization
import VenuesConfig
import VenuesCore
import VenuesEngine
import VenuesServer
import VenuesServerStore
import VenuesServerTestSupport
import VenuesTestSupport

/// A `venues serve` running in the test process on 127.0.0.1 (a free port), with an
/// in-memory store unless given another, the providers pointed at loopback fakes, and a
/// test client holding a valid token.
final class RunningServer: Sendable {
    /// The provider keys the server is configured with: appearing anywhere a client, a log or
    /// the store can see is a leak.
    static let foursquareKey = "FSQKEY-serve-3c1f9e7a5b2d4c6e8f0a1b3c"
    static let googleKey = "GOOGKEY-serve-9a8b7c6d5e4f3a2b1c0d9e8f"

    let server: VenuesServer
    let store: any ServerStore
    let port: Int
    let logs: LogLines
    /// A client with the token of ``clientName``.
    let client: TestHTTPClient
    /// The client the token belongs to.
    let clientName = "alice"
    let token: String
    private let task: Task<Void, any Error>

    private init(
        server: VenuesServer,
        store: any ServerStore,
        port: Int,
        logs: LogLines,
        token: String,
        task: Task<Void, any Error>
    ) {
        self.server = server
        self.store = store
        self.port = port
        self.logs = logs
        self.token = token
        self.task = task
        client = TestHTTPClient(port: port, token: token)
    }

    /// The configuration that points every provider at its fake (providers without a fake
    /// are left out of the defaults).
    static func configuration(
        foursquare: FakeProvider? = nil,
        google: FakeProvider? = nil,
        overpass: FakeProvider? = nil
    ) -> VenuesConfiguration {
        var configuration = VenuesConfiguration(catalog: ProviderRegistry.standard.catalog)
        configuration.timeout = 60
        configuration[.openStreetMap].set("useIndexes", .flag(false))
        var providers: [ProviderID] = []
        if let foursquare {
            configuration[.foursquare].set("url", .text(foursquare.server.baseURL.absoluteString))
            configuration[.foursquare].set("apiKey", .secret(foursquareKey), source: "test")
            providers.append(.foursquare)
        }
        if let google {
            configuration[.google].set("url", .text(google.server.baseURL.absoluteString))
            configuration[.google].set("apiKey", .secret(googleKey), source: "test")
            providers.append(.google)
        }
        if let overpass {
            configuration[.openStreetMap].set("url", .text(overpass.server.url("/api/interpreter").absoluteString))
            providers.append(.openStreetMap)
        }
        configuration.providers = providers
        return configuration
    }

    /// Starts a server; `settings` adjusts the defaults (tokens, a 30 s read timeout).
    static func start(
        registry: ProviderRegistry = .standard,
        configuration: VenuesConfiguration,
        store: any ServerStore = InMemoryServerStore(),
        settings adjust: (inout ServerSettings) -> Void = { _ in }
    ) async throws -> RunningServer {
        var settings = ServerSettings()
        settings.port = 0
        adjust(&settings)
        let logs = LogLines()
        var logger = Logger(label: "venues.serve.test") { _ in logs.handler() }
        logger.logLevel = .debug
        let server = try VenuesServer(
            settings: settings,
            registry: registry,
            configuration: configuration,
            store: store,
            logger: logger
        )
        try await store.migrate()
        let token = BearerToken.generate()
        do throws(ServerStoreError) {
            try await store.createClient(name: "alice", tokenHash: BearerToken.hash(token), createdAt: Date())
        } catch {
            // A second server on the same store: its tests make tokens of their own (``token(for:)``).
            guard case .duplicateClient = error else { throw error }
        }
        let listening = PortBox()
        let task = Task {
            try await server.run(handlesSignals: false) { port in listening.set(port) }
        }
        let port = try await listening.wait(atMost: .seconds(60))
        return RunningServer(server: server, store: store, port: port, logs: logs, token: token, task: task)
    }

    /// A second client's token (a new client named `name`, with its own rate limit if given).
    func token(for name: String, rateLimit: RateLimit? = nil) async throws -> String {
        let token = BearerToken.generate()
        try await store.createClient(
            name: name,
            tokenHash: BearerToken.hash(token),
            createdAt: Date(),
            rateLimit: rateLimit
        )
        return token
    }

    /// Stops the server and waits for it.
    func stop() async {
        task.cancel()
        _ = try? await task.value
    }
}

/// The port a server reports once it listens.
final class PortBox: Sendable {
    private let port = Mutex<Int?>(nil)

    func set(_ value: Int) { port.withLock { $0 = value } }

    func wait(atMost bound: Duration) async throws -> Int {
        let giveUp = ContinuousClock.now + bound
        while ContinuousClock.now < giveUp {
            if let port = port.withLock({ $0 }) { return port }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw HarnessError.notListening
    }
}

enum HarnessError: Error {
    case notListening
}

/// Every log line a server wrote (message and metadata), for checks that nothing secret is
/// logged and that lines carry the request id.
final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])

    var all: [String] { lines.withLock { $0 } }

    func append(_ line: String) { lines.withLock { $0.append(line) } }

    func handler() -> Handler { Handler(sink: self) }

    struct Handler: LogHandler {
        let sink: LogLines
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(
            level: Logger.Level,
            message: Logger.Message,
            metadata extra: Logger.Metadata?,
            source: String,
            file: String,
            function: String,
            line: UInt
        ) {
            let all = metadata.merging(extra ?? [:]) { $1 }
            let rendered = all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            sink.append("\(level) \(message) \(rendered)")
        }
    }
}

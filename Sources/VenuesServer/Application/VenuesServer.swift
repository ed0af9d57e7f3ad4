import Foundation
public import Hummingbird
public import Logging
import NIOCore
import ServiceLifecycle
public import VenuesConfig
public import VenuesEngine
public import VenuesHTTP
public import VenuesServerStore

/// `venues serve`: the venue engine over HTTP for many clients, with the provider keys kept on
/// the server (see `docs/server.md` and `docs/architecture.md`).
///
/// Build it with the settings, the providers' configuration and a store, then ``run()`` it:
/// it migrates the store, listens, and on SIGTERM or SIGINT stops accepting connections,
/// lets the requests in flight finish (within ``ServerSettings/shutdownGrace``), closes the
/// store and returns. ``makeApplication(onListening:)`` gives the Hummingbird application
/// alone, for embedding it in a service group of your own.
public struct VenuesServer: Sendable {
    /// How it runs.
    public let settings: ServerSettings
    /// Its metrics (what `/metrics` shows).
    public let metrics: ServerMetrics
    let services: ServerServices
    let storeService: StoreService
    let logger: Logger

    /// A server offering the providers of `registry` (by default this build's). Throws
    /// ``ServerSetupError`` for settings it refuses (one implicit client on an address other
    /// than loopback).
    public init(
        settings: ServerSettings,
        registry: ProviderRegistry = .standard,
        configuration: VenuesConfiguration,
        store: any ServerStore,
        httpClient: any HTTPClient = CurlHTTPClient(),
        logger: Logger = Logger(label: "venues.serve")
    ) throws(ServerSetupError) {
        if case .single = settings.authentication, !ServerSettings.isLoopback(settings.host) {
            throw .openServerNeedsLoopback(host: settings.host)
        }
        self.settings = settings
        self.logger = logger
        let metrics = ServerMetrics()
        self.metrics = metrics
        let monitor = StoreMonitor(store: store, logger: logger)
        let usage = UsageMeter(now: settings.clock)
        let budgets = ProviderBudgets(
            configuration: configuration,
            store: monitor,
            metrics: metrics,
            now: settings.clock
        )
        let upstream = UpstreamCalls(
            store: monitor,
            cacheTimeToLive: configuration.cache.ttl,
            concurrency: registry.catalog.profiles.reduce(into: settings.providerConcurrency) { limits, profile in
                if limits[profile.id] == nil, let limit = profile.sharedConcurrency { limits[profile.id] = limit }
            },
            defaultConcurrency: settings.defaultProviderConcurrency,
            budgets: budgets,
            usage: usage,
            metrics: metrics,
            logger: logger
        )
        let providers = ProviderSet(
            registry: registry,
            configuration: configuration,
            httpClient: httpClient,
            osmIndexDirectory: settings.osmIndexDirectory,
            upstream: upstream,
            budgets: budgets,
            usage: usage,
            metrics: metrics
        )
        for line in providers.reasonLines { logger.notice("\(line)") }
        services = ServerServices(
            registry: registry,
            configuration: configuration,
            providers: providers,
            store: monitor,
            upstream: upstream,
            rendered: RenderedListings(),
            budgets: budgets,
            usage: usage,
            rateLimiter: ClientRateLimiter(),
            metrics: metrics,
            logger: logger
        )
        storeService = StoreService(
            monitor: monitor,
            logger: logger,
            usage: usage,
            migrationTimeLimit: settings.migrationTimeLimit
        )
    }

    /// The router with every route of ``APIRoute`` and the middleware.
    func makeRouter() -> Router<ServerRequestContext> {
        let router = Router(context: ServerRequestContext.self)
        router.add(middleware: ObservingMiddleware(metrics: metrics))
        router.add(middleware: BodyLimitMiddleware())
        let listings = ListingRoutes(services: services)
        let venues = VenueRoutes(services: services)
        let suggestions = SuggestRoutes(services: services)
        let favorites = FavoriteRoutes(services: services)
        let operational = OperationalRoutes(services: services)
        let authentication = ClientAuthentication(
            mode: settings.authentication,
            store: services.store,
            memo: TokenMemo()
        )
        let rateLimit = RateLimitMiddleware(
            limiter: services.rateLimiter,
            defaultLimit: settings.defaultRateLimit,
            usage: services.usage,
            metrics: metrics,
            now: settings.clock
        )
        let clientsOnly = router.group().add(middleware: authentication).add(middleware: rateLimit)
        let mcp = MCPRoutes(
            services: services,
            routes: ServerToolBackend.Routes(
                nearby: listings.nearby,
                search: listings.search,
                venue: venues.show,
                favorites: favorites.list,
                putFavorite: favorites.put,
                deleteFavorite: favorites.delete
            ),
            indexDirectory: settings.osmIndexDirectory
        )
        clientsOnly.on(RouterPath(MCPRoutes.path), method: .post, use: mcp.post)
        clientsOnly.on(RouterPath(MCPRoutes.path), method: .get, use: mcp.notAllowed)
        clientsOnly.on(RouterPath(MCPRoutes.path), method: .delete, use: mcp.notAllowed)
        for route in APIRoute.allCases {
            let handler: @Sendable (Request, ServerRequestContext) async throws -> Response =
                switch route {
                case .page: { operational.page($0, context: $1) }
                case .favicon: { operational.favicon($0, context: $1) }
                case .nearby: listings.nearby
                case .search: listings.search
                case .suggest: suggestions.suggest
                case .venue: venues.show
                case .favorites: favorites.list
                case .putFavorite: favorites.put
                case .deleteFavorite: favorites.delete
                case .healthz: { operational.health($0, context: $1) }
                case .readyz: operational.readiness
                case .metrics: { operational.metrics($0, context: $1) }
                case .openAPI: { operational.openAPI($0, context: $1) }
                }
            if route.needsClient {
                clientsOnly.on(RouterPath(route.routerPath), method: route.method, use: handler)
            } else {
                router.on(RouterPath(route.routerPath), method: route.method, use: handler)
            }
        }
        return router
    }

    /// The Hummingbird application: HTTP/1.1 with the read timeout, on the settings' address.
    /// `onListening` is told the port once the server listens.
    public func makeApplication(
        onListening: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let readTimeout = TimeAmount.nanoseconds(
            settings.readTimeout.components.seconds * 1_000_000_000 + settings.readTimeout.components.attoseconds
                / 1_000_000_000
        )
        return Application(
            router: makeRouter(),
            server: .http1(configuration: .init(additionalChannelHandlers: [RequestReadTimeout(timeout: readTimeout)])),
            configuration: .init(address: .hostname(settings.host, port: settings.port), serverName: nil),
            onServerRunning: { channel in
                await onListening(channel.localAddress?.port ?? 0)
            },
            logger: logger
        )
    }

    /// Migrates the store, serves until SIGTERM or SIGINT (when `handlesSignals`; else until
    /// the task is cancelled), then finishes the requests in flight and closes the store.
    /// `onListening` is told the port once the server listens. Throws when the store refuses
    /// to start (a schema newer than this build) or the address cannot be bound.
    public func run(
        handlesSignals: Bool = true,
        onListening: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws {
        do throws(ServerStoreError) {
            try await storeService.migrateOnce()
        } catch {
            guard case .unavailable = error else { throw error }
            // StoreService retries in the background; meanwhile the server answers degraded.
        }
        let application = makeApplication(onListening: onListening)
        var configuration = ServiceGroupConfiguration(
            services: [
                .init(service: storeService),
                .init(service: application, successTerminationBehavior: .gracefullyShutdownGroup),
            ],
            gracefulShutdownSignals: handlesSignals ? [.sigterm, .sigint] : [],
            cancellationSignals: [],
            logger: logger
        )
        configuration.maximumGracefulShutdownDuration = settings.shutdownGrace
        try await ServiceGroup(configuration: configuration).run()
    }
}

public import Hummingbird

/// Every route of the API: the one list the router is built from, and that the committed
/// OpenAPI file is checked against (a test fails when either has a route the other lacks).
public enum APIRoute: String, CaseIterable, Sendable {
    case page, favicon, nearby, search, suggest, venue, favorites, putFavorite, deleteFavorite, healthz, readyz,
        metrics, openAPI

    /// The HTTP method.
    public var method: HTTPRequest.Method {
        switch self {
        case .putFavorite: .put
        case .deleteFavorite: .delete
        default: .get
        }
    }

    /// The path as the OpenAPI file writes it (`/v1/venues/{id}`).
    public var path: String {
        switch self {
        case .page: "/"
        case .favicon: "/favicon.ico"
        case .nearby: "/v1/nearby"
        case .search: "/v1/search"
        case .suggest: "/v1/suggest"
        case .venue: "/v1/venues/{id}"
        case .favorites: "/v1/favorites"
        case .putFavorite, .deleteFavorite: "/v1/favorites/{id}"
        case .healthz: "/healthz"
        case .readyz: "/readyz"
        case .metrics: "/metrics"
        case .openAPI: "/openapi.json"
        }
    }

    /// The path as the router matches it. A venue id may hold a slash (`osm:node/123`), so
    /// `{id}` is the rest of the path, slashes and all (`%2F` works too).
    var routerPath: String {
        path.replacingOccurrences(of: "{id}", with: "**")
    }

    /// Whether the route needs an authenticated client (everything under `/v1`).
    public var needsClient: Bool { path.hasPrefix("/v1/") }

    /// The template of a router path, for metrics (`/v1/venues/**` → `/v1/venues/{id}`).
    static func label(forRouterPath routerPath: String) -> String {
        templates[routerPath] ?? routerPath
    }

    private static let templates: [String: String] = Dictionary(
        allCases.map { ($0.routerPath, $0.path) },
        uniquingKeysWith: { first, _ in first }
    )
}

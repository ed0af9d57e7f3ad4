import Foundation
import HTTPTypes
import Hummingbird
import VenuesCore
import VenuesEngine
import VenuesOutput
import VenuesServerStore

/// The routes for people and tools: `/` (the map page with its search form, which calls the
/// API with the token the user pastes), `/favicon.ico` (the page's icon), `/healthz` (the
/// process answers), `/readyz` (the store answers; which providers this server can ask and the
/// imported indexes it answers from; 503 with the reason if not), `/metrics` (Prometheus text)
/// and `/openapi.json` (the committed OpenAPI 3.1 description of this API).
struct OperationalRoutes: Sendable {
    let services: ServerServices

    /// The served map page (`ServedMapPage`): static, holding no data and no token, with its
    /// strict Content-Security-Policy.
    func page(_ request: Request, context: ServerRequestContext) -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: ServedMapPage.contentType,
                .contentSecurityPolicy: ServedMapPage.contentSecurityPolicy,
                HTTPField.Name("X-Content-Type-Options")!: "nosniff",
                HTTPField.Name("Referrer-Policy")!: "strict-origin-when-cross-origin",
                .cacheControl: "no-cache",
            ],
            body: .init(byteBuffer: Self.pageBytes)
        )
    }

    private static let pageBytes = ByteBuffer(string: ServedMapPage.html)

    func health(_ request: Request, context: ServerRequestContext) -> Response {
        JSONResponse.make(#"{"status":"ok"}"#)
    }

    func readiness(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let budgets: [BudgetStatus]
        do throws(ServerStoreError) {
            try await services.store.checkReachable()
            budgets = try await services.budgets.status()
        } catch {
            throw APIError.storeUnavailable(error.reason)
        }
        return JSONResponse.make(
            Self.readyDocument(
                providers: services.providers.order.filter { services.providers.available[$0] != nil },
                names: services.registry.descriptors.map { ($0.profile.id, $0.profile.displayName) },
                indexes: services.providers.localData.flatMap { $0.localData() },
                budgets: budgets
            )
        )
    }

    /// `{"status":"ready","providers":["google","osm"],"names":{"google":"Google Places",…},
    /// "indexes":[…],"budgets":[…]}`: the providers set up on this server (keys present, endpoints
    /// valid), in the registry's order — the map page offers only these —, every provider's name
    /// for people (its descriptor's: the page says them, also of a provider not set up here), the
    /// local data sets they answer from (imported OSM and Overture
    /// indexes, each with its provider) and, when budgets are set, each budget's day and month
    /// (spent, remaining, when it is fresh again).
    static func readyDocument(
        providers: [ProviderID],
        names: [(ProviderID, String)] = [],
        indexes: [LocalDataSet],
        budgets: [BudgetStatus] = []
    ) -> String {
        struct Ready: Encodable {
            var status = "ready"
            var providers: [String]
            var names: [String: String]
            var indexes: [LocalDataSet]
            var budgets: [BudgetStatus]?
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let ready = Ready(
            providers: providers.map(\.rawValue),
            names: Dictionary(names.map { ($0.0.rawValue, $0.1) }, uniquingKeysWith: { first, _ in first }),
            indexes: indexes,
            budgets: budgets.isEmpty ? nil : budgets
        )
        guard let data = try? encoder.encode(ready) else { return #"{"status":"ready"}"# }
        return String(decoding: data, as: UTF8.self)
    }

    /// The page's icon: a red map pin, as an ICO holding one 32×32 PNG.
    func favicon(_ request: Request, context: ServerRequestContext) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "image/x-icon", .cacheControl: "public, max-age=86400"],
            body: .init(byteBuffer: ByteBuffer(bytes: PageIcon.ico))
        )
    }

    func metrics(_ request: Request, context: ServerRequestContext) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: services.metrics.exposition()))
        )
    }

    func openAPI(_ request: Request, context: ServerRequestContext) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: OpenAPIDocument.bytes))
        )
    }
}

/// The OpenAPI 3.1 description of the API, committed as
/// `Sources/VenuesServer/Resources/openapi.json` and built into the binary.
public enum OpenAPIDocument {
    /// The file's bytes.
    public static var bytes: [UInt8] { PackageResources.openapi_json }
}

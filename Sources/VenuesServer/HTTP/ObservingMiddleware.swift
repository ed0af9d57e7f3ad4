import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// The outermost middleware: gives every response the request id (`X-Request-Id`, also in
/// the request's log lines as `hb.request.id`) and, when the store could not be used for it,
/// `Venues-Degraded: store-unavailable`; turns every error into the JSON error shape,
/// logs one line per request (method, path without the query, status, time) and counts it in
/// the metrics by route template.
struct ObservingMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    /// The request id header.
    static let requestIDHeader = HTTPField.Name("X-Request-Id")!
    /// Set when the answer is degraded: `store-unavailable` (no cache, favourites not flagged).
    static let degradedHeader = HTTPField.Name("Venues-Degraded")!

    let metrics: ServerMetrics

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let clock = ContinuousClock()
        let start = clock.now
        var response: Response
        let notes = RequestNotes()
        do {
            response = try await RequestNotes.$current.withValue(notes) {
                try await next(request, context)
            }
        } catch let error as APIError {
            response = error.response()
        } catch let error as any HTTPResponseError {
            response = APIError(error).response()
        } catch {
            context.logger.error("unexpected error: \(String(describing: type(of: error)))")
            response = APIError.internalError().response()
        }
        response.headers[Self.requestIDHeader] = context.id
        if notes.storeProblem != nil { response.headers[Self.degradedHeader] = "store-unavailable" }
        let duration = clock.now - start
        let route = Self.routeLabel(context.endpointPath)
        let status = Int(response.status.code)
        metrics.request(route: route, method: request.method.rawValue, status: status, duration: duration)
        let tenths = duration.components.seconds * 10_000 + duration.components.attoseconds / 100_000_000_000_000
        context.logger.log(
            level: status >= 500 ? .warning : .info,
            "\(request.method.rawValue) \(request.uri.path) \(status) \(tenths / 10).\(tenths % 10) ms"
        )
        return response
    }

    /// The matched route template (`/v1/venues/{id}`), or `unmatched`.
    static func routeLabel(_ endpointPath: String?) -> String {
        guard let endpointPath, endpointPath != "NotFound" else { return "unmatched" }
        return APIRoute.label(forRouterPath: endpointPath)
    }
}

/// Refuses a request whose declared body is larger than the limit before reading it.
struct BodyLimitMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if let declared = request.headers[.contentLength].flatMap({ Int($0) }), declared > ServerLimits.maximumBodyBytes
        {
            throw APIError.payloadTooLarge()
        }
        return try await next(request, context)
    }
}

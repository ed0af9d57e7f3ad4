import Foundation
import Hummingbird
import VenuesCore

/// Holds each client to its rate limit (its token's, else the server's default) and counts its
/// requests: over the limit, 429 with `Retry-After`, the `RateLimit-Policy` and `RateLimit`
/// fields and a JSON error, and nothing is asked of any provider; under it, the request goes on
/// with the same fields on its answer, and its client is bound for the usage counts
/// (``UsageMeter/client``).
///
/// Every authenticated `/v1` request counts, answers from the cache included (they cost the
/// server, not the providers): one limit per client.
struct RateLimitMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    let limiter: ClientRateLimiter
    let defaultLimit: RateLimit?
    let usage: UsageMeter
    let metrics: ServerMetrics
    let now: @Sendable () -> Date

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let client = context.client else { return try await next(request, context) }
        var fields = HTTPFields()
        if let limit = context.rateLimit ?? defaultLimit {
            let decision = limiter.admit(client, limit: limit, now: now())
            fields = RateLimitHeaders.fields(limit, decision)
            guard decision.allowed else {
                metrics.rateLimited(client: client)
                let seconds = max(1, Int(decision.retryAfter.rounded(.up)))
                var error = APIError.rateLimited(
                    "this client's rate limit (\(limit)) is reached: try again in \(seconds) s",
                    retryAfter: Double(seconds)
                )
                error.headers.append(contentsOf: fields)
                throw error
            }
        }
        usage.countRequest(client: client)
        var response = try await UsageMeter.$client.withValue(client) { try await next(request, context) }
        response.headers.append(contentsOf: fields)
        return response
    }
}

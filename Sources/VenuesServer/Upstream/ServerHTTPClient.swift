import VenuesCore
import VenuesHTTP

/// One provider's HTTP client on the server: the usual one, except that
///
/// - a 429 is never retried inside one call. The server pauses the provider for every client
///   instead (see ``UpstreamCalls``), so one client's retries must not spend the provider's
///   patience;
/// - every attempt is counted before it is sent: against the provider's budget (which may
///   refuse it, see ``ProviderBudgets``), in the client's usage and in the metrics.
struct ServerHTTPClient: HTTPClient {
    let base: any HTTPClient
    let provider: ProviderID
    let budgets: ProviderBudgets
    let usage: UsageMeter
    let metrics: ServerMetrics

    func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        var request = request
        request.retry.retryableStatuses.remove(429)
        let (provider, budgets, usage, metrics) = (provider, budgets, usage, metrics)
        request.beforeEachAttempt = AttemptGate { () async throws(HTTPClientError) in
            try await budgets.spend(provider)
            usage.countUpstream(provider)
            metrics.upstreamRequest(provider, client: UsageMeter.client ?? UsageMeter.serverClient)
        }
        return try await base.send(request)
    }
}

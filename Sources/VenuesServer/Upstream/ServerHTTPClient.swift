import VenuesHTTP

/// The providers' HTTP client on the server: the usual one, except that a 429 is never retried
/// inside one call. The server pauses the provider for every client instead (see
/// ``UpstreamCalls``), so one client's retries must not spend the provider's patience.
struct ServerHTTPClient: HTTPClient {
    let base: any HTTPClient

    func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        var request = request
        request.retry.retryableStatuses.remove(429)
        return try await base.send(request)
    }
}

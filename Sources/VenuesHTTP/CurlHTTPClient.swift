/// The ``HTTPClient`` on libcurl.
///
/// Each attempt runs on a thread of its own (never on Swift's cooperative pool), with the
/// request's timeouts, size cap, redirect bound, gzip/deflate decoding, TLS verification and
/// `http`/`https` only. Cancelling the calling task aborts the transfer. Retries follow the
/// request's ``RetryPolicy`` within its ``HTTPRequest/timeout``.
///
/// ```swift
/// let client = CurlHTTPClient()
/// let url = URL(string: "https://overpass-api.de/api/status")!
/// let response = try await client.send(HTTPRequest(url: url, timeout: 10))
/// ```
public final class CurlHTTPClient: HTTPClient {
    /// The User-Agent sent when a request names none.
    public let userAgent: String
    private let retryLoop: RetryLoop
    private let attempt: RetryLoop.Attempt

    /// A client that sends ``VenuesVersion/userAgent`` unless a request sets its own.
    public convenience init() {
        self.init(userAgent: VenuesVersion.userAgent)
    }

    /// A client with its own default User-Agent (requests may still set their own).
    public convenience init(userAgent: String) {
        self.init(userAgent: userAgent, environment: .live)
    }

    /// A client whose retry loop reads time, sleeps and draws randomness from `environment`,
    /// and whose attempts go through `attempt` when given (tests).
    init(userAgent: String, environment: RetryEnvironment, attempt: RetryLoop.Attempt? = nil) {
        self.userAgent = userAgent
        self.retryLoop = RetryLoop(environment: environment)
        self.attempt =
            attempt ?? { request, remaining in
                await CurlTransfer.perform(request, timeout: remaining, userAgent: userAgent)
            }
    }

    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        try await retryLoop.run(request, attempt: attempt)
    }
}

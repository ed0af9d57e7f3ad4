/// The seam between providers and the network.
///
/// Providers build ``HTTPRequest`` values and hand them to an `HTTPClient`; the real one is
/// ``CurlHTTPClient``. Tests use the real client against a loopback server, or any other
/// conforming type.
///
/// Implementation requirements:
/// - Never block Swift's cooperative thread pool while a transfer runs.
/// - Return every completed exchange as an ``HTTPResponse``, whatever its status: deciding
///   what a 404 or a 500 means is the provider's job. Retrying is the client's (see
///   ``RetryPolicy``).
/// - Throw only ``HTTPClientError``; honour task cancellation by aborting the transfer.
public protocol HTTPClient: Sendable {
    /// Sends the request, following redirects and retrying as its policy says.
    func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse
}

/// Transport failures: no HTTP response could be obtained.
public enum HTTPClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// DNS failure, connection refused, network unreachable, TLS handshake failure.
    case unreachable(String)
    /// The request's timeout passed.
    case timedOut
    /// The body exceeded ``HTTPRequest/maxResponseBytes``.
    case responseTooLarge(limit: Int)
    /// More redirects than ``HTTPRequest/maxRedirects``.
    case tooManyRedirects
    /// The connection broke mid-answer, or the answer was not valid HTTP.
    case transport(String)
    /// The calling task was cancelled.
    case cancelled
    /// The request was not sent: the provider's budget of requests is spent (the reason says
    /// which budget and when it resets). See ``HTTPRequest/beforeEachAttempt``.
    case budgetExhausted(String)

    public var description: String {
        switch self {
        case .unreachable(let detail): "cannot connect: \(detail)"
        case .timedOut: "timed out"
        case .responseTooLarge(let limit): "response larger than \(limit) bytes"
        case .tooManyRedirects: "too many redirects"
        case .transport(let detail): "transfer failed: \(detail)"
        case .cancelled: "cancelled"
        case .budgetExhausted(let reason): "not sent: \(reason)"
        }
    }
}

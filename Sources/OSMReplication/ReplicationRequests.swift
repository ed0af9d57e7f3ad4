import Foundation
import VenuesHTTP

/// The HTTP requests of a feed and what their answers mean.
enum ReplicationRequests {
    /// The largest state file accepted: they are about a hundred bytes.
    static let stateFileLimit = 64 * 1024

    /// The longest a connection may take to establish, per attempt.
    static let connectTimeout = 10.0

    /// A `GET` of `url` with the feed's deadline (every attempt included), retries and cap. The
    /// User-Agent (`venues/VERSION`) is the HTTP client's.
    static func get(
        _ url: URL,
        timeout: Double,
        retry: RetryPolicy,
        maxBytes: Int,
        headers: HTTPHeaders = [:]
    )
        -> HTTPRequest
    {
        HTTPRequest(
            url: url,
            headers: headers,
            timeout: timeout,
            connectTimeout: min(connectTimeout, timeout),
            maxResponseBytes: maxBytes,
            retry: retry
        )
    }

    /// A change file's request: `Accept-Encoding: identity`, so that a server compressing on the
    /// fly leaves the gzip file as it is.
    static func changeFile(_ url: URL, timeout: Double, retry: RetryPolicy, maxBytes: Int) -> HTTPRequest {
        get(url, timeout: timeout, retry: retry, maxBytes: maxBytes, headers: ["Accept-Encoding": "identity"])
    }

    /// The body of a 200 answer; 404 and 410 are ``ReplicationError/notFound(url:sequence:)``,
    /// anything else ``ReplicationError/httpStatus(url:status:)``.
    static func body(of response: HTTPResponse, url: String, sequence: Int64?) throws(ReplicationError) -> Data {
        switch response.status {
        case 200: response.body
        case 404, 410: throw .notFound(url: url, sequence: sequence)
        default: throw .httpStatus(url: url, status: response.status)
        }
    }

    /// The error for a transfer that gave no answer. `secrets` (the URL's user name and
    /// password) are removed from the transport's words.
    static func error(
        _ error: HTTPClientError,
        url: String,
        timeout: Double,
        secrets: [String]
    ) -> ReplicationError {
        switch error {
        case .unreachable(let detail): .unreachable(url: url, detail: Redaction.scrub(detail, secrets: secrets))
        case .timedOut: .timedOut(url: url, seconds: timeout)
        case .responseTooLarge(let limit): .tooLarge(url: url, limit: limit)
        case .tooManyRedirects: .transfer(url: url, detail: "too many redirects")
        case .transport(let detail): .transfer(url: url, detail: Redaction.scrub(detail, secrets: secrets))
        case .budgetExhausted(let reason): .transfer(url: url, detail: "not sent: \(reason)")
        case .cancelled: .cancelled
        }
    }
}

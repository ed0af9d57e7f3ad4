public import Foundation

/// One HTTP request as a provider describes it, transport-independent.
public struct HTTPRequest: Sendable, Hashable {
    /// The HTTP method.
    public enum Method: String, Sendable, Hashable {
        case get = "GET"
        case post = "POST"
    }

    public var method: Method
    /// An absolute `http` or `https` URL.
    public var url: URL
    /// Request headers. `User-Agent` is added by the client when absent.
    public var headers: HTTPHeaders
    /// The body for POST requests.
    public var body: Data?
    /// The longest the whole exchange may take, retries and their waits included.
    public var timeout: Double
    /// The longest a connection may take to establish, per attempt.
    public var connectTimeout: Double
    /// The largest response body accepted; a larger one fails with ``HTTPClientError/responseTooLarge(limit:)``.
    public var maxResponseBytes: Int
    /// How many redirects may be followed.
    public var maxRedirects: Int
    /// When and how to try again.
    public var retry: RetryPolicy
    /// Asked before each attempt is sent, retries included: a meter that counts the requests a
    /// provider is sent, and stops them (by throwing) when its budget is spent. By default
    /// ``AttemptGate/open``.
    public var beforeEachAttempt: AttemptGate = .open

    /// Defaults: 10 s in all, 5 s to connect, 20 MiB at most, 5 redirects, ``RetryPolicy/standard``.
    public init(
        method: Method = .get,
        url: URL,
        headers: HTTPHeaders = [:],
        body: Data? = nil,
        timeout: Double = 10,
        connectTimeout: Double = 5,
        maxResponseBytes: Int = 20 * 1024 * 1024,
        maxRedirects: Int = 5,
        retry: RetryPolicy = .standard
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.connectTimeout = connectTimeout
        self.maxResponseBytes = maxResponseBytes
        self.maxRedirects = maxRedirects
        self.retry = retry
    }

    /// `POST url` or `GET url` with sensitive query parameters replaced by `***`: safe to log.
    public var redactedDescription: String {
        "\(method.rawValue) \(Redaction.redact(url: url))"
    }
}

/// Asked before each attempt of a request is sent (``HTTPRequest/beforeEachAttempt``); throws
/// to keep the attempt from being sent.
///
/// Two gates are equal and hash alike, whatever they do: a gate does not make two requests
/// different (the response cache keys requests by what is sent).
public struct AttemptGate: Sendable, Hashable {
    /// Called before each attempt.
    public let check: @Sendable () async throws(HTTPClientError) -> Void

    /// A gate that runs `check` before each attempt.
    public init(_ check: @escaping @Sendable () async throws(HTTPClientError) -> Void) {
        self.check = check
    }

    /// The gate that lets every attempt go.
    public static let open = AttemptGate { () throws(HTTPClientError) in }

    public static func == (lhs: AttemptGate, rhs: AttemptGate) -> Bool { true }

    public func hash(into hasher: inout Hasher) {}
}

/// A response: status, headers and the whole body.
public struct HTTPResponse: Sendable, Hashable {
    /// The final status code (after redirects).
    public var status: Int
    /// The final response's headers.
    public var headers: HTTPHeaders
    /// The decoded body (gzip and deflate already undone).
    public var body: Data

    public init(status: Int, headers: HTTPHeaders = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The body as UTF-8 text (invalid bytes repaired), for error messages.
    public var bodyText: String { String(decoding: body, as: UTF8.self) }
}

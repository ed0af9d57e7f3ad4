/// An ``HTTPClient`` that answers from a ``ResponseCache`` when it can and fills it with the
/// 200 responses it fetches.
///
/// Wrap the real client once and hand the wrapper to every provider:
///
/// ```swift
/// let directory = URL(fileURLWithPath: "/var/cache/my-server/responses", isDirectory: true)
/// let cache = ResponseCache(directory: directory, timeToLive: 15 * 60)
/// let client = CachingHTTPClient(wrapping: CurlHTTPClient(), cache: cache, mode: .normal)
/// ```
///
/// Every method is cached (the providers' POSTs are searches, not changes); see
/// ``ResponseCache`` for what makes two requests the same.
public struct CachingHTTPClient: HTTPClient {
    /// How the cache is used.
    public enum Mode: Sendable, Hashable {
        /// A fresh entry answers without a request; otherwise the request is sent and a 200
        /// response is stored.
        case normal
        /// `--no-cache`: always send the request, never answer from the cache; 200 responses
        /// are still stored, so a later normal or offline run sees them.
        case refresh
        /// `--offline`: never send a request. Any entry answers, however old; without one the
        /// request fails with ``HTTPClientError/unreachable(_:)`` carrying
        /// ``CachingHTTPClient/offlineMissMessage``.
        case offline
    }

    /// The detail of the error thrown in ``Mode/offline`` when nothing is cached for a request.
    /// It reaches users through `ProviderError.unreachable`; match it with ``isOfflineMiss(_:)``.
    public static let offlineMissMessage =
        "offline, and nothing is cached for this query: run it once without --offline first"

    /// Whether an error detail (of ``HTTPClientError/unreachable(_:)`` or
    /// `ProviderError.unreachable`) is the offline cache miss.
    public static func isOfflineMiss(_ detail: String) -> Bool { detail == offlineMissMessage }

    /// The client that sends requests.
    public let upstream: any HTTPClient
    /// Where responses are kept.
    public let cache: ResponseCache
    /// How the cache is used.
    public let mode: Mode

    /// Called with the request and the stored entry whenever the cache answers (for logs).
    public let onHit: (@Sendable (HTTPRequest, ResponseCache.Entry) -> Void)?

    /// Wraps `upstream` (typically ``CurlHTTPClient``); `onHit` is told of every answer taken
    /// from the cache.
    public init(
        wrapping upstream: any HTTPClient,
        cache: ResponseCache,
        mode: Mode = .normal,
        onHit: (@Sendable (HTTPRequest, ResponseCache.Entry) -> Void)? = nil
    ) {
        self.upstream = upstream
        self.cache = cache
        self.mode = mode
        self.onHit = onHit
    }

    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        switch mode {
        case .offline:
            guard let entry = cache.entry(for: request) else {
                throw .unreachable(Self.offlineMissMessage)
            }
            onHit?(request, entry)
            return entry.response
        case .normal:
            if let entry = cache.freshEntry(for: request) {
                onHit?(request, entry)
                return entry.response
            }
        case .refresh:
            break
        }
        let response = try await upstream.send(request)
        if response.status == 200 {
            cache.store(response, for: request)
        }
        return response
    }
}

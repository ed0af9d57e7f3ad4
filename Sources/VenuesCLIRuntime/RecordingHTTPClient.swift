import Foundation
package import VenuesHTTP

/// Passes requests on and remembers them, so that the response cache can forget the answers
/// a provider received but rejected (an HTTP 200 with invalid JSON, an Overpass runtime-error
/// remark or refusal page, …). The cache stores every 200; without this it would replay such
/// a failure, without asking the server again, until the entry expires.
package final class RecordingHTTPClient: HTTPClient, @unchecked Sendable {
    package let base: any HTTPClient
    private let lock = NSLock()
    private var sent: [HTTPRequest] = []

    /// A client that passes requests on to `base`.
    package init(base: any HTTPClient) {
        self.base = base
    }

    package func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        lock.withLock { sent.append(request) }
        return try await base.send(request)
    }

    /// Removes the cached answers to every request sent through this client (nothing when
    /// the base client does not cache).
    package func forgetCachedAnswers() {
        guard let caching = base as? CachingHTTPClient else { return }
        for request in lock.withLock({ sent }) {
            try? FileManager.default.removeItem(at: caching.cache.fileURL(for: request))
        }
    }
}

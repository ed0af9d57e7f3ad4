import Synchronization
import VenuesHTTP

/// An HTTP client that sends nothing: it records each request and answers 404, to show which
/// requests a feed would make (none, for a URL refused).
final class RecordingClient: HTTPClient {
    private let sent = Mutex<[HTTPRequest]>([])

    /// The requests handed to the client so far.
    var requests: [HTTPRequest] { sent.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        sent.withLock { $0.append(request) }
        return HTTPResponse(status: 404)
    }
}

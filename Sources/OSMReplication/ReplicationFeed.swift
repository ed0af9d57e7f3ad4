package import Foundation
package import VenuesHTTP

/// An OpenStreetMap replication feed read over HTTP: planet.osm.org's `replication/minute`,
/// `hour` and `day`, Geofabrik's `…-updates/`, or any folder laid out the same way.
///
/// The folder holds `state.txt`, the newest ``ReplicationState``, and for each sequence `N`
/// the files `AAA/BBB/CCC.osc.gz` (the change file) and `AAA/BBB/CCC.state.txt` (its state),
/// `AAA/BBB/CCC` being `N` as nine digits (``path(sequence:)``).
///
/// ```swift
/// let feed = try ReplicationFeed(
///     url: URL(string: "https://planet.openstreetmap.org/replication/minute")!,
///     client: CurlHTTPClient()
/// )
/// let newest = try await feed.latest()
/// guard let start = try await feed.sequence(atOrBefore: importedDataTime) else {
///     return  // the data is older than anything the feed still has: import a newer extract
/// }
/// for sequence in stride(from: start + 1, through: newest.sequence, by: 1) {
///     let file = folder.appendingPathComponent("\(sequence).osc.gz")
///     _ = try await feed.changeFile(sequence: sequence, to: file, maxBytes: 512 << 20)
/// }
/// ```
///
/// Every request goes through the ``HTTPClient`` given, whose User-Agent (`venues/VERSION`) is
/// sent; hand it one without a response cache, or `state.txt` may be answered stale. Each
/// request has a deadline covering its retries (``defaultRetry``: 429, 500, 502–504 and
/// connection errors) and a size cap. Errors are ``ReplicationError``s; the URLs in them hide a
/// user name and password.
package struct ReplicationFeed: Sendable {
    /// The feed's folder, without a trailing `/`.
    package let url: URL
    /// Sends the requests.
    package let client: any HTTPClient
    /// The longest a state file's request may take, retries included, in seconds.
    package var stateTimeout: Double
    /// The longest a change file's request may take, retries included, in seconds.
    package var changeFileTimeout: Double
    /// When a request is tried again.
    package var retry: RetryPolicy

    /// Three attempts, for 429, 500, 502, 503, 504 and connection errors; 0.5 s backoff unit,
    /// 5 s at most between attempts (`Retry-After` honoured within the deadline).
    package static let defaultRetry = RetryPolicy(
        maxAttempts: 3,
        baseDelay: 0.5,
        maxDelay: 5,
        retryableStatuses: [429, 500, 502, 503, 504],
        retriesConnectionErrors: true
    )

    /// The largest state file accepted, in bytes (64 KiB; they are about a hundred bytes).
    package static let stateFileLimit = ReplicationRequests.stateFileLimit

    /// A feed at `url`, the folder that holds `state.txt` (a URL ending in `/state.txt`, or in
    /// `/`, names the same folder). No request is made.
    ///
    /// - Parameters:
    ///   - url: `https`, or plain `http` to a loopback address only (`127.0.0.0/8`, `::1`,
    ///     `localhost`); `file://` and other schemes are refused, as are a query or a fragment.
    ///     A user name and password in it are sent (HTTP basic authentication) and never shown.
    ///   - client: the HTTP client, e.g. ``CurlHTTPClient``.
    ///   - stateTimeout: the deadline of a state file's request, retries included (default 30 s).
    ///   - changeFileTimeout: the deadline of a change file's request (default 600 s: a day's
    ///     planet change file is about 100 MB).
    ///   - retry: when to try again (default ``defaultRetry``).
    /// - Throws: ``ReplicationError/insecureURL(url:)`` or ``ReplicationError/invalidURL(url:reason:)``.
    package init(
        url: URL,
        client: any HTTPClient,
        stateTimeout: Double = 30,
        changeFileTimeout: Double = 600,
        retry: RetryPolicy = ReplicationFeed.defaultRetry
    ) throws(ReplicationError) {
        self.url = try ReplicationFeedURL.checked(url)
        self.client = client
        self.stateTimeout = stateTimeout
        self.changeFileTimeout = changeFileTimeout
        self.retry = retry
    }

    /// The feed's URL as it may be shown: a user name and password replaced by `***`.
    package var redactedURL: String { Redaction.redact(url: url) }

    /// The newest state, from `state.txt`.
    ///
    /// Throws ``ReplicationError/notFound(url:sequence:)`` (with no sequence) when the server has
    /// no `state.txt` there, ``ReplicationError/malformedState(url:line:reason:)`` when it cannot
    /// be read, and the transfer's errors.
    package func latest() async throws(ReplicationError) -> ReplicationState {
        let file = fileURL("state.txt")
        let data = try await fetch(file, sequence: nil, timeout: stateTimeout, maxBytes: Self.stateFileLimit)
        return try ReplicationStateFile.state(from: data, url: Redaction.redact(url: file))
    }

    /// The state of `sequence`, from `AAA/BBB/CCC.state.txt`.
    ///
    /// Throws ``ReplicationError/notFound(url:sequence:)`` when the server does not have it, and
    /// ``ReplicationError/malformedState(url:line:reason:)`` when the file cannot be read or
    /// names another sequence.
    package func state(sequence: Int64) async throws(ReplicationError) -> ReplicationState {
        let file = try stateURL(sequence: sequence)
        let shown = Redaction.redact(url: file)
        let data = try await fetch(file, sequence: sequence, timeout: stateTimeout, maxBytes: Self.stateFileLimit)
        let state = try ReplicationStateFile.state(from: data, url: shown)
        guard state.sequence == sequence else {
            throw .malformedState(url: shown, line: nil, reason: "it names sequence \(state.sequence)")
        }
        return state
    }

    /// Downloads the change file of `sequence` (`AAA/BBB/CCC.osc.gz`, gzip-compressed
    /// osmChange XML, as it is) to `file`, and returns its size in bytes.
    ///
    /// The bytes are written to a temporary file beside `file`, flushed, then renamed over
    /// `file`: whatever fails, `file` is never left half written. Its folder must exist.
    ///
    /// - Parameter maxBytes: the largest file accepted; a larger one throws
    ///   ``ReplicationError/tooLarge(url:limit:)`` and nothing is written.
    /// - Throws: ``ReplicationError/notFound(url:sequence:)`` when the server does not have it,
    ///   ``ReplicationError/malformedChangeFile(url:reason:)`` when the answer is not gzip,
    ///   ``ReplicationError/cannotWrite(path:reason:)``, and the transfer's errors.
    package func changeFile(sequence: Int64, to file: URL, maxBytes: Int) async throws(ReplicationError) -> Int {
        guard maxBytes >= 1 else { throw .invalidLimit(maxBytes) }
        let source = try changeFileURL(sequence: sequence)
        let shown = Redaction.redact(url: source)
        let request = ReplicationRequests.changeFile(
            source,
            timeout: changeFileTimeout,
            retry: retry,
            maxBytes: maxBytes
        )
        let data = try await send(request, shown: shown, sequence: sequence)
        guard data.starts(with: [0x1F, 0x8B]) else {
            throw .malformedChangeFile(
                url: shown,
                reason: data.isEmpty ? "the answer is empty" : "the answer is not gzip-compressed"
            )
        }
        try await ChangeFileWriter.write(data, to: file)
        return data.count
    }

    /// The URL of a sequence's state file.
    package func stateURL(sequence: Int64) throws(ReplicationError) -> URL {
        fileURL(try Self.path(sequence: sequence) + ".state.txt")
    }

    /// The URL of a sequence's change file.
    package func changeFileURL(sequence: Int64) throws(ReplicationError) -> URL {
        fileURL(try Self.path(sequence: sequence) + ".osc.gz")
    }

    /// A file in the feed's folder (`relative` has no leading `/`).
    private func fileURL(_ relative: String) -> URL {
        // The folder URL was checked and has no query or fragment: appending text keeps it valid.
        URL(string: url.absoluteString + "/" + relative)!
    }

    /// The body of a 200 answer to `GET url`.
    private func fetch(
        _ url: URL,
        sequence: Int64?,
        timeout: Double,
        maxBytes: Int
    ) async throws(ReplicationError)
        -> Data
    {
        let request = ReplicationRequests.get(url, timeout: timeout, retry: retry, maxBytes: maxBytes)
        return try await send(request, shown: Redaction.redact(url: url), sequence: sequence)
    }

    /// Sends the request and returns the body of its 200 answer.
    private func send(_ request: HTTPRequest, shown: String, sequence: Int64?) async throws(ReplicationError) -> Data {
        let response: HTTPResponse
        do throws(HTTPClientError) {
            response = try await client.send(request)
        } catch {
            let secrets = [url.user(percentEncoded: false), url.password(percentEncoded: false)].compactMap { $0 }
            throw ReplicationRequests.error(error, url: shown, timeout: request.timeout, secrets: secrets)
        }
        return try ReplicationRequests.body(of: response, url: shown, sequence: sequence)
    }
}

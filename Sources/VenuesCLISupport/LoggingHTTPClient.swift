package import Logging
package import VenuesHTTP

/// Logs every exchange at debug level with the URL redacted and no headers.
package struct LoggingHTTPClient: HTTPClient {
    let base: any HTTPClient
    let logger: Logger

    /// Sends through `base`, logging to `logger`.
    package init(base: any HTTPClient, logger: Logger) {
        self.base = base
        self.logger = logger
    }

    package func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        let clock = ContinuousClock()
        let start = clock.now
        logger.debug("→ \(request.redactedDescription)")
        do {
            let response = try await base.send(request)
            logger.debug(
                "← \(response.status) \(request.redactedDescription) (\(response.body.count) bytes, \(Milliseconds.since(start, clock: clock)) ms)"
            )
            return response
        } catch {
            logger.debug(
                "✗ \(request.redactedDescription): \(error.description) (\(Milliseconds.since(start, clock: clock)) ms)"
            )
            throw error
        }
    }
}

/// Elapsed wall time in whole milliseconds.
package enum Milliseconds {
    package static func since(_ start: ContinuousClock.Instant, clock: ContinuousClock) -> Int {
        let elapsed = clock.now - start
        return Int(elapsed.components.seconds) * 1000 + Int(elapsed.components.attoseconds / 1_000_000_000_000_000)
    }
}

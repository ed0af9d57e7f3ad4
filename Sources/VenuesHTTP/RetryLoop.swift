import Foundation

/// Where the retry loop reads time, waits and draws random numbers; replaced in tests so that
/// the chosen delays can be checked without real waiting.
struct RetryEnvironment: Sendable {
    /// Monotonic seconds (any origin).
    var now: @Sendable () -> Double
    /// Wall-clock time, for `Retry-After` HTTP dates.
    var date: @Sendable () -> Date
    /// Waits the given seconds; throws when the task is cancelled.
    var sleep: @Sendable (Double) async throws -> Void
    /// A uniformly random number in the range.
    var random: @Sendable (ClosedRange<Double>) -> Double

    /// Real time, `Task.sleep` and the system random source.
    static let live = RetryEnvironment(
        now: { Double(DispatchTime.now().uptimeNanoseconds) / 1_000_000_000 },
        date: { Date() },
        sleep: { seconds in
            try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
        },
        random: { range in Double.random(in: range) }
    )
}

/// Runs attempts of one request until one succeeds, the policy gives up, or the deadline
/// (``HTTPRequest/timeout`` from the first attempt) would be passed.
struct RetryLoop: Sendable {
    /// One attempt with the given seconds left.
    typealias Attempt = @Sendable (HTTPRequest, Double) async -> Result<HTTPResponse, HTTPClientError>

    var environment: RetryEnvironment

    /// Sends the request through `attempt`, retrying as ``HTTPRequest/retry`` says.
    ///
    /// 1. Every completed exchange whose status is not retryable is returned at once.
    /// 2. A retryable status or a retryable transport error is tried again after the
    ///    `Retry-After` the server sent, or after the jittered backoff.
    /// 3. When no attempts are left, or the next wait would end at or after the deadline, the
    ///    last response is returned (or the last error thrown).
    func run(_ request: HTTPRequest, attempt: Attempt) async throws(HTTPClientError) -> HTTPResponse {
        let policy = request.retry
        let deadline = environment.now() + request.timeout
        var attemptNumber = 0
        while true {
            if Task.isCancelled { throw .cancelled }
            attemptNumber += 1
            let remaining = deadline - environment.now()
            guard remaining > 0 else { throw .timedOut }
            try await request.beforeEachAttempt.check()
            let result = await attempt(request, remaining)

            let wait: Double?
            switch result {
            case .success(let response):
                guard policy.retryableStatuses.contains(response.status), attemptNumber < policy.maxAttempts else {
                    return response
                }
                wait = policy.delay(
                    afterAttempt: attemptNumber,
                    retryAfter: response.retryAfter(now: environment.date()),
                    random: environment.random
                )
            case .failure(let error):
                guard policy.retries(error), attemptNumber < policy.maxAttempts else { throw error }
                wait = policy.delay(afterAttempt: attemptNumber, retryAfter: nil, random: environment.random)
            }

            guard let wait, environment.now() + wait < deadline else { return try result.get() }
            do {
                try await environment.sleep(wait)
            } catch {
                throw .cancelled
            }
        }
    }
}

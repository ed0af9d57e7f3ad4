/// When a request is tried again, and how long to wait in between.
///
/// Retries happen for connection errors and for the statuses in ``retryableStatuses``, with
/// exponential backoff and full jitter (a random wait between 0 and
/// `min(maxDelay, baseDelay · 2^attempt)`), or the server's `Retry-After` (seconds or an HTTP
/// date) when it sent one. A retry whose wait would end past the request's timeout is not made.
public struct RetryPolicy: Sendable, Hashable {
    /// Attempts in all, the first included. 1 means never retry.
    public var maxAttempts: Int
    /// The backoff unit in seconds.
    public var baseDelay: Double
    /// The longest wait between attempts in seconds (a longer `Retry-After` is not waited for).
    public var maxDelay: Double
    /// Statuses that are worth another try.
    public var retryableStatuses: Set<Int>
    /// Whether connection errors (refused, reset, DNS) are retried.
    public var retriesConnectionErrors: Bool

    public init(
        maxAttempts: Int,
        baseDelay: Double = 0.25,
        maxDelay: Double = 5,
        retryableStatuses: Set<Int> = [429, 502, 503, 504],
        retriesConnectionErrors: Bool = true
    ) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.retryableStatuses = retryableStatuses
        self.retriesConnectionErrors = retriesConnectionErrors
    }

    /// Three attempts; 429, 502, 503, 504 and connection errors; 0.25 s base, 5 s at most.
    public static let standard = RetryPolicy(maxAttempts: 3)

    /// One attempt only.
    public static let never = RetryPolicy(maxAttempts: 1)
}

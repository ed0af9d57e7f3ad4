import Foundation

extension RetryPolicy {
    /// The jittered exponential backoff after `attempt` failed attempts (1 for the first):
    /// a random wait in `0...min(maxDelay, baseDelay · 2^(attempt − 1))` ("full jitter").
    func backoff(afterAttempt attempt: Int, random: (ClosedRange<Double>) -> Double) -> Double {
        let exponent = Double(min(max(attempt - 1, 0), 30))
        let ceiling = min(maxDelay, baseDelay * pow(2, exponent))
        guard ceiling > 0 else { return 0 }
        return min(ceiling, max(0, random(0...ceiling)))
    }

    /// How long to wait before the next attempt, or `nil` for "do not retry".
    ///
    /// A server's `Retry-After` is waited for exactly, even when it is longer than the backoff,
    /// but only up to ``maxDelay``: a longer one is not waited for.
    func delay(afterAttempt attempt: Int, retryAfter: Double?, random: (ClosedRange<Double>) -> Double) -> Double? {
        if let retryAfter {
            return retryAfter <= maxDelay ? retryAfter : nil
        }
        return backoff(afterAttempt: attempt, random: random)
    }

    /// Whether a transport failure is worth another attempt under this policy.
    func retries(_ error: HTTPClientError) -> Bool {
        switch error {
        case .unreachable, .transport: retriesConnectionErrors
        case .timedOut, .responseTooLarge, .tooManyRedirects, .cancelled, .budgetExhausted: false
        }
    }
}

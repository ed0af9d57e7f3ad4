import Foundation
import Synchronization
import VenuesCore

/// Providers that answered 429, and until when every client leaves them alone.
final class RateLimitPauses: Sendable {
    /// The pause, in seconds, when a provider gives no `Retry-After`, unless set otherwise; also
    /// what a 429 of this server then asks its client to wait.
    static let standardPause: Double = 30

    /// The pause when a provider gives no `Retry-After`.
    let defaultPause: Double

    private let until = Mutex<[ProviderID: Date]>([:])

    init(defaultPause: Double = RateLimitPauses.standardPause) {
        self.defaultPause = defaultPause
    }

    /// Pauses `provider` for `retryAfter` seconds (or ``defaultPause``) from `now`; an earlier
    /// pause that lasts longer stays.
    func pause(_ provider: ProviderID, retryAfter: Double?, now: Date) {
        let end = now.addingTimeInterval(max(0, retryAfter ?? defaultPause))
        until.withLock { until in
            if let current = until[provider], current >= end { return }
            until[provider] = end
        }
    }

    /// Seconds left of `provider`'s pause at `now`, or `nil` when it is not paused.
    func remaining(_ provider: ProviderID, now: Date) -> Double? {
        until.withLock { until in
            guard let end = until[provider] else { return nil }
            let left = end.timeIntervalSince(now)
            if left <= 0 {
                until[provider] = nil
                return nil
            }
            return left
        }
    }
}

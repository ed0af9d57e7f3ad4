import Foundation
import Synchronization
import VenuesCore

/// Each client's request rate, as a token bucket per client name (GCRA: one instant per client,
/// the time at which its bucket is full again).
///
/// A limit of `requests` per `seconds` with bursts of `burst` lets a quiet client make `burst`
/// requests at once, then one every `seconds / requests`. Counted per server instance: with
/// several servers behind a balancer, a client may make up to the limit at each.
final class ClientRateLimiter: Sendable {
    /// What the limiter decided for one request.
    struct Decision: Sendable, Equatable {
        /// Whether the request may go on.
        var allowed: Bool
        /// Requests the client may still make at once.
        var remaining: Int
        /// Seconds until the bucket is full again (the window's reset, for `RateLimit`).
        var reset: Double
        /// Seconds until one more request is allowed, when this one is not.
        var retryAfter: Double
    }

    /// When each client's bucket is full again ("theoretical arrival time").
    private let fullAt = Mutex<[String: Date]>([:])

    init() {}

    /// Counts one request of `client` under `limit` at `now`, unless it is over the limit.
    func admit(_ client: String, limit: RateLimit, now: Date) -> Decision {
        let interval = Double(limit.seconds) / Double(limit.requests)
        let capacity = interval * Double(limit.burst)
        return fullAt.withLock { fullAt in
            if fullAt.count > 100_000 { fullAt = fullAt.filter { $0.value > now } }
            let full = max(fullAt[client] ?? now, now)
            let after = full.addingTimeInterval(interval)
            let debt = after.timeIntervalSince(now)
            guard debt <= capacity + 1e-9 else {
                let backlog = full.timeIntervalSince(now)
                return Decision(
                    allowed: false,
                    remaining: 0,
                    reset: backlog,
                    retryAfter: max(0, debt - capacity)
                )
            }
            fullAt[client] = after
            let remaining = Int(((capacity - debt) / interval + 1e-9).rounded(.down))
            return Decision(allowed: true, remaining: max(0, remaining), reset: debt, retryAfter: 0)
        }
    }
}

/// How many requests a client may make: `requests` in every `seconds`, and at most `burst` at
/// once after a quiet spell (a token bucket that holds `burst` and refills at the rate).
public struct RateLimit: Sendable, Hashable, CustomStringConvertible {
    /// Requests per window.
    public var requests: Int
    /// The window in seconds (60 for `/min`).
    public var seconds: Int
    /// The most requests at once.
    public var burst: Int

    /// A limit of `requests` per `seconds`, bursts of `burst` (at least 1 each).
    public init(requests: Int, seconds: Int, burst: Int) {
        self.requests = max(1, requests)
        self.seconds = max(1, seconds)
        self.burst = max(1, burst)
    }

    /// `120/min`, `2/s`, `1000/h`, `5000/day` with a burst; `nil` for any other text.
    public init?(rate text: String, burst: Int?) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let requests = Int(parts[0]), requests >= 1,
            let seconds = Self.windows[parts[1].lowercased()]
        else { return nil }
        if let burst, burst < 1 { return nil }
        self.init(requests: requests, seconds: seconds, burst: burst ?? requests)
    }

    /// `120/min burst 20`.
    public var description: String {
        let unit: String? =
            switch seconds {
            case 1: "s"
            case 60: "min"
            case 3600: "h"
            case 86400: "day"
            default: nil
            }
        return "\(requests)/\(unit ?? "\(seconds)s") burst \(burst)"
    }

    private static let windows: [String: Int] = [
        "s": 1, "sec": 1, "second": 1, "m": 60, "min": 60, "minute": 60, "h": 3600, "hour": 3600, "day": 86400,
    ]
}

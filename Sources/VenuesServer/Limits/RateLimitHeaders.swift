import HTTPTypes
import VenuesCore

/// The `RateLimit-Policy` and `RateLimit` fields of draft-ietf-httpapi-ratelimit-headers
/// (structured fields): the client's quota `q` per window `w` seconds, and what is left `r`
/// with the seconds `t` until the quota is whole again.
///
/// ```
/// RateLimit-Policy: "client";q=120;w=60
/// RateLimit: "client";r=17;t=9
/// ```
enum RateLimitHeaders {
    static let policyName = HTTPField.Name("RateLimit-Policy")!
    static let limitName = HTTPField.Name("RateLimit")!

    /// The two fields for `limit` after `decision`.
    static func fields(_ limit: RateLimit, _ decision: ClientRateLimiter.Decision) -> HTTPFields {
        var fields = HTTPFields()
        fields[policyName] = "\"client\";q=\(limit.requests);w=\(limit.seconds)"
        fields[limitName] = "\"client\";r=\(decision.remaining);t=\(Int(decision.reset.rounded(.up)))"
        return fields
    }
}

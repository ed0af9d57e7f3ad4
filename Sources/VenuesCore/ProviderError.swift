/// Everything that can go wrong inside a provider, in kinds a user can act on.
///
/// Providers map transport failures, HTTP statuses and bad payloads onto these cases; the
/// aggregator reports them per provider and never lets one provider's error hide another
/// provider's venues. Messages never contain an API key.
public enum ProviderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No connection could be made: DNS failure, connection refused, network down.
    case unreachable(String)
    /// The provider did not answer within its deadline.
    case timedOut
    /// The key is missing, wrong or not allowed (HTTP 401/403). The message names the
    /// environment variable or setting to fix, never the key itself.
    case unauthorized(String)
    /// The provider asked us to slow down (HTTP 429); when to try again, in seconds, if it said.
    case rateLimited(retryAfter: Double?)
    /// The provider rejected the request (HTTP 400) with this message.
    case badRequest(String)
    /// The provider's settings point at something that cannot be used — a local data file
    /// that does not exist, say — so the setting, not the request or the network, needs
    /// fixing. The message names the setting's value and stands alone (no generic prefix).
    case misconfigured(String)
    /// The provider failed (HTTP 5xx, or an error it reported inside a 200 answer).
    case server(status: Int, message: String?)
    /// The answer could not be understood: not JSON/XML, the wrong shape, too large, truncated.
    case invalidResponse(String)
    /// The provider cannot do this (text search, lookup by id, locating the caller…).
    case unsupported(String)
    /// The provider has no venue with this id.
    case notFound(VenueID)
    /// The request was cancelled by the caller.
    case cancelled
    /// The provider was not asked: the budget of requests its operator allows (per day or per
    /// month) is spent. The message says which budget and when it resets.
    case budgetExhausted(String)

    /// A stable, machine-readable name for the kind: the `error.kind` of the JSON output.
    public var kind: String {
        switch self {
        case .unreachable: "unreachable"
        case .timedOut: "timedOut"
        case .unauthorized: "unauthorized"
        case .rateLimited: "rateLimited"
        case .badRequest: "badRequest"
        case .misconfigured: "misconfigured"
        case .server: "server"
        case .invalidResponse: "invalidResponse"
        case .unsupported: "unsupported"
        case .notFound: "notFound"
        case .cancelled: "cancelled"
        case .budgetExhausted: "budgetExhausted"
        }
    }

    /// A one-line message for people.
    public var message: String {
        switch self {
        case .unreachable(let detail): "cannot connect: \(detail)"
        case .timedOut: "no answer within the timeout"
        case .unauthorized(let detail): "not authorised: \(detail)"
        case .rateLimited(let retryAfter):
            if let retryAfter {
                "rate limited: try again in \(Int(retryAfter.rounded(.up))) s"
            } else {
                "rate limited: try again later"
            }
        case .badRequest(let detail): "request rejected: \(detail)"
        case .misconfigured(let detail): detail
        case .server(let status, let detail):
            if let detail, !detail.isEmpty {
                "server error (HTTP \(status)): \(detail)"
            } else {
                "server error (HTTP \(status))"
            }
        case .invalidResponse(let detail): "invalid response: \(detail)"
        case .unsupported(let detail): "not supported: \(detail)"
        case .notFound(let id): "no venue with id \(id)"
        case .cancelled: "cancelled"
        case .budgetExhausted(let detail): "budget spent: \(detail)"
        }
    }

    public var description: String { message }
}

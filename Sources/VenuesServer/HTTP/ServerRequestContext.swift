public import Hummingbird
public import VenuesCore

/// The request context of `venues serve`: Hummingbird's core storage plus the client the
/// bearer token named (set by the authentication middleware on `/v1` routes).
public struct ServerRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The authenticated client's name; `nil` before authentication and on open routes.
    public var client: String?
    /// The client's own rate limit, when its token carries one.
    public var rateLimit: RateLimit?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
    }

    /// Request bodies larger than this are refused with 413.
    public var maxUploadSize: Int { ServerLimits.maximumBodyBytes }
}

/// Fixed limits of the server.
public enum ServerLimits {
    /// The largest request body accepted: 64 KiB.
    public static let maximumBodyBytes = 64 * 1024
}

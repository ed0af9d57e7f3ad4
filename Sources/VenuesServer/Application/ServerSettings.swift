public import Foundation
public import VenuesCore

/// How `venues serve` runs: where it listens, who may use it, and its limits. The providers'
/// own settings (keys, endpoints, timeouts, cache time to live) come from the
/// `VenuesConfiguration` beside it.
public struct ServerSettings: Sendable {
    /// The address to bind: `127.0.0.1` by default (loopback only).
    public var host: String = "127.0.0.1"
    /// The port; 0 picks a free one (the server says which when it listens).
    public var port: Int = 8080
    /// Bearer tokens, or one implicit client (loopback hosts only).
    public var authentication: AuthenticationMode = .tokens
    /// How long a connection may take to deliver a whole request (and how long it may stay
    /// idle between requests) before the server closes it.
    public var readTimeout: Duration = .seconds(30)
    /// How long one attempt at migrating the store's schema at start-up may take (store calls
    /// are bounded by the stores themselves: PostgreSQL 5 s, SQLite's 10 s busy timeout).
    public var migrationTimeLimit: Duration = .seconds(30)
    /// At most this many calls to a provider at once, per provider, over the limits the
    /// providers' descriptors ask for (`ProviderProfile.sharedConcurrency`: Overpass's operator
    /// asks for at most 2).
    public var providerConcurrency: [ProviderID: Int] = [:]
    /// The limit for providers neither in ``providerConcurrency`` nor limited by their
    /// descriptors.
    public var defaultProviderConcurrency = 8
    /// How long in-flight requests may take to finish after SIGTERM/SIGINT.
    public var shutdownGrace: Duration = .seconds(30)
    /// The folder of imported OpenStreetMap indexes, where the providers that answer from
    /// imported indexes find theirs (Overture's beside it), each as its own `useIndexes` says.
    public var osmIndexDirectory: URL?
    /// The rate limit of clients whose token carries none (`nil`: no limit).
    public var defaultRateLimit: RateLimit?
    /// The wall clock: what rate limits, budget periods and usage days are counted by
    /// (replaced in tests, to cross a day's or a month's end without waiting for it).
    public var clock: @Sendable () -> Date = Date.init

    /// The defaults.
    public init() {}

    /// Whether `host` is a loopback address (`127.0.0.0/8`, `::1`, `localhost`).
    public static func isLoopback(_ host: String) -> Bool {
        let lowered = host.lowercased()
        if lowered == "localhost" || lowered == "::1" || lowered == "[::1]" { return true }
        let parts = lowered.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }
}

/// Settings the server refuses to start with.
public enum ServerSetupError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One implicit client is allowed only on a loopback address.
    case openServerNeedsLoopback(host: String)

    public var description: String {
        switch self {
        case .openServerNeedsLoopback(let host):
            "--no-auth is allowed only on a loopback address (127.0.0.1, ::1 or localhost), not \(host): anyone who can reach the server would use it as you"
        }
    }
}

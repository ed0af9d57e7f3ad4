import Foundation
import PostgresNIO
import VenuesServerStore
internal import _ConnectionPoolModule

/// postgres-nio's errors as ``ServerStoreError``s: `unavailable` for everything about reaching
/// the server (refused, closed, shutting down, wrong password, no such database), `failed` for
/// what the server said about a statement. Messages name the server (`host:port`), never the
/// password.
struct PostgresErrorMapping: Sendable {
    /// `host:port`.
    let endpoint: String
    /// Text removed from every message (the password).
    let secrets: [String]

    /// The store error for anything a query or transaction threw.
    func storeError(_ error: any Error) -> ServerStoreError {
        scrubbed(unscrubbed(error))
    }

    /// Whether `error` says only that the pool has no connection to give (it has been failing
    /// to open one for a while), not why.
    static func isMissingConnection(_ error: any Error) -> Bool {
        (error as? ConnectionPoolError) == .connectionCreationCircuitBreakerTripped
    }

    private func unscrubbed(_ error: any Error) -> ServerStoreError {
        switch error {
        case let error as ServerStoreError:
            return error
        case let error as PostgresTransactionError:
            let inner = error.closureError ?? error.beginError ?? error.commitError ?? error.rollbackError
            return inner.map(unscrubbed) ?? .failed("a transaction failed")
        case let error as PSQLError:
            return psqlError(error)
        case let error as ConnectionPoolError:
            switch error {
            case .connectionCreationCircuitBreakerTripped:
                return .unavailable("PostgreSQL at \(endpoint) has refused connections for a while; still retrying")
            case .poolShutdown:
                return .unavailable("the store is closed")
            default:
                return .unavailable("no connection to PostgreSQL at \(endpoint) (the request was cancelled)")
            }
        case is CancellationError:
            return .unavailable("the call to PostgreSQL at \(endpoint) was cancelled")
        case let error as PostgresDecodingError:
            return .failed("a value read from PostgreSQL has an unexpected type (column \(error.columnName))")
        default:
            return .failed("PostgreSQL at \(endpoint): \(String(describing: type(of: error)))")
        }
    }

    private func psqlError(_ error: PSQLError) -> ServerStoreError {
        switch error.code {
        case .server:
            let state = error.serverInfo?[.sqlState] ?? ""
            let message = error.serverInfo?[.message] ?? "an error"
            let text = "PostgreSQL at \(endpoint): \(message) (SQLSTATE \(state))"
            return Self.isAboutReachingTheServer(sqlState: state) ? .unavailable(text) : .failed(text)
        case .connectionError:
            let reason = error.underlying.map(Self.networkReason) ?? "no reason given"
            return .unavailable("cannot connect to PostgreSQL at \(endpoint): \(reason)")
        case .serverClosedConnection, .uncleanShutdown, .clientClosedConnection:
            return .unavailable("the connection to PostgreSQL at \(endpoint) closed")
        case .poolClosed:
            return .unavailable("the store is closed")
        case .queryCancelled:
            return .unavailable("the call to PostgreSQL at \(endpoint) was cancelled")
        case .sslUnsupported:
            return .unavailable("PostgreSQL at \(endpoint) does not offer TLS, which sslmode=require asks for")
        case .unsupportedAuthMechanism, .authMechanismRequiresPassword, .saslError:
            return .unavailable("cannot log in to PostgreSQL at \(endpoint) (\(error.code))")
        default:
            return .failed("PostgreSQL at \(endpoint): \(error.code)")
        }
    }

    /// A short reason for a failed connection: `connection refused`, `timed out`, `cannot
    /// resolve db.example.org: …`, rather than NIO's full account of every address tried.
    static func networkReason(_ error: any Error) -> String {
        switch error {
        case let error as NIOConnectionError:
            let reasons = Set(error.connectionErrors.map { networkReason($0.error) }).sorted()
            if !reasons.isEmpty { return reasons.joined(separator: "; ") }
            if let failure = error.dnsAError ?? error.dnsAAAAError {
                return "cannot resolve \(error.host): \(networkReason(failure))"
            }
            return "no address found for \(error.host)"
        case let error as IOError:
            return String(cString: strerror(error.errnoCode)).lowercased()
        case let error as ChannelError:
            if case .connectTimeout = error { return "timed out" }
            return "\(error)"
        default:
            return "\(error)"
        }
    }

    /// Connection exceptions (class 08), the server shutting down or starting (57P0x), too many
    /// connections (53300), refused logins (class 28) and a missing database (3D000): all
    /// things that may be right again later, without a change to venues.
    static func isAboutReachingTheServer(sqlState: String) -> Bool {
        sqlState.hasPrefix("08") || sqlState.hasPrefix("28") || sqlState.hasPrefix("57P")
            || ["53300", "3D000"].contains(sqlState)
    }

    private func scrubbed(_ error: ServerStoreError) -> ServerStoreError {
        func clean(_ text: String) -> String {
            secrets.reduce(text) { text, secret in
                secret.isEmpty ? text : text.replacingOccurrences(of: secret, with: "***")
            }
        }
        switch error {
        case .unavailable(let reason): return .unavailable(clean(reason))
        case .failed(let reason): return .failed(clean(reason))
        case .duplicateClient, .schemaTooNew: return error
        }
    }
}

import Foundation
import Hummingbird
import Synchronization
import VenuesServerStore

/// Who may use the `/v1` routes.
public enum AuthenticationMode: Sendable, Equatable {
    /// Clients send `Authorization: Bearer TOKEN`; the token's hash must name a client.
    case tokens
    /// Every request is the one client of this name (`--no-auth`, loopback only).
    case single(client: String)
}

/// Finds the client of a request from its bearer token, or refuses it with 401.
///
/// Tokens are looked up by their SHA-256 in the store. A token seen valid in the last
/// ``TokenMemo/freshFor`` seconds is not looked up again (so a revoked token stops working
/// within that time); while the store is unavailable, tokens seen valid in the last
/// ``TokenMemo/degradedGrace`` are still accepted, others are answered 503.
struct ClientAuthentication: RouterMiddleware {
    typealias Context = ServerRequestContext

    let mode: AuthenticationMode
    let store: StoreMonitor
    let memo: TokenMemo

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        switch mode {
        case .single(let client):
            context.client = client
        case .tokens:
            let client = try await client(of: request)
            context.client = client.name
            context.rateLimit = client.rateLimit
        }
        return try await next(request, context)
    }

    private func client(of request: Request) async throws -> ServerClient {
        guard let header = request.headers[.authorization] else {
            throw APIError.unauthorized(
                "a bearer token is required: send Authorization: Bearer TOKEN (an operator makes one with venues serve token create NAME)"
            )
        }
        guard let token = BearerToken.token(fromAuthorization: header) else {
            throw APIError.unauthorized("the Authorization header is not of the form Bearer TOKEN")
        }
        let hash = BearerToken.hash(token)
        let now = Date()
        if let client = memo.fresh(hash, now: now) { return client }
        let found: ServerClient?
        do throws(ServerStoreError) {
            found = try await store.call { store throws(ServerStoreError) in try await store.client(tokenHash: hash) }
        } catch {
            guard case .unavailable(let reason) = error else { throw APIError.storeUnavailable(error.description) }
            if let client = memo.known(hash, now: now) {
                RequestNotes.current?.storeUnavailable(reason)
                return client
            }
            throw APIError.storeUnavailable("\(reason); the token cannot be checked")
        }
        guard let found else {
            memo.forget(hash)
            throw APIError.unauthorized("the bearer token is not valid: it was revoked or never made")
        }
        memo.remember(hash, client: found, now: now)
        return found
    }
}

/// Tokens recently found valid, by hash (never the token itself).
final class TokenMemo: Sendable {
    /// Seconds a valid token is trusted without asking the store again (1 s by default: a
    /// revoked token stops working within it, and a client at thousands of requests a second
    /// costs the store one lookup a second).
    let freshFor: Double
    /// Seconds a token seen valid is still trusted while the store is unavailable.
    let degradedGrace: Double

    private struct Entry {
        var client: ServerClient
        var checkedAt: Date
    }

    private let entries = Mutex<[TokenHash: Entry]>([:])

    init(freshFor: Double = 1, degradedGrace: Double = 600) {
        self.freshFor = freshFor
        self.degradedGrace = degradedGrace
    }

    func fresh(_ hash: TokenHash, now: Date) -> ServerClient? {
        entries.withLock { entries in
            guard let entry = entries[hash], now.timeIntervalSince(entry.checkedAt) < freshFor else { return nil }
            return entry.client
        }
    }

    func known(_ hash: TokenHash, now: Date) -> ServerClient? {
        entries.withLock { entries in
            guard let entry = entries[hash], now.timeIntervalSince(entry.checkedAt) < degradedGrace else { return nil }
            return entry.client
        }
    }

    func remember(_ hash: TokenHash, client: ServerClient, now: Date) {
        entries.withLock { entries in
            if entries.count > 10_000 { entries.removeAll() }
            entries[hash] = Entry(client: client, checkedAt: now)
        }
    }

    func forget(_ hash: TokenHash) {
        _ = entries.withLock { $0.removeValue(forKey: hash) }
    }
}

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
        if let trusted = memo.fresh(hash, now: now) {
            if trusted.checkAgain { Task { await checkAgain(hash) } }
            return trusted.client
        }
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

    /// Looks a trusted token up again ahead of its time, in the background: the requests that
    /// use it meanwhile go on without waiting for the store.
    private func checkAgain(_ hash: TokenHash) async {
        let startedAt = Date()
        do throws(ServerStoreError) {
            let found = try await store.call { store throws(ServerStoreError) in
                try await store.client(tokenHash: hash)
            }
            if let found { memo.remember(hash, client: found, now: startedAt) } else { memo.forget(hash) }
        } catch {
            memo.checkFailed(hash)
        }
    }
}

/// Tokens recently found valid, by hash (never the token itself).
///
/// A token past half its ``freshFor`` is checked again ahead, by one request in the background
/// while the others go on: a busy client's token never expires under its requests, so they
/// never all wait for the store at once.
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

    private struct State {
        var entries: [TokenHash: Entry] = [:]
        /// Tokens being checked again ahead.
        var checking: Set<TokenHash> = []
    }

    /// What ``fresh(_:now:)`` found.
    struct Trusted {
        /// The token's client.
        var client: ServerClient
        /// Whether this caller checks the token again ahead (it is past half its time and no
        /// one else is): it then ends with ``remember(_:client:now:)``, ``forget(_:)`` or
        /// ``checkFailed(_:)``.
        var checkAgain: Bool
    }

    private let state = Mutex(State())

    init(freshFor: Double = 1, degradedGrace: Double = 600) {
        self.freshFor = freshFor
        self.degradedGrace = degradedGrace
    }

    func fresh(_ hash: TokenHash, now: Date) -> Trusted? {
        state.withLock { state in
            guard let entry = state.entries[hash] else { return nil }
            let age = now.timeIntervalSince(entry.checkedAt)
            guard age < freshFor else { return nil }
            let checkAgain = age >= freshFor / 2 && state.checking.insert(hash).inserted
            return Trusted(client: entry.client, checkAgain: checkAgain)
        }
    }

    func known(_ hash: TokenHash, now: Date) -> ServerClient? {
        state.withLock { state in
            guard let entry = state.entries[hash], now.timeIntervalSince(entry.checkedAt) < degradedGrace else {
                return nil
            }
            return entry.client
        }
    }

    func remember(_ hash: TokenHash, client: ServerClient, now: Date) {
        state.withLock { state in
            state.checking.remove(hash)
            if state.entries.count > 10_000 { state.entries.removeAll() }
            // A check that began earlier than the one kept does not replace it.
            if let kept = state.entries[hash], kept.checkedAt > now { return }
            state.entries[hash] = Entry(client: client, checkedAt: now)
        }
    }

    func forget(_ hash: TokenHash) {
        state.withLock { state in
            state.checking.remove(hash)
            state.entries.removeValue(forKey: hash)
        }
    }

    /// A check ahead ended without an answer: the next request past half time checks again.
    func checkFailed(_ hash: TokenHash) {
        _ = state.withLock { $0.checking.remove(hash) }
    }
}

import Synchronization
import VenuesCore

/// At most `limit` holders at a time; the others wait in arrival order. A waiter whose task is
/// cancelled leaves the queue and throws `CancellationError`.
final class ConcurrencyLimit: Sendable {
    /// How many may hold a slot at once.
    let limit: Int

    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var holders = 0
        var waiters: [Waiter] = []
        var nextID: UInt64 = 0
        /// Callers between asking and queueing; one removed from here before it queues was
        /// cancelled meanwhile and must not queue.
        var arriving: Set<UInt64> = []
    }

    private let state = Mutex(State())

    /// A limit of `limit` (at least 1).
    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Runs `body` holding a slot.
    func withSlot<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        try await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async throws {
        try Task.checkCancellation()
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            state.arriving.insert(state.nextID)
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome = state.withLock { state -> Bool? in
                    guard state.arriving.remove(id) != nil else { return false }
                    if state.holders < limit, state.waiters.isEmpty {
                        state.holders += 1
                        return true
                    }
                    state.waiters.append(Waiter(id: id, continuation: continuation))
                    return nil
                }
                switch outcome {
                case true?: continuation.resume()
                case false?: continuation.resume(throwing: CancellationError())
                case nil: break
                }
            }
        } onCancel: {
            let removed = state.withLock { state -> Waiter? in
                if state.arriving.remove(id) != nil { return nil }
                // Queued: leave the queue. Granted already: nothing to undo.
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index)
            }
            removed?.continuation.resume(throwing: CancellationError())
        }
    }

    private func release() {
        let next = state.withLock { state -> Waiter? in
            if state.waiters.isEmpty {
                state.holders -= 1
                return nil
            }
            // The slot passes straight to the first waiter.
            return state.waiters.removeFirst()
        }
        next?.continuation.resume()
    }
}

/// One ``ConcurrencyLimit`` per provider: the configured ones, and a default for the rest.
final class ConcurrencyLimits: Sendable {
    private let configured: [ProviderID: ConcurrencyLimit]
    private let defaultLimit: Int
    private let others = Mutex<[ProviderID: ConcurrencyLimit]>([:])

    init(configured: [ProviderID: Int], otherwise defaultLimit: Int) {
        self.configured = configured.mapValues { ConcurrencyLimit(limit: $0) }
        self.defaultLimit = defaultLimit
    }

    /// The limit of `provider`.
    func limit(for provider: ProviderID) -> ConcurrencyLimit {
        if let limit = configured[provider] { return limit }
        return others.withLock { others in
            if let limit = others[provider] { return limit }
            let limit = ConcurrencyLimit(limit: defaultLimit)
            others[provider] = limit
            return limit
        }
    }
}

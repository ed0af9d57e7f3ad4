import Synchronization
import VenuesFavorites

/// Each client's favourites as this instance last read them, trusted for a short while
/// (``freshFor``, half a second by default), so that a listing does not cost a round trip to
/// PostgreSQL for favourites that change rarely.
///
/// - A change made through this instance forgets the client's entry before the write returns:
///   its next read is fresh (read-your-writes).
/// - A change made through another instance is seen within ``freshFor``: an entry older than
///   that is read again. This bound holds whatever happens to notifications, connections or
///   the other instance.
/// - A read that started before a change of this instance is not kept: it may hold what the
///   change replaced (each client has a generation, bumped by every change, and all of them
///   by ``forgetAll()``).
/// - Another instance's change is usually known sooner: the store listens for its
///   notifications and forgets the client's entry when one arrives.
/// - An entry past half its time is read again ahead, by one caller in the background while
///   the others go on with it: a busy client's favourites never expire under its requests, so
///   they never all wait for PostgreSQL at once.
final class RecentFavorites: Sendable {
    /// How long an entry is trusted; `.zero` keeps nothing.
    let freshFor: Duration

    private struct Entry {
        var favorites: [Favorite]
        var readAt: ContinuousClock.Instant
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var generations: [String: Int] = [:]
        /// Clients whose favourites are being read ahead.
        var readingAhead: Set<String> = []
        /// Bumped by ``forgetAll()``: every read under way then keeps nothing.
        var epoch = 0
    }

    /// A client's generation: what a read must still find to keep what it read.
    struct Generation: Equatable {
        var epoch: Int
        var client: Int
    }

    private let state = Mutex(State())

    init(freshFor: Duration) {
        self.freshFor = freshFor
    }

    /// What ``fresh(_:now:)`` found.
    struct Kept: Equatable {
        /// The client's favourites, read less than ``RecentFavorites/freshFor`` ago.
        var favorites: [Favorite]
        /// Whether this caller reads them again ahead (they are past half their time and no
        /// one else is): it then ends with ``keep(_:client:readAt:generation:)`` or
        /// ``readAheadFailed(_:)``.
        var readAhead: Bool
    }

    /// The client's favourites if they were read less than ``freshFor`` before `now`.
    func fresh(_ client: String, now: ContinuousClock.Instant) -> Kept? {
        guard freshFor > .zero else { return nil }
        return state.withLock { state in
            guard let entry = state.entries[client], now - entry.readAt < freshFor else { return nil }
            let readAhead = now - entry.readAt >= freshFor / 2 && state.readingAhead.insert(client).inserted
            return Kept(favorites: entry.favorites, readAhead: readAhead)
        }
    }

    /// A read ahead ended without a result: the next caller past half time reads again.
    func readAheadFailed(_ client: String) {
        _ = state.withLock { $0.readingAhead.remove(client) }
    }

    /// The client's generation, to pass back to ``keep(_:client:readAt:generation:)``.
    func generation(_ client: String) -> Generation {
        state.withLock { Generation(epoch: $0.epoch, client: $0.generations[client] ?? 0) }
    }

    /// Keeps what a read that started at `readAt` found, unless the client changed since the
    /// read began (its generation is no longer `generation`).
    func keep(_ favorites: [Favorite], client: String, readAt: ContinuousClock.Instant, generation: Generation) {
        guard freshFor > .zero else { return }
        state.withLock { state in
            state.readingAhead.remove(client)
            guard Generation(epoch: state.epoch, client: state.generations[client] ?? 0) == generation else { return }
            if state.entries.count >= 10_000 { state.entries.removeAll(keepingCapacity: true) }
            state.entries[client] = Entry(favorites: favorites, readAt: readAt)
        }
    }

    /// Forgets the client's entry: its favourites changed (or are about to).
    func forget(_ client: String) {
        state.withLock { state in
            state.entries[client] = nil
            state.generations[client, default: 0] += 1
        }
    }

    /// Forgets every entry: changes may have gone unnoticed (the notifications were not
    /// listened to for a while).
    func forgetAll() {
        state.withLock { state in
            state.entries.removeAll()
            state.generations.removeAll()
            state.readingAhead.removeAll()
            state.epoch += 1
        }
    }
}

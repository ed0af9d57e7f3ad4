import Foundation
import Hummingbird
import Synchronization
import VenuesFavorites

/// Listings already rendered, by everything that decides their bytes: the query as the client
/// gave it, the providers asked, which cached answer each gave (by its key and when it was
/// stored), and the client's favourites. A listing whose every provider answer is a fresh
/// cache entry is rendered once and then served as it is — the merge and the JSON encoding
/// were most of a cached request's time. Entries die with the answers they were made from
/// (a refreshed answer has a new storage time, so a new key) and the least recently used go
/// first when room is needed.
final class RenderedListings: Sendable {
    /// What decides a listing's bytes.
    struct Key: Hashable, Sendable {
        /// The query, and the providers' keys in order (see ``ListingRoutes``).
        var text: String
        /// When each provider's answer was stored, in the keys' order (empty for a listing that
        /// is not made of provider answers).
        var answers: [Date] = []
        /// The client's favourites as stored (compared whole: no two lists share a key).
        var favorites: [Favorite]

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.text == rhs.text && lhs.answers == rhs.answers && lhs.favorites == rhs.favorites
        }

        /// The text, and of the favourites only their number and the first and last ids:
        /// hashing every favourite on every request was a measurable part of a cached listing's
        /// time, and equal keys still hash alike (``==`` compares the favourites whole; the
        /// store hands back the same unchanged list, which compares at once).
        func hash(into hasher: inout Hasher) {
            hasher.combine(text)
            hasher.combine(answers)
            hasher.combine(favorites.count)
            hasher.combine(favorites.first?.id)
            hasher.combine(favorites.last?.id)
        }
    }

    private struct Entry {
        var body: ByteBuffer
        var lastUsed: UInt64
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var clock: UInt64 = 0
    }

    /// The most listings kept.
    let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int = 512) {
        self.capacity = max(1, capacity)
    }

    /// The rendered body for `key`, if there is one (shared, not copied).
    func body(for key: Key) -> ByteBuffer? {
        state.withLock { state in
            guard var entry = state.entries[key] else { return nil }
            state.clock += 1
            entry.lastUsed = state.clock
            state.entries[key] = entry
            return entry.body
        }
    }

    /// Keeps `body` under `key`, making room when full.
    func keep(_ body: ByteBuffer, for key: Key) {
        state.withLock { state in
            state.clock += 1
            if state.entries[key] == nil, state.entries.count >= capacity {
                let victims = state.entries.sorted { $0.value.lastUsed < $1.value.lastUsed }.prefix(
                    max(1, capacity / 8)
                )
                for (victim, _) in victims { state.entries[victim] = nil }
            }
            state.entries[key] = Entry(body: body, lastUsed: state.clock)
        }
    }
}

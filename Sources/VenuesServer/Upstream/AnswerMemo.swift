import Foundation
import Synchronization

/// The provider answers this process has in memory, in front of the store's cache: a hit here
/// costs no store round trip and no decoding. Entries keep their store expiry; expired ones stay
/// (for answering while a provider is paused) until room is needed.
final class AnswerMemo: Sendable {
    /// The most entries kept.
    let capacity: Int
    private let entries = Mutex<[UpstreamKey: CachedProviderAnswer]>([:])

    init(capacity: Int = 4096) {
        self.capacity = max(1, capacity)
    }

    /// The entry for `key` if it is still fresh at `now`.
    func fresh(_ key: UpstreamKey, now: Date) -> CachedProviderAnswer? {
        entries.withLock { entries in
            guard let entry = entries[key], entry.expiresAt > now else { return nil }
            return entry
        }
    }

    /// The entry for `key`, fresh or not.
    func any(_ key: UpstreamKey) -> CachedProviderAnswer? {
        entries.withLock { $0[key] }
    }

    /// Keeps `answer` under `key`; when full, expired entries go first, then the oldest.
    func keep(_ answer: CachedProviderAnswer, for key: UpstreamKey, now: Date) {
        entries.withLock { entries in
            if entries[key] == nil, entries.count >= capacity {
                let expired = entries.filter { $0.value.expiresAt <= now }.map(\.key)
                for old in expired { entries[old] = nil }
                if entries.count >= capacity {
                    let oldest = entries.sorted { $0.value.storedAt < $1.value.storedAt }.prefix(max(1, capacity / 8))
                    for (old, _) in oldest { entries[old] = nil }
                }
            }
            entries[key] = answer
        }
    }

    /// Forgets everything (tests).
    func removeAll() {
        entries.withLock { $0.removeAll() }
    }
}

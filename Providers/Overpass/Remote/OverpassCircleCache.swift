import Synchronization
import VenuesCore

/// The named venues of recent circles fetched from a remote Overpass server for suggestions,
/// each kept for ``lifetime``: a person typing asks for the same circle at every keystroke, and
/// the server is asked once. Callers asking for a circle being fetched wait for that one fetch;
/// a failed fetch is not kept. At most ``capacity`` circles are kept, the oldest dropped first.
final class OverpassCircleCache: Sendable {
    /// How long a circle's venues are used.
    static let lifetime: Duration = .seconds(300)
    /// The most circles kept.
    static let capacity = 16

    private enum Entry {
        case fetching(Task<Result<OverpassRemoteSearch.Fetched, ProviderError>, Never>)
        case fetched(OverpassRemoteSearch.Fetched, at: ContinuousClock.Instant)
    }

    /// What a call finds: an answer, or a fetch to wait for.
    private enum Kept {
        case answer(OverpassRemoteSearch.Fetched)
        case fetching(Task<Result<OverpassRemoteSearch.Fetched, ProviderError>, Never>)
    }

    private let entries = Mutex<[String: Entry]>([:])
    private let clock = ContinuousClock()

    init() {}

    /// The answer to `query`: the one kept or being fetched, else `fetch()`'s.
    func fetched(
        _ query: String,
        fetch: @escaping @Sendable () async throws(ProviderError) -> OverpassRemoteSearch.Fetched
    ) async throws(ProviderError) -> OverpassRemoteSearch.Fetched {
        let now = clock.now
        let kept = entries.withLock { entries -> Kept in
            switch entries[query] {
            case .fetched(let answer, let at) where now - at < Self.lifetime:
                return .answer(answer)
            case .fetching(let task):
                return .fetching(task)
            default:
                let task = Task { () -> Result<OverpassRemoteSearch.Fetched, ProviderError> in
                    do throws(ProviderError) {
                        return .success(try await fetch())
                    } catch {
                        return .failure(error)
                    }
                }
                entries[query] = .fetching(task)
                return .fetching(task)
            }
        }
        let task: Task<Result<OverpassRemoteSearch.Fetched, ProviderError>, Never>
        switch kept {
        case .answer(let answer): return answer
        case .fetching(let fetching): task = fetching
        }
        let result = await task.value
        entries.withLock { entries in
            guard case .fetching = entries[query] else { return }
            switch result {
            case .success(let answer): entries[query] = .fetched(answer, at: clock.now)
            case .failure: entries[query] = nil
            }
            Self.trim(&entries, now: clock.now)
        }
        return try result.get()
    }

    /// Drops the circles past their lifetime, then the oldest beyond ``capacity``.
    private static func trim(_ entries: inout [String: Entry], now: ContinuousClock.Instant) {
        var done: [(key: String, at: ContinuousClock.Instant)] = []
        for (key, entry) in entries {
            guard case .fetched(_, let at) = entry else { continue }
            if now - at >= lifetime { entries[key] = nil } else { done.append((key, at)) }
        }
        guard entries.count > capacity else { return }
        for old in done.sorted(by: { $0.at < $1.at }).prefix(entries.count - capacity) {
            entries[old.key] = nil
        }
    }
}

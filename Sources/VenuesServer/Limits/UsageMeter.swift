import Foundation
import Synchronization
import VenuesCore
import VenuesServerStore

/// What each client asks of the server and of the providers, counted in memory per UTC day
/// and written to the store in batches (``flush()``, every second by ``UsageFlushService`` and
/// once more at shutdown), so that counting costs a request no store round trip.
///
/// Three counts: a client's requests to the server (every authenticated `/v1` call), its
/// requests that asked a provider (cache hits and shared calls included), and the requests
/// sent to a provider on its behalf (each attempt: pages and retries count, cache hits and
/// calls it joined do not).
final class UsageMeter: Sendable {
    /// The client whose request the current task serves, for counting upstream requests deep
    /// in the provider calls.
    @TaskLocal static var client: String?

    /// The name counted for requests sent without a client (never a client's name: those are
    /// letters, digits, `.`, `_` and `-`).
    static let serverClient = "(server)"

    private struct Key: Hashable {
        var day: String
        var client: String
        var provider: ProviderID?
    }

    private let pending = Mutex<[Key: (requests: Int, upstream: Int)]>([:])
    private let now: @Sendable () -> Date

    init(now: @escaping @Sendable () -> Date = Date.init) {
        self.now = now
    }

    /// One request of `client` to the server.
    func countRequest(client: String) {
        add(Key(day: Self.day(now()), client: client, provider: nil), requests: 1, upstream: 0)
    }

    /// One request of the current client that asked `provider`.
    func countProviderRequest(_ provider: ProviderID) {
        add(
            Key(day: Self.day(now()), client: Self.client ?? Self.serverClient, provider: provider),
            requests: 1,
            upstream: 0
        )
    }

    /// One request sent to `provider` for the current client.
    func countUpstream(_ provider: ProviderID) {
        add(
            Key(day: Self.day(now()), client: Self.client ?? Self.serverClient, provider: provider),
            requests: 0,
            upstream: 1
        )
    }

    /// The counts not yet written, taken out (they are put back by ``putBack(_:)`` when the
    /// store cannot take them).
    func take() -> [UsageRecord] {
        let taken = pending.withLock { pending in
            defer { pending = [:] }
            return pending
        }
        return taken.map { key, counts in
            UsageRecord(
                day: key.day,
                client: key.client,
                provider: key.provider,
                requests: counts.requests,
                upstreamRequests: counts.upstream
            )
        }
    }

    /// Counts that could not be written, kept for the next flush.
    func putBack(_ records: [UsageRecord]) {
        for record in records {
            add(
                Key(day: record.day, client: record.client, provider: record.provider),
                requests: record.requests,
                upstream: record.upstreamRequests
            )
        }
    }

    /// Writes the pending counts to `store`; on failure they stay pending.
    func flush(to store: StoreMonitor) async {
        let records = take()
        guard !records.isEmpty else { return }
        do throws(ServerStoreError) {
            try await store.call { store throws(ServerStoreError) in try await store.addUsage(records) }
        } catch {
            putBack(records)
        }
    }

    private func add(_ key: Key, requests: Int, upstream: Int) {
        pending.withLock { pending in
            let old = pending[key] ?? (0, 0)
            pending[key] = (old.requests + requests, old.upstream + upstream)
        }
    }

    /// `YYYY-MM-DD` of `date` in UTC. The last day's name is kept: a Calendar computation on
    /// every request was a measurable part of a cached answer's time.
    static func day(_ date: Date) -> String {
        let number = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
        if let known = lastDay.withLock({ $0 }), known.number == number { return known.name }
        let name = BudgetPeriod(.day, containing: date).name
        lastDay.withLock { $0 = (number, name) }
        return name
    }

    private static let lastDay = Mutex<(number: Int, name: String)?>(nil)
}

import Foundation
import Logging
import VenuesCore
import VenuesServerStore

/// Every call the server makes to a provider goes through here, shared by all clients:
///
/// 1. identical concurrent requests (same ``UpstreamKey``) share one run (``CallCoalescer``);
/// 2. a run answers from memory (``AnswerMemo``), else from the store's cache, when fresh;
/// 3. a paused provider (it answered 429) is not asked: the run answers from an expired
///    cache entry if there is one, else fails with `rateLimited` and the time left; a provider
///    whose budget is spent is not asked either (``ProviderBudgets``): `budgetExhausted`;
/// 4. otherwise the run waits for one of the provider's slots (``ConcurrencyLimit``: the
///    Overpass operator allows 2 at a time), asks the provider, and caches a success for the
///    cache's time to live; a 429 pauses the provider for every client until its
///    `Retry-After` has passed.
///
/// When the store is unavailable, runs go straight to the providers and say so (the request's
/// ``RequestNotes``); they never wait for the store longer than its time limit.
final class UpstreamCalls: Sendable {
    /// How a run was answered.
    enum Origin: Sendable {
        case memory, store, stale, provider
    }

    /// The shared outcome of one run.
    struct Outcome: Sendable {
        var result: Result<CachedProviderAnswer, ProviderError>
        var origin: Origin
        /// Why the store could not be used, when it could not.
        var storeProblem: String?
    }

    let cacheTimeToLive: Double
    private let store: StoreMonitor
    private let memo: AnswerMemo
    private let coalescer = CallCoalescer<UpstreamKey, Outcome>()
    private let pauses: RateLimitPauses
    private let limits: ConcurrencyLimits
    private let budgets: ProviderBudgets?
    private let usage: UsageMeter?
    private let metrics: ServerMetrics
    private let logger: Logger
    private let now: @Sendable () -> Date

    init(
        store: StoreMonitor,
        cacheTimeToLive: Double,
        concurrency: [ProviderID: Int],
        defaultConcurrency: Int,
        pauses: RateLimitPauses = RateLimitPauses(),
        memo: AnswerMemo = AnswerMemo(),
        budgets: ProviderBudgets? = nil,
        usage: UsageMeter? = nil,
        metrics: ServerMetrics,
        logger: Logger,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.store = store
        self.cacheTimeToLive = cacheTimeToLive
        self.limits = ConcurrencyLimits(configured: concurrency, otherwise: defaultConcurrency)
        self.pauses = pauses
        self.memo = memo
        self.budgets = budgets
        self.usage = usage
        self.metrics = metrics
        self.logger = logger
        self.now = now
    }

    /// The answers in memory for `keys`, each still fresh, or `nil` when one is missing or
    /// expired: what a listing made only of cached answers was made from. Each answer is named
    /// by the time it was stored (with its key, which the caller knows, that names it).
    func freshAnswers(for keys: [UpstreamKey]) -> [Date]? {
        let time = now()
        var stamps: [Date] = []
        stamps.reserveCapacity(keys.count)
        for key in keys {
            guard let answer = memo.fresh(key, now: time) else { return nil }
            stamps.append(answer.storedAt)
        }
        return stamps
    }

    /// Counts cache hits (and the client's requests) for `providers` whose answers were served
    /// from a rendered listing.
    func countRenderedHits(_ providers: [ProviderID]) {
        for provider in providers {
            metrics.cacheLookup(provider, result: "hit")
            usage?.countProviderRequest(provider)
        }
    }

    /// A search, answered once for all who ask the same at the same time.
    func search(_ query: VenueQuery, with provider: any VenueProvider) async throws(ProviderError) -> ProviderResponse {
        let key = UpstreamKey(provider: provider.id, query: query)
        let answer = try await shared(key) { () async throws(ProviderError) -> CachedProviderAnswer.Payload in
            .response(CachedProviderAnswer.Response(try await provider.run(query)))
        }
        var response = answer.answer.response?.providerResponse ?? ProviderResponse(venues: [])
        if answer.origin == .stale {
            let age = Int(now().timeIntervalSince(answer.answer.storedAt).rounded())
            response.warnings.append(
                "rate limited: answered from the server's cache of \(age) s ago; the provider is asked again after its Retry-After"
            )
        }
        return response
    }

    /// A lookup by id, answered once for all who ask for the same venue at the same time.
    func venue(_ id: VenueID, timeout: Double, with provider: any VenueProvider) async throws(ProviderError) -> Venue {
        let answer = try await shared(UpstreamKey(lookup: id)) { () async throws(ProviderError) in
            .venue(try await provider.venue(id, timeout: timeout))
        }
        guard let venue = answer.answer.venue else { throw .invalidResponse("the cached answer holds no venue") }
        return venue
    }

    private func shared(
        _ key: UpstreamKey,
        call: @escaping @Sendable () async throws(ProviderError) -> CachedProviderAnswer.Payload
    ) async throws(ProviderError) -> (answer: CachedProviderAnswer, origin: Origin) {
        let provider = key.provider
        let metrics = self.metrics
        usage?.countProviderRequest(provider)
        let outcome = await coalescer.value(
            for: key,
            role: { role in if role == .joined { metrics.coalesced(provider) } },
            work: { await self.run(key, call: call) }
        )
        guard let outcome else { throw .cancelled }
        if let problem = outcome.storeProblem { RequestNotes.current?.storeUnavailable(problem) }
        switch outcome.origin {
        case .memory, .store: metrics.cacheLookup(provider, result: "hit")
        case .stale: metrics.cacheLookup(provider, result: "stale")
        case .provider: metrics.cacheLookup(provider, result: "miss")
        }
        return (try outcome.result.get(), outcome.origin)
    }

    /// One run: memory, store, pause, slot, provider.
    private func run(
        _ key: UpstreamKey,
        call: @escaping @Sendable () async throws(ProviderError) -> CachedProviderAnswer.Payload
    ) async -> Outcome {
        if let fresh = memo.fresh(key, now: now()) {
            return Outcome(result: .success(fresh), origin: .memory)
        }
        var storeProblem: String?
        do throws(ServerStoreError) {
            let text = key.text
            let time = now()
            if let bytes = try await store.call({ store throws(ServerStoreError) in
                try await store.cachedValue(key: text, now: time)
            }),
                let cached = CachedProviderAnswer.decoded(bytes), cached.expiresAt > time
            {
                memo.keep(cached, for: key, now: time)
                return Outcome(result: .success(cached), origin: .store)
            }
        } catch {
            storeProblem = Self.reason(error)
            metrics.storeUnavailable()
        }
        if let paused = await answerWhilePaused(key, storeProblem: storeProblem) { return paused }
        if let spent = budgets?.exhausted(key.provider) {
            metrics.budget(key.provider, exhausted: true)
            return Outcome(result: .failure(spent), origin: .provider, storeProblem: storeProblem)
        }
        let limit = limits.limit(for: key.provider)
        do {
            return try await limit.withSlot {
                // The pause may have begun, or every caller given up, while this run waited.
                if let paused = await answerWhilePaused(key, storeProblem: storeProblem) { return paused }
                guard coalescer.isAwaited(key) else {
                    return Outcome(result: .failure(.cancelled), origin: .provider, storeProblem: storeProblem)
                }
                return await ask(key, call: call, storeProblem: storeProblem)
            }
        } catch {
            return Outcome(result: .failure(.cancelled), origin: .provider, storeProblem: storeProblem)
        }
    }

    /// The answer of a paused provider's run: an expired entry, else `rateLimited`; `nil` when
    /// the provider is not paused.
    private func answerWhilePaused(_ key: UpstreamKey, storeProblem: String?) async -> Outcome? {
        guard let remaining = pauses.remaining(key.provider, now: now()) else { return nil }
        if let stale = memo.any(key) {
            return Outcome(result: .success(stale), origin: .stale, storeProblem: storeProblem)
        }
        if storeProblem == nil {
            let text = key.text
            // An expired entry is still "not expired" at the earliest date: the store's cache
            // keeps entries past their expiry until it prunes them.
            if let bytes = try? await store.call({ store throws(ServerStoreError) in
                try await store.cachedValue(key: text, now: .distantPast)
            }),
                let stale = CachedProviderAnswer.decoded(bytes)
            {
                return Outcome(result: .success(stale), origin: .stale)
            }
        }
        return Outcome(
            result: .failure(.rateLimited(retryAfter: remaining)),
            origin: .provider,
            storeProblem: storeProblem
        )
    }

    /// Asks the provider and keeps what it says.
    private func ask(
        _ key: UpstreamKey,
        call: @escaping @Sendable () async throws(ProviderError) -> CachedProviderAnswer.Payload,
        storeProblem: String?
    ) async -> Outcome {
        let payload: CachedProviderAnswer.Payload
        do throws(ProviderError) {
            payload = try await call()
        } catch {
            metrics.providerCall(key.provider, outcome: error.kind)
            if case .rateLimited(let retryAfter) = error {
                pauses.pause(key.provider, retryAfter: retryAfter, now: now())
                let seconds = pauses.remaining(key.provider, now: now()).map { Int($0.rounded(.up)) } ?? 0
                logger.warning("\(key.provider) answered 429: paused for every client for \(seconds) s")
            }
            return Outcome(result: .failure(error), origin: .provider, storeProblem: storeProblem)
        }
        metrics.providerCall(key.provider, outcome: "ok")
        let storedAt = now()
        let answer = CachedProviderAnswer(
            payload: payload,
            storedAt: storedAt,
            expiresAt: storedAt.addingTimeInterval(cacheTimeToLive)
        )
        // An answer from local indexes costs a few milliseconds to make again, and an index
        // updated in place (`venues osm update`) must be seen at once: it is not kept.
        if answer.response?.isFromLocalIndexes == true {
            return Outcome(result: .success(answer), origin: .provider, storeProblem: storeProblem)
        }
        memo.keep(answer, for: key, now: storedAt)
        var problem = storeProblem
        if problem == nil, let bytes = try? answer.encoded() {
            let text = key.text
            let expiresAt = answer.expiresAt
            do throws(ServerStoreError) {
                try await store.call { store throws(ServerStoreError) in
                    try await store.storeValue(bytes, key: text, expiresAt: expiresAt)
                }
            } catch {
                problem = Self.reason(error)
                metrics.storeUnavailable()
            }
        }
        return Outcome(result: .success(answer), origin: .provider, storeProblem: problem)
    }

    private static func reason(_ error: ServerStoreError) -> String {
        switch error {
        case .unavailable(let reason): reason
        default: error.description
        }
    }
}

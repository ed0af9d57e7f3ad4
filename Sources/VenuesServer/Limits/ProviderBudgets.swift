import Foundation
import Synchronization
import VenuesConfig
import VenuesCore
import VenuesHTTP
import VenuesServerStore

/// The paid providers' budgets on the server (`google.budget.daily`, `foursquare.budget.monthly`,
/// …), counted in the store so that every instance on one database shares them.
///
/// Each request to a provider with a budget is counted before it is sent (``spend(_:)``, from
/// the request's ``VenuesHTTP/AttemptGate``): the store adds one to the day's and the month's
/// count in one transaction, or refuses when either is at its limit, so that all instances
/// together never send more than the budget. A budget found spent is remembered until its
/// period ends: until then the provider is not asked (``exhausted(_:)``) and the store is not
/// asked either. While the store cannot be reached, a provider with a budget is not asked: its
/// requests cannot be counted.
final class ProviderBudgets: Sendable {
    /// Each provider's budget; providers without one are not counted.
    let budgets: [ProviderID: ProviderBudget]
    private let store: StoreMonitor
    private let metrics: ServerMetrics
    private let now: @Sendable () -> Date
    /// The period found spent, per provider, with its limit.
    private let spent = Mutex<[ProviderID: (period: BudgetPeriod, limit: Int)]>([:])

    init(
        configuration: VenuesConfiguration,
        store: StoreMonitor,
        metrics: ServerMetrics,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        var budgets: [ProviderID: ProviderBudget] = [:]
        for (provider, settings) in configuration.providerSettings {
            if let budget = ProviderBudget(settings: settings) { budgets[provider] = budget }
        }
        self.budgets = budgets
        self.store = store
        self.metrics = metrics
        self.now = now
    }

    /// Why `provider` must not be asked now (its budget is spent in the current period), or
    /// `nil` when it may be.
    func exhausted(_ provider: ProviderID) -> ProviderError? {
        let time = now()
        return spent.withLock { spent in
            guard let found = spent[provider] else { return nil }
            guard found.period.end > time else {
                spent[provider] = nil
                return nil
            }
            return .budgetExhausted(found.period.exhaustedMessage(provider: provider, limit: found.limit))
        }
    }

    /// Counts one request to `provider`, or throws ``VenuesHTTP/HTTPClientError/budgetExhausted(_:)``
    /// when its budget is spent (or cannot be counted).
    func spend(_ provider: ProviderID) async throws(HTTPClientError) {
        guard let budget = budgets[provider] else { return }
        if let error = exhausted(provider) {
            metrics.budget(provider, exhausted: true)
            throw .budgetExhausted(error.message)
        }
        let periods = budget.periods(at: now())
        let charges = periods.map { BudgetCharge(period: $0.period.key, limit: $0.limit) }
        let full: BudgetPeriodKey?
        do throws(ServerStoreError) {
            full = try await store.call { store throws(ServerStoreError) in
                try await store.spendBudget(provider: provider, charges: charges)
            }
        } catch {
            metrics.budget(provider, exhausted: true)
            throw .budgetExhausted(
                "\(provider)'s budget cannot be counted while the server's store is unavailable (\(error.reason)); it is not asked until it can be"
            )
        }
        guard let full, let found = periods.first(where: { $0.period.key == full }) else {
            metrics.budget(provider, exhausted: false)
            return
        }
        spent.withLock { $0[provider] = (found.period, found.limit) }
        metrics.budget(provider, exhausted: true)
        throw .budgetExhausted(found.period.exhaustedMessage(provider: provider, limit: found.limit))
    }

    /// Every budget's periods now, with what is spent (for `/readyz`), by provider id.
    func status() async throws(ServerStoreError) -> [BudgetStatus] {
        let time = now()
        var statuses: [BudgetStatus] = []
        for provider in budgets.keys.sorted() {
            let periods = budgets[provider]!.periods(at: time)
            let keys = periods.map(\.period.key)
            let spent = try await store.call { store throws(ServerStoreError) in
                try await store.budgetSpent(provider: provider, periods: keys)
            }
            for (period, limit) in periods {
                let count = spent[period.key] ?? 0
                statuses.append(
                    BudgetStatus(
                        provider: provider.rawValue,
                        period: period.length.rawValue,
                        name: period.name,
                        limit: limit,
                        spent: count,
                        remaining: max(0, limit - count),
                        exhausted: count >= limit,
                        resetsAt: ISO8601DateFormatter().string(from: period.end)
                    )
                )
            }
        }
        return statuses
    }
}

/// One budget period as `/readyz` shows it.
struct BudgetStatus: Sendable, Encodable, Equatable {
    /// The provider's id.
    var provider: String
    /// `day` or `month`.
    var period: String
    /// `2026-11-26` or `2026-11` (UTC).
    var name: String
    var limit: Int
    var spent: Int
    var remaining: Int
    var exhausted: Bool
    /// When the period ends and the budget is fresh again (ISO 8601, UTC).
    var resetsAt: String
}

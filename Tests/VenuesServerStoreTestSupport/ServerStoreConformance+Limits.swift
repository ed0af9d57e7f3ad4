import Foundation
import VenuesCore
import VenuesServerStore

extension CheckContext {
    func clientRateLimit() async throws {
        let store = try await migratedStore()
        let limit = RateLimit(requests: 120, seconds: 60, burst: 20)
        try await store.createClient(
            name: "limited",
            tokenHash: ConformanceSamples.hash("l"),
            createdAt: ConformanceSamples.date(0),
            rateLimit: limit
        )
        try await store.createSampleClient("free", token: "f", at: 1)
        try expectEqual(
            try await store.client(tokenHash: ConformanceSamples.hash("l"))?.rateLimit,
            limit,
            "the limit found by the token"
        )
        try expectEqual(try await store.client(tokenHash: ConformanceSamples.hash("f"))?.rateLimit, nil, "no limit")
        try expectEqual(try await store.clients().map(\.rateLimit), [limit, nil], "the limits in the list")
    }

    func budgetAllOrNothing() async throws {
        let store = try await migratedStore()
        let day = BudgetCharge(period: "day:2026-11-26", limit: 2)
        let month = BudgetCharge(period: "month:2026-11", limit: 3)
        var refusals: [String?] = []
        for _ in 0..<3 { refusals.append(try await store.spendBudget(provider: .google, charges: [day, month])) }
        try expectEqual(refusals, [nil, nil, "day:2026-11-26"], "spending 3 of a day's 2")
        try expectEqual(
            try await store.budgetSpent(provider: .google, periods: [day.period, month.period]),
            [day.period: 2, month.period: 2],
            "the counts after a refusal (nothing counted for it)"
        )
        // The next day: one more fits the month, then the month is spent.
        let nextDay = BudgetCharge(period: "day:2026-11-27", limit: 2)
        let more = [
            try await store.spendBudget(provider: .google, charges: [nextDay, month]),
            try await store.spendBudget(provider: .google, charges: [nextDay, month]),
        ]
        try expectEqual(more, [nil, "month:2026-11"], "the month's third request, then its fourth")
        try expectEqual(
            try await store.budgetSpent(provider: .google, periods: [nextDay.period, month.period, "day:2026-11-28"]),
            [nextDay.period: 1, month.period: 3, "day:2026-11-28": 0],
            "the counts, and 0 for a period never spent"
        )
        try expectEqual(
            try await store.budgetSpent(provider: .foursquare, periods: [day.period]),
            [day.period: 0],
            "another provider's budget"
        )
        try expectEqual(
            try await store.spendBudget(provider: .foursquare, charges: []),
            nil,
            "spending with no limits"
        )
    }

    func budgetSharedByInstances() async throws {
        let stores = [try await migratedStore(), try await openStore(), try await openStore()]
        let charge = [BudgetCharge(period: "month:2026-11", limit: 25)]
        let refusals = try await withThrowingTaskGroup(of: String?.self) { group in
            for index in 0..<60 {
                let store = stores[index % stores.count]
                group.addTask { try await store.spendBudget(provider: .google, charges: charge) }
            }
            return try await group.reduce(into: [String?]()) { $0.append($1) }
        }
        try expectEqual(refusals.filter { $0 == nil }.count, 25, "requests counted of 60 asked at once")
        try expectEqual(
            try await stores[1].budgetSpent(provider: .google, periods: ["month:2026-11"]),
            ["month:2026-11": 25],
            "the count"
        )
    }

    func usageAddsUp() async throws {
        let first = try await migratedStore()
        let second = try await openStore()
        try await first.addUsage([
            UsageRecord(day: "2026-11-25", client: "alice", provider: nil, requests: 4, upstreamRequests: 0),
            UsageRecord(day: "2026-11-26", client: "alice", provider: nil, requests: 2, upstreamRequests: 0),
            UsageRecord(day: "2026-11-26", client: "alice", provider: .google, requests: 2, upstreamRequests: 1),
        ])
        try await second.addUsage([
            UsageRecord(day: "2026-11-26", client: "alice", provider: .google, requests: 3, upstreamRequests: 2),
            UsageRecord(day: "2026-11-26", client: "bob", provider: .foursquare, requests: 1, upstreamRequests: 0),
        ])
        try await second.addUsage([])
        try expectEqual(
            try await first.usage(since: "2026-11-26"),
            [
                UsageRecord(day: "2026-11-26", client: "alice", provider: nil, requests: 2, upstreamRequests: 0),
                UsageRecord(day: "2026-11-26", client: "alice", provider: .google, requests: 5, upstreamRequests: 3),
                UsageRecord(day: "2026-11-26", client: "bob", provider: .foursquare, requests: 1, upstreamRequests: 0),
            ],
            "the rows from 2026-11-26 on, by day, client and provider"
        )
        try expectEqual(try await second.usage(since: "2026-11-01").count, 4, "the rows of the month")
    }
}

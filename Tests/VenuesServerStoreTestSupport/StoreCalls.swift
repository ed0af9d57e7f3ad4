import Foundation
import VenuesCore
import VenuesFavorites
import VenuesServerStore

/// Every method of a store as a named call with harmless arguments, for the checks that expect
/// each of them to throw the same error.
enum StoreCalls {
    struct Call: Sendable {
        var name: String
        var run: @Sendable () async throws(ServerStoreError) -> Void
    }

    static func all(on store: any ServerStore) -> [Call] {
        let hash = TokenHash(hex: String(repeating: "0", count: 64))
        let favorite = ConformanceSamples.favorite(native: "calls", addedAt: ConformanceSamples.epoch)
        return [
            Call(name: "migrate") { () async throws(ServerStoreError) in try await store.migrate() },
            Call(name: "checkReachable") { () async throws(ServerStoreError) in try await store.checkReachable() },
            Call(name: "createClient") { () async throws(ServerStoreError) in
                try await store.createClient(name: "calls", tokenHash: hash, createdAt: ConformanceSamples.epoch)
            },
            Call(name: "clients") { () async throws(ServerStoreError) in _ = try await store.clients() },
            Call(name: "revokeClient") { () async throws(ServerStoreError) in
                _ = try await store.revokeClient(name: "calls")
            },
            Call(name: "client(tokenHash:)") { () async throws(ServerStoreError) in
                _ = try await store.client(tokenHash: hash)
            },
            Call(name: "favorites") { () async throws(ServerStoreError) in
                _ = try await store.favorites(client: "calls")
            },
            Call(name: "putFavorite") { () async throws(ServerStoreError) in
                try await store.putFavorite(favorite, client: "calls")
            },
            Call(name: "removeFavorite") { () async throws(ServerStoreError) in
                _ = try await store.removeFavorite(id: favorite.id, client: "calls")
            },
            Call(name: "cachedValue") { () async throws(ServerStoreError) in
                _ = try await store.cachedValue(key: "calls", now: Date())
            },
            Call(name: "storeValue") { () async throws(ServerStoreError) in
                try await store.storeValue([1, 2, 3], key: "calls", expiresAt: Date().addingTimeInterval(60))
            },
            Call(name: "spendBudget") { () async throws(ServerStoreError) in
                _ = try await store.spendBudget(
                    provider: .google,
                    charges: [BudgetCharge(period: "day:2026-11-26", limit: 5)]
                )
            },
            Call(name: "budgetSpent") { () async throws(ServerStoreError) in
                _ = try await store.budgetSpent(provider: .google, periods: ["day:2026-11-26"])
            },
            Call(name: "addUsage") { () async throws(ServerStoreError) in
                try await store.addUsage([
                    UsageRecord(day: "2026-11-26", client: "calls", provider: nil, requests: 1, upstreamRequests: 0)
                ])
            },
            Call(name: "usage") { () async throws(ServerStoreError) in _ = try await store.usage(since: "2026-11-01") },
        ]
    }
}

import Foundation
import Synchronization
import Testing
import VenuesConfig
import VenuesCore
import VenuesServer
import VenuesServerStore
import VenuesServerTestSupport
import VenuesTestSupport

/// Budgets of the paid providers on the server: counted in the store before each request is
/// sent, shared by the servers on one store, fresh again at the day's or month's end; cached
/// and shared answers spend nothing; the usage the store keeps equals what the providers saw.
@Suite("Provider budgets and usage on the server", .timeLimit(.minutes(3)))
struct ProviderBudgetTests {
    typealias TestClock = ClientLimitsTests.TestClock

    /// 2026-11-30 23:59:00 UTC: a minute before both a day's and a month's end.
    static let lateInNovember = Date(timeIntervalSince1970: 1_796_083_140)

    static func configuration(
        foursquare: FakeProvider,
        overpass: FakeProvider,
        daily: Int?,
        monthly: Int? = nil
    ) -> VenuesConfiguration {
        var configuration = RunningServer.configuration(foursquare: foursquare, overpass: overpass)
        if let daily { configuration[.foursquare].set(ProviderBudget.dailySetting, .count(daily)) }
        if let monthly { configuration[.foursquare].set(ProviderBudget.monthlySetting, .count(monthly)) }
        return configuration
    }

    /// The `error.kind` of `provider` in a listing's `providers[]`, or "ok".
    static func outcome(_ response: TestResponse, _ provider: String) throws -> String? {
        let providers = try response.json()["providers"] as? [[String: Any]] ?? []
        guard let entry = providers.first(where: { $0["provider"] as? String == provider }) else { return nil }
        return (entry["error"] as? [String: Any])?["kind"] as? String ?? "ok"
    }

    @Test("a budget spent: the provider is skipped as budgetExhausted, the others answer; readyz and metrics say so")
    func spentBudgetSkipsTheProvider() async throws {
        let foursquare = try await FakeProvider.working(.foursquare, count: 2)
        let overpass = try await Fakes.overpass()
        let server = try await RunningServer.start(
            configuration: Self.configuration(foursquare: foursquare, overpass: overpass, daily: 2)
        )
        var answers: [TestResponse] = []
        for radius in [500, 600, 700] {
            answers.append(try await server.client.get("/v1/nearby?near=\(FakeBodies.near)&radius=\(radius)"))
        }
        let fsqRequests = await foursquare.requestCount
        let osmRequests = await overpass.requestCount
        let ready = try await server.client.with(token: nil).get("/readyz")
        let metrics = try await server.client.with(token: nil).get("/metrics").text
        await server.stop()
        await foursquare.stop()
        await overpass.stop()

        #expect(answers.map(\.status) == [200, 200, 200])
        #expect(try Self.outcome(answers[0], "fsq") == "ok")
        #expect(try Self.outcome(answers[1], "fsq") == "ok")
        #expect(try Self.outcome(answers[2], "fsq") == "budgetExhausted")
        #expect(try Self.outcome(answers[2], "osm") == "ok")
        let providers = try answers[2].json()["providers"] as? [[String: Any]] ?? []
        let message =
            (providers.first { $0["provider"] as? String == "fsq" }?["error"] as? [String: Any])?["message"] as? String
        #expect(message?.contains("daily budget of 2 requests is spent") == true, "\(message ?? "")")
        #expect(fsqRequests == 2)
        #expect(osmRequests == 3)
        let budgets = try ready.json()["budgets"] as? [[String: Any]] ?? []
        #expect(budgets.count == 1)
        #expect(budgets.first?["provider"] as? String == "fsq")
        #expect(budgets.first?["period"] as? String == "day")
        #expect(budgets.first?["spent"] as? Int == 2)
        #expect(budgets.first?["remaining"] as? Int == 0)
        #expect(budgets.first?["exhausted"] as? Bool == true)
        #expect(Polling.metric(metrics, #"venues_budget_exhausted{provider="fsq"}"#) == 1)
        #expect(Polling.metric(metrics, #"venues_budget_refusals_total{provider="fsq"}"#) >= 1)
    }

    @Test("the budget is fresh again at the day's end, and the month's at the month's (a test clock)")
    func freshAtThePeriodsEnd() async throws {
        let foursquare = try await FakeProvider.working(.foursquare, count: 1)
        let overpass = try await Fakes.overpass()
        let clock = TestClock(Self.lateInNovember)
        let server = try await RunningServer.start(
            configuration: Self.configuration(foursquare: foursquare, overpass: overpass, daily: 1, monthly: 2)
        ) { $0.clock = { clock.now } }
        func ask(_ radius: Int) async throws -> String? {
            try Self.outcome(
                try await server.client.get("/v1/nearby?near=\(FakeBodies.near)&radius=\(radius)&providers=fsq,osm"),
                "fsq"
            )
        }
        let first = try await ask(500)
        let sameDay = try await ask(510)
        clock.advance(120)  // 2026-12-01 00:01 UTC: a new day and a new month
        let nextDay = try await ask(520)
        let nextDayAgain = try await ask(530)
        clock.advance(86_400)  // 2026-12-02: a new day, the same month (1 of 2 spent)
        let dayAfter = try await ask(540)
        clock.advance(86_400)  // 2026-12-03: the day's budget is fresh, the month's is spent
        let monthSpent = try await ask(550)
        let requests = await foursquare.requestCount
        await server.stop()
        await foursquare.stop()
        await overpass.stop()

        #expect([first, sameDay] == ["ok", "budgetExhausted"])
        #expect([nextDay, nextDayAgain] == ["ok", "budgetExhausted"])
        #expect([dayAfter, monthSpent] == ["ok", "budgetExhausted"])
        #expect(requests == 3)
    }

    @Test("cached and coalesced answers spend nothing: 20 identical listings at once, then again")
    func sharedAnswersSpendNothing() async throws {
        let gate = HeldAnswer()
        let foursquare = try await FakeProvider.start(.foursquare) { _, request in
            await gate.hold(atMost: .seconds(120))
            return .success(.foursquare, count: 2, request: request)
        }
        let overpass = try await Fakes.overpass()
        let store = InMemoryServerStore()
        let server = try await RunningServer.start(
            configuration: Self.configuration(foursquare: foursquare, overpass: overpass, daily: 5),
            store: store
        )
        let client = server.client
        let target = "/v1/nearby?near=\(FakeBodies.near)&radius=800&providers=fsq"
        async let responses = withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<20 { group.addTask { try await client.get(target).status } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let joined = try await Polling.until {
            try await Polling.metric(of: client, #"venues_coalesced_requests_total{provider="fsq"}"#) == 19
        }
        gate.release()
        let statuses = try await responses
        let again = try await client.get(target).status
        let spent = try await store.budgetSpent(
            provider: .foursquare,
            periods: [BudgetPeriod(.day, containing: Date()).key]
        )
        let requests = await foursquare.requestCount
        await server.stop()
        await foursquare.stop()
        await overpass.stop()

        #expect(joined)
        #expect(statuses == Array(repeating: 200, count: 20))
        #expect(again == 200)
        #expect(requests == 1)
        #expect(spent.values.first == 1)
    }

    @Test("two servers on one store share a budget: together never more requests than it allows")
    func twoServersShareABudget() async throws {
        let foursquare = try await FakeProvider.working(.foursquare, count: 1)
        let overpass = try await Fakes.overpass()
        let database = InMemoryServerDatabase()
        let configuration = Self.configuration(foursquare: foursquare, overpass: overpass, daily: 7)
        let one = try await RunningServer.start(
            configuration: configuration,
            store: InMemoryServerStore(database: database)
        )
        let two = try await RunningServer.start(
            configuration: configuration,
            store: InMemoryServerStore(database: database)
        )
        let token = try await one.token(for: "bob")
        let clients = [one.client, two.client.with(token: token)]
        // 24 different listings, asked of both servers at once.
        let outcomes = try await withThrowingTaskGroup(of: String?.self) { group in
            for index in 0..<24 {
                let client = clients[index % 2]
                group.addTask {
                    try Self.outcome(
                        try await client.get(
                            "/v1/nearby?near=\(FakeBodies.near)&radius=\(300 + index * 10)&providers=fsq,osm"
                        ),
                        "fsq"
                    )
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let requests = await foursquare.requestCount
        await one.stop()
        await two.stop()
        await foursquare.stop()
        await overpass.stop()

        #expect(requests == 7)
        #expect(outcomes.filter { $0 == "ok" }.count == 7)
        #expect(outcomes.filter { $0 == "budgetExhausted" }.count == 17)
    }

    @Test("the usage the store keeps equals the fakes' request logs, per client and provider")
    func usageEqualsTheRequestLogs() async throws {
        let foursquare = try await FakeProvider.working(.foursquare, count: 2)
        let overpass = try await Fakes.overpass()
        let store = InMemoryServerStore()
        let server = try await RunningServer.start(
            configuration: RunningServer.configuration(foursquare: foursquare, overpass: overpass),
            store: store
        )
        let bob = server.client.with(token: try await server.token(for: "bob"))
        for radius in [500, 600, 700] {
            _ = try await server.client.get("/v1/nearby?near=\(FakeBodies.near)&radius=\(radius)")
        }
        // bob asks alice's first listing again (a cache hit: no upstream request) and one of his own.
        _ = try await bob.get("/v1/nearby?near=\(FakeBodies.near)&radius=500")
        _ = try await bob.get("/v1/nearby?near=\(FakeBodies.near)&radius=900&providers=osm")
        _ = try await bob.get("/v1/favorites")
        let fsqRequests = await foursquare.requestCount
        let osmRequests = await overpass.requestCount
        await server.stop()  // the last counts are written as it stops
        let records = try await InMemoryServerStore(database: store.database).usage(since: "2000-01-01")
        let metrics = server.server.metrics.exposition()
        await foursquare.stop()
        await overpass.stop()

        func count(_ client: String, _ provider: ProviderID?) -> (requests: Int, upstream: Int) {
            let rows = records.filter { $0.client == client && $0.provider == provider }
            return (rows.map(\.requests).reduce(0, +), rows.map(\.upstreamRequests).reduce(0, +))
        }
        #expect(count("alice", nil).requests == 3)
        #expect(count("bob", nil).requests == 3)
        #expect(count("alice", .foursquare) == (3, 3))
        #expect(count("alice", .openStreetMap) == (3, 3))
        #expect(count("bob", .foursquare) == (1, 0))
        #expect(count("bob", .openStreetMap) == (2, 1))
        let upstream = records.map(\.upstreamRequests).reduce(0, +)
        #expect(upstream == fsqRequests + osmRequests)
        #expect(count("alice", .foursquare).upstream + count("bob", .foursquare).upstream == fsqRequests)
        let text = String(decoding: metrics, as: UTF8.self)
        #expect(Polling.metric(text, #"venues_upstream_requests_total{provider="fsq",client="alice"}"#) == 3)
        #expect(Polling.metric(text, #"venues_upstream_requests_total{provider="osm",client="bob"}"#) == 1)
        #expect(!text.contains(server.token))
    }
}

import Foundation
import Testing
import VenuesTestSupport

/// The budgets a user sets for their own keys, as the `venues` binary keeps them: each request
/// sent is counted in `budgets.json`; a spent budget keeps the provider from being asked, with
/// a warning, while the others answer; answers from the cache spend nothing; `venues providers`
/// says what is left; a damaged file is never overwritten.
@Suite(.timeLimit(.minutes(3)))
struct BudgetProcessTests {
    /// A home whose configuration gives Google a budget of `daily` requests a day.
    static func home(daily: Int) throws -> URL {
        let home = try VenuesProcess.temporaryHome()
        try Data(#"{"timeout": 60, "google": {"budget": {"daily": \#(daily)}}}"#.utf8)
            .write(to: home.appendingPathComponent("config/venues/config.json"))
        return home
    }

    static func budgetsFile(_ home: URL) -> URL {
        home.appendingPathComponent("data/venues/budgets.json")
    }

    static func nearby(_ radius: Int, _ environment: [String: String]) async throws -> EndToEndProcess.Output {
        try await EndToEndProcess.run(
            [
                "nearby", "--near", FakeBodies.near, "--radius", "\(radius)", "--providers", "google,osm", "--format",
                "json",
            ],
            environment: environment
        )
    }

    static func outcome(_ output: EndToEndProcess.Output, _ provider: String) throws -> String? {
        let document = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        let providers = document?["providers"] as? [[String: Any]] ?? []
        guard let entry = providers.first(where: { $0["provider"] as? String == provider }) else { return nil }
        return (entry["error"] as? [String: Any])?["kind"] as? String ?? "ok"
    }

    @Test func aSpentBudgetKeepsTheProviderFromBeingAskedAndTheOthersAnswer() async throws {
        var fakes = FakeProviders()
        fakes.google = try await FakeProvider.working(.google, count: 2)
        fakes.overpass = try await FakeProvider.working(.overpass, count: 2)
        let home = try Self.home(daily: 2)
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = fakes.environment(home: home)

        let first = try await Self.nearby(500, environment)
        let again = try await Self.nearby(500, environment)  // from the response cache: nothing spent
        let second = try await Self.nearby(600, environment)
        let third = try await Self.nearby(700, environment)
        let providers = try await EndToEndProcess.run(["providers"], environment: environment)
        let googleRequests = await fakes.google!.requestCount
        await fakes.stop()

        #expect(try Self.outcome(first, "google") == "ok", "\(first.stderr)")
        #expect(try Self.outcome(again, "google") == "ok")
        #expect(try Self.outcome(second, "google") == "ok")
        #expect(try Self.outcome(third, "google") == "budgetExhausted", "\(third.stdout)")
        #expect(try Self.outcome(third, "osm") == "ok")
        #expect(third.status == 0, "\(third.transcript)")
        #expect(third.stderr.contains("google's daily budget of 2 requests is spent"), "\(third.stderr)")
        #expect(googleRequests == 2)
        #expect(
            providers.stdout.contains("budget: 0 of 2 requests left today (spent, not asked until"),
            "\(providers.stdout)"
        )
    }

    /// The count is kept under a file lock, so that commands running at once share it: twelve
    /// `venues` processes started together with a budget of 5 send Google exactly 5 requests,
    /// and the file says 5 spent.
    @Test func processesRunningAtOnceShareTheBudget() async throws {
        var fakes = FakeProviders()
        fakes.google = try await FakeProvider.working(.google, count: 1)
        fakes.overpass = try await FakeProvider.working(.overpass, count: 1)
        let home = try Self.home(daily: 5)
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = fakes.environment(home: home)
        // Twelve different circles: none is answered from another's cached response.
        let outcomes = try await withThrowingTaskGroup(of: String?.self) { group in
            for index in 0..<12 {
                group.addTask { try Self.outcome(try await Self.nearby(400 + 10 * index, environment), "google") }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let googleRequests = await fakes.google!.requestCount
        let providers = try await EndToEndProcess.run(["providers"], environment: environment)
        await fakes.stop()

        #expect(googleRequests == 5)
        #expect(outcomes.filter { $0 == "ok" }.count == 5, "\(outcomes)")
        #expect(outcomes.filter { $0 == "budgetExhausted" }.count == 7, "\(outcomes)")
        #expect(providers.stdout.contains("budget: 0 of 5 requests left today"), "\(providers.stdout)")
    }

    @Test func aDamagedBudgetFileIsNeverOverwrittenAndTheProviderIsNotAsked() async throws {
        var fakes = FakeProviders()
        fakes.google = try await FakeProvider.working(.google, count: 2)
        fakes.overpass = try await FakeProvider.working(.overpass, count: 2)
        let home = try Self.home(daily: 100)
        defer { try? FileManager.default.removeItem(at: home) }
        let file = Self.budgetsFile(home)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let damaged = Data(#"{"version": 1, "spent": {"google": "#.utf8)
        try damaged.write(to: file)
        let environment = fakes.environment(home: home)

        let output = try await Self.nearby(500, environment)
        let providers = try await EndToEndProcess.run(["providers"], environment: environment)
        let googleRequests = await fakes.google!.requestCount
        await fakes.stop()

        #expect(try Self.outcome(output, "google") == "budgetExhausted", "\(output.transcript)")
        #expect(try Self.outcome(output, "osm") == "ok")
        #expect(output.stderr.contains("is not a budget file (fix or remove it)"), "\(output.stderr)")
        #expect(googleRequests == 0)
        #expect(try Data(contentsOf: file) == damaged)
        #expect(providers.stdout.contains("budget: cannot be read"), "\(providers.stdout)")
    }

    @Test func withoutABudgetNothingIsCountedOrWritten() async throws {
        var fakes = FakeProviders()
        fakes.google = try await FakeProvider.working(.google, count: 1)
        fakes.overpass = try await FakeProvider.working(.overpass, count: 1)
        let home = try VenuesProcess.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let output = try await Self.nearby(500, fakes.environment(home: home))
        await fakes.stop()

        #expect(try Self.outcome(output, "google") == "ok", "\(output.transcript)")
        #expect(!FileManager.default.fileExists(atPath: Self.budgetsFile(home).path))
    }
}

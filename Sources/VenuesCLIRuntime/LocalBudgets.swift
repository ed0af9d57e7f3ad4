package import Foundation
package import VenuesConfig
package import VenuesCore
import VenuesFiles
package import VenuesHTTP

/// What the command line spends of the budgets its configuration sets for the user's own keys
/// (`google.budget.daily`, `foursquare.budget.monthly`, …), counted in `budgets.json` in the
/// data directory, under a file lock, so that commands running at once share the counts.
///
/// ```json
/// {"version": 1, "spent": {"google": {"day:2026-11-26": 3, "month:2026-11": 41}}}
/// ```
///
/// Each request to a provider with a budget is counted before it is sent; when the day's or
/// the month's count is at its limit the request is not sent (``spend(_:)`` throws
/// `budgetExhausted`). Only the current day and month are kept. A file that cannot be read is
/// never overwritten: the providers with a budget are not asked until it is fixed or removed.
package struct LocalBudgets: Sendable {
    /// Each provider's budget; providers without one are not counted.
    package let budgets: [ProviderID: ProviderBudget]
    /// `budgets.json`.
    let file: URL
    /// The lock taken around each read-and-write of the file.
    let lockFile: URL
    let now: @Sendable () -> Date

    init(
        configuration: [ProviderID: ProviderSettings],
        directories: DataDirectories,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        var budgets: [ProviderID: ProviderBudget] = [:]
        for (provider, settings) in configuration {
            if let budget = ProviderBudget(settings: settings) { budgets[provider] = budget }
        }
        self.budgets = budgets
        file = directories.budgetsFile
        lockFile = directories.data.appendingPathComponent(".budgets.json.lock")
        self.now = now
    }

    /// The file's content.
    struct Book: Codable, Equatable {
        var version = 1
        var spent: [String: [String: Int]] = [:]
    }

    /// One period of a provider's budget, with what is spent.
    package struct Standing: Equatable {
        /// The day or month.
        package var period: BudgetPeriod
        /// The most requests in it.
        package var limit: Int
        /// The requests counted so far.
        package var spent: Int

        /// What is left.
        package var remaining: Int { max(0, limit - spent) }
    }

    /// Counts one request to `provider`, or throws when its budget is spent or the file cannot
    /// be used.
    func spend(_ provider: ProviderID) throws(HTTPClientError) {
        guard let budget = budgets[provider] else { return }
        let periods = budget.periods(at: now())
        do {
            let lock = try FileLock.acquire(at: lockFile, timeout: 10)
            defer { lock.unlock() }
            var book = try read()
            var counts = book.spent[provider.rawValue] ?? [:]
            if let full = periods.first(where: { (counts[$0.period.key] ?? 0) >= $0.limit }) {
                throw HTTPClientError.budgetExhausted(
                    full.period.exhaustedMessage(provider: provider, limit: full.limit)
                )
            }
            let current = Set(periods.map(\.period.key))
            counts = counts.filter { current.contains($0.key) }
            for (period, _) in periods { counts[period.key, default: 0] += 1 }
            book.spent[provider.rawValue] = counts
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try AtomicFileWriter.write(try encoder.encode(book), to: file, durable: false)
        } catch let error as HTTPClientError {
            throw error
        } catch {
            throw .budgetExhausted("\(provider)'s budget cannot be counted: \(error); it is not asked until it can be")
        }
    }

    /// Each period of `provider`'s budget now with what is spent; empty without a budget.
    package func standing(_ provider: ProviderID) throws -> [Standing] {
        guard let budget = budgets[provider] else { return [] }
        let counts = try read().spent[provider.rawValue] ?? [:]
        return budget.periods(at: now()).map {
            Standing(period: $0.period, limit: $0.limit, spent: counts[$0.period.key] ?? 0)
        }
    }

    /// The file, or an empty book when there is none.
    private func read() throws -> Book {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch CocoaError.fileReadNoSuchFile {
            return Book()
        }
        do {
            return try JSONDecoder().decode(Book.self, from: data)
        } catch {
            throw LocalBudgetsError.unreadable(file.path)
        }
    }
}

/// Why the budget file cannot be used.
enum LocalBudgetsError: Error, CustomStringConvertible {
    case unreadable(String)

    var description: String {
        switch self {
        case .unreadable(let path): "\(path) is not a budget file (fix or remove it)"
        }
    }
}

/// A provider's HTTP client on the command line that counts each request against the
/// provider's budget before it is sent (answers from the response cache are not sent, so they
/// spend nothing).
package struct BudgetedHTTPClient: HTTPClient {
    package let base: any HTTPClient
    package let provider: ProviderID
    package let budgets: LocalBudgets

    /// A client that spends `provider`'s budget before each request it passes on to `base`.
    package init(base: any HTTPClient, provider: ProviderID, budgets: LocalBudgets) {
        self.base = base
        self.provider = provider
        self.budgets = budgets
    }

    package func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        guard budgets.budgets[provider] != nil else { return try await base.send(request) }
        var request = request
        let (provider, budgets) = (provider, budgets)
        request.beforeEachAttempt = AttemptGate { () throws(HTTPClientError) in try budgets.spend(provider) }
        return try await base.send(request)
    }
}

import ArgumentParser
import Foundation
import VenuesCLISupport
import VenuesCore
import VenuesServerStore

/// `venues serve usage`: what each client asked of the server, and the requests sent to each
/// provider on its behalf, from the counts the servers keep in the store.
struct ServeUsageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "usage",
        abstract: "Print each client's requests and the provider requests made for it, per provider.",
        discussion: """
            Counted by every server on the store, per UTC day, and written to it every second.
            REQUESTS are the client's requests (to the server in all, or that asked a provider,
            answers from the cache included); UPSTREAM are the requests sent to the provider for
            it (each attempt; cache hits and requests shared with another client's spend nothing).

            Examples:
              venues serve usage
              venues serve usage --since 2026-11-01 --format json
            """
    )

    @Option(
        name: .long,
        help: ArgumentHelp("The first UTC day counted (default: the first of this month).", valueName: "YYYY-MM-DD")
    )
    var since: String?

    @Option(name: .long, help: ArgumentHelp("Output format: table or json.", valueName: "format"))
    var format: ServeTokenCommand.List.ListFormat = .table

    @OptionGroup var database: ServeDatabaseOptions
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if let since, Self.date(since) == nil {
            throw ValidationError("--since \(since) is not a date: expected YYYY-MM-DD, e.g. 2026-11-01")
        }
    }

    func run() async throws {
        try await failingWithMessage {
            let now = Date()
            let first = since ?? BudgetPeriod(.month, containing: now).name + "-01"
            let records = try await database.withStore(global: global) { store in
                do throws(ServerStoreError) {
                    return try await store.usage(since: first)
                } catch {
                    throw CommandFailure("cannot read the usage: \(error.reason)")
                }
            }
            let report = UsageReport(records: records)
            let until = UsageReport.day(now)
            switch format {
            case .json: print(try Self.json(report, since: first, until: until))
            case .table: print(Self.table(report, since: first, until: until))
            }
        }
    }

    /// `YYYY-MM-DD` as a date, or `nil`.
    static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        guard text.count == 10, let date = formatter.date(from: text) else { return nil }
        return date
    }

    static func table(_ report: UsageReport, since: String, until: String) -> String {
        guard !report.clients.isEmpty else { return "No requests counted from \(since) to \(until) (UTC)." }
        var rows: [[String]] = []
        for client in report.clients {
            let total = report.total(client: client)
            rows.append([client, "(all)", String(total.requests), String(total.upstreamRequests)])
            for (provider, counts) in report.providers(client: client) {
                rows.append([client, provider.rawValue, String(counts.requests), String(counts.upstreamRequests)])
            }
        }
        return "Usage from \(since) to \(until) (UTC):\n"
            + TextTable.render(
                header: ["CLIENT", "PROVIDER", "REQUESTS", "UPSTREAM"],
                rows: rows,
                rightAligned: [2, 3]
            )
    }

    static func json(_ report: UsageReport, since: String, until: String) throws -> String {
        let clients: [[String: Any]] = report.clients.map { client in
            let total = report.total(client: client)
            return [
                "client": client,
                "requests": total.requests,
                "upstreamRequests": total.upstreamRequests,
                "providers": report.providers(client: client).map { provider, counts in
                    [
                        "provider": provider.rawValue, "requests": counts.requests,
                        "upstreamRequests": counts.upstreamRequests,
                    ]
                },
            ]
        }
        let object: [String: Any] = ["since": since, "until": until, "clients": clients]
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}

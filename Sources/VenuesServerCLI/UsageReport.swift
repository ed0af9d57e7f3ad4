import Foundation
import VenuesCore
import VenuesServerStore

/// The store's usage rows added up per client, and per client and provider, over the days
/// they cover.
struct UsageReport {
    /// What a client asked, or asked of one provider.
    struct Counts: Equatable {
        var requests = 0
        var upstreamRequests = 0
    }

    /// The clients' names, sorted.
    let clients: [String]
    private var totals: [String: Counts] = [:]
    private var byProvider: [String: [ProviderID: Counts]] = [:]

    init(records: [UsageRecord]) {
        for record in records {
            if let provider = record.provider {
                byProvider[record.client, default: [:]][provider, default: Counts()].requests += record.requests
                byProvider[record.client, default: [:]][provider, default: Counts()].upstreamRequests +=
                    record.upstreamRequests
                totals[record.client, default: Counts()].upstreamRequests += record.upstreamRequests
            } else {
                totals[record.client, default: Counts()].requests += record.requests
            }
        }
        clients = totals.keys.sorted()
    }

    /// A client's requests to the server and the requests sent upstream for it, in all.
    func total(client: String) -> Counts { totals[client] ?? Counts() }

    /// A client's counts per provider, by provider id.
    func providers(client: String) -> [(provider: ProviderID, counts: Counts)] {
        (byProvider[client] ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// `YYYY-MM-DD` of `date`, UTC: how usage days are named.
    static func day(_ date: Date) -> String { BudgetPeriod(.day, containing: date).name }
}

/// A plain-text table: a header row and columns padded to their widest cell.
enum TextTable {
    /// The lines of the table; columns in `rightAligned` are padded on the left (numbers).
    static func render(header: [String], rows: [[String]], rightAligned: Set<Int> = []) -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return rightAligned.contains(column) ? padding + cell : cell + padding
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n")
    }
}

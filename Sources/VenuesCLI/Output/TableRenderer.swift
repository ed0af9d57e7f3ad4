import Foundation
import VenuesCore

/// `--format table`: one line per venue that fits the given width, ★ for favourites, and
/// with `--explain` the merge reasons under each merged venue.
enum TableRenderer {
    static func render(_ document: ResultDocument, width: Int) -> String {
        guard !document.rows.isEmpty else {
            return "No venues found.\n" + footer(document)
        }
        let distanceWidth = 7
        let sourcesWidth = min(18, max(7, document.rows.map { sourcesLabel($0).count }.max() ?? 7))
        let categoryWidth = min(16, max(8, document.rows.map { categoryLabel($0).count }.max() ?? 8))
        let fixed = 2 + distanceWidth + categoryWidth + sourcesWidth + 4 * 2
        let flexible = max(20, width - fixed)
        let nameWidth = max(10, min(document.rows.map(\.name.count).max() ?? 10, flexible * 45 / 100))
        let longestAddress = document.rows.map { ($0.address ?? "").count }.max() ?? 0
        let addressWidth = max(8, min(flexible - nameWidth, longestAddress))

        var lines: [String] = []
        lines.append(
            [
                pad("", 1), pad("Name", nameWidth), pad("Dist", distanceWidth, right: true),
                pad("Category", categoryWidth), pad("Address", addressWidth), pad("Sources", sourcesWidth),
            ].joined(separator: "  ").trimmingTrailingSpaces()
        )
        for row in document.rows {
            lines.append(
                [
                    pad(row.favorite ? "★" : "", 1),
                    pad(row.name, nameWidth),
                    pad(row.distance.map(distanceLabel) ?? "", distanceWidth, right: true),
                    pad(categoryLabel(row), categoryWidth),
                    pad(row.address ?? "", addressWidth),
                    pad(sourcesLabel(row), sourcesWidth),
                ].joined(separator: "  ").trimmingTrailingSpaces()
            )
            if document.explain {
                let reasons = row.merge ?? []
                if reasons.isEmpty {
                    lines.append("   └ \(row.sources.first?.id ?? row.id): single source")
                }
                for reason in reasons {
                    lines.append(
                        truncate(
                            "   └ \(reason.first) + \(reason.second): \(reason.rule), \(Int(reason.distance.rounded())) m, name score \(String(format: "%.2f", reason.nameScore))",
                            width
                        )
                    )
                }
            }
        }
        return lines.joined(separator: "\n") + "\n" + footer(document)
    }

    private static func footer(_ document: ResultDocument) -> String {
        document.attribution.isEmpty ? "" : "Data: " + document.attribution.joined(separator: " · ") + "\n"
    }

    static func distanceLabel(_ metres: Double) -> String {
        metres < 1000 ? "\(Int(metres.rounded())) m" : String(format: "%.1f km", metres / 1000)
    }

    /// The first shared category, else the provider's own label, else nothing.
    static func categoryLabel(_ row: ResultDocument.Row) -> String {
        row.categories.first.map { $0.replacingOccurrences(of: "_", with: " ") } ?? row.providerLabel ?? ""
    }

    private static func sourcesLabel(_ row: ResultDocument.Row) -> String {
        row.sources.map(\.provider).joined(separator: "+")
    }

    /// Cuts to `width` characters with an ellipsis.
    static func truncate(_ text: String, _ width: Int) -> String {
        guard text.count > width else { return text }
        guard width > 1 else { return String(text.prefix(width)) }
        return String(text.prefix(width - 1)) + "…"
    }

    private static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let cut = truncate(text, width)
        let padding = String(repeating: " ", count: max(0, width - cut.count))
        return right ? padding + cut : cut + padding
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}

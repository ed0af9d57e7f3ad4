import Foundation
import VenuesCore
import VenuesOutput

/// `--format table`: one line per venue, ★ for favourites, and with `--explain` the merge
/// reasons under each venue. Every line fits `width` terminal columns (measured with
/// ``DisplayWidth``): narrow terminals get narrower name and address columns, then lose the
/// address and sources columns (see ``TableLayout``).
enum TableRenderer {
    static func render(_ document: ResultDocument, width: Int) -> String {
        guard !document.rows.isEmpty else {
            let message = emptyMessage(document).flatMap { DisplayWidth.wrap($0, to: max(1, width)) }
            return fitted(message + footer(document, width: width), width: width)
        }
        let layout = TableLayout(natural: naturalWidths(document.rows), width: width)
        var lines = [line(layout) { $0.title }]
        for row in document.rows {
            lines.append(line(layout) { cell($0, of: row) })
            if document.explain {
                lines += explanation(of: row, width: width)
            }
        }
        return fitted(lines + footer(document, width: width), width: width)
    }

    /// The widest content of each column, header included.
    private static func naturalWidths(_ rows: [ResultDocument.Row]) -> [TableLayout.Column: Int] {
        var natural: [TableLayout.Column: Int] = [:]
        // The "Open" column only when some row's hours are known: a column of "?" says nothing.
        let hoursKnown = rows.contains { $0.hours.map { $0.state != "unknown" || $0.source != nil } ?? false }
        for column in TableLayout.Column.allCases where column != .open || hoursKnown {
            natural[column] = rows.reduce(DisplayWidth.of(column.title)) {
                max($0, DisplayWidth.of(cell(column, of: $1)))
            }
        }
        return natural
    }

    /// One line of padded cells, trailing spaces removed.
    private static func line(_ layout: TableLayout, _ text: (TableLayout.Column) -> String) -> String {
        layout.columns.map { column in
            DisplayWidth.pad(text(column), to: layout.widths[column] ?? 0, alignRight: column == .distance)
        }
        .joined(separator: String(repeating: " ", count: TableLayout.gap))
        .trimmingTrailingSpaces()
    }

    private static func cell(_ column: TableLayout.Column, of row: ResultDocument.Row) -> String {
        switch column {
        case .marker: row.favorite ? "★" : ""
        case .name: row.name
        case .distance: row.distance.map(distanceLabel) ?? ""
        case .open: row.hours?.words ?? "?"
        case .category: categoryLabel(row)
        case .address: row.address ?? ""
        case .sources: sourcesLabel(row)
        }
    }

    /// `--explain`: why the row's sources were merged — the rule, distance and name score,
    /// then the evidence in words, wrapped under it — or that it has a single source.
    private static func explanation(of row: ResultDocument.Row, width: Int) -> [String] {
        hoursDisagreement(of: row) + mergeReasons(of: row, width: width)
    }

    /// When the sources' hours disagree about the moment: which says what.
    private static func hoursDisagreement(of row: ResultDocument.Row) -> [String] {
        guard let hours = row.hours, hours.sourcesDisagree, let source = hours.source else { return [] }
        let other = hours.state == "open" ? "closed" : "open"
        return ["   └ hours: \(source) says \(hours.state), \(hours.disagreeing.joined(separator: ", ")) \(other)"]
    }

    private static func mergeReasons(of row: ResultDocument.Row, width: Int) -> [String] {
        let reasons = row.merge ?? []
        guard !reasons.isEmpty else {
            return ["   └ \(row.sources.first?.id ?? row.id): single source"]
        }
        let indent = "     "
        return reasons.flatMap { reason in
            let summary =
                "   └ \(reason.first) + \(reason.second): \(reason.rule), \(Int(reason.distance.rounded())) m, "
                + "name score \(String(format: "%.2f", reason.nameScore))"
            guard !reason.evidence.isEmpty else { return [summary] }
            let evidence = DisplayWidth.wrap(reason.evidence, to: max(1, width - indent.count)).map { indent + $0 }
            return [summary] + evidence
        }
    }

    /// The attribution owed to the providers shown, wrapped at spaces to the width.
    private static func footer(_ document: ResultDocument, width: Int) -> [String] {
        guard !document.attribution.isEmpty else { return [] }
        return DisplayWidth.wrap("Data: " + document.attribution.joined(separator: " · "), to: max(1, width))
    }

    /// The lines joined, each cut to `width` columns: the last resort for terminals narrower
    /// than the narrowest layout, and for long `--explain` lines.
    private static func fitted(_ lines: [String], width: Int) -> String {
        lines.map { DisplayWidth.truncate($0, to: max(1, width)) }.joined(separator: "\n") + "\n"
    }

    /// Where nothing was found, and how to search elsewhere when no location was given.
    static func emptyMessage(_ document: ResultDocument) -> [String] {
        var lines = ["No venues found within \(document.radius) m of \(document.center)."]
        if document.centerSource == .fallback {
            lines.append(
                "No location was given, so that is Amsterdam Centraal: give --near LAT,LON, or set defaultLocation in your configuration."
            )
        }
        return lines
    }

    static func distanceLabel(_ metres: Double) -> String {
        metres < 1000 ? "\(Int(metres.rounded())) m" : String(format: "%.1f km", metres / 1000)
    }

    /// The first shared category, else the provider's own label, else nothing.
    static func categoryLabel(_ row: ResultDocument.Row) -> String {
        row.categories.first.map { $0.replacingOccurrences(of: "_", with: " ") } ?? row.providerLabel ?? ""
    }

    /// The providers of the row's sources, each once (a provider may list a place twice).
    private static func sourcesLabel(_ row: ResultDocument.Row) -> String {
        var seen = Set<String>()
        return row.sources.map(\.provider).filter { seen.insert($0).inserted }.joined(separator: "+")
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}

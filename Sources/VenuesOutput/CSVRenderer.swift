import Foundation

/// `--format csv`: RFC 4180 (CRLF line ends, quoted where needed) with a header row. Text
/// cells that a spreadsheet would run as a formula are prefixed with `'`. `open` is the opening
/// state at the listing's moment (`open`, `closed`, `unknown`). The last column,
/// `attribution`, holds the lines each row's data owes (its providers' and its datasets'),
/// separated by ` · `.
public enum CSVRenderer {
    /// The documented header of nearby and search listings.
    public static let header = [
        "id", "name", "latitude", "longitude", "distance", "address", "categories", "phone", "website", "rating",
        "favorite", "open", "sources", "attribution",
    ]
    /// Favourites listings add the user's note and when the favourite was added, as the JSON does.
    public static let favoritesHeader = header + ["note", "addedAt"]

    public static func render(_ document: ResultDocument) -> String {
        let favorites = document.kind == .favorites
        var lines = [(favorites ? favoritesHeader : header).map(field).joined(separator: ",")]
        for row in document.rows {
            var cells = [
                text(row.id), text(row.name), number(row.latitude), number(row.longitude),
                row.distance.map(number) ?? "",
                text(row.address), text(row.categories.joined(separator: ";")), text(row.phone), text(row.website),
                row.rating.map(number) ?? "", row.favorite ? "true" : "false", row.hours?.state ?? "unknown",
                text(row.sources.map(\.id).joined(separator: ";")),
                text(document.attribution(of: row).joined(separator: " · ")),
            ]
            if favorites {
                cells += [text(row.note), text(row.addedAt)]
            }
            lines.append(cells.joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// A text cell: neutralised against formula injection, then quoted if needed.
    public static func text(_ value: String?) -> String {
        guard var value, !value.isEmpty else { return "" }
        if let first = value.unicodeScalars.first, ["=", "+", "-", "@", "\t", "\r"].contains(first) {
            value = "'" + value
        }
        return field(value)
    }

    /// Quotes a field when it holds a comma, quote or line break (RFC 4180 §2.6–2.7). Looks at
    /// scalars, not characters: `"\r\n"` is one character that equals neither `"\r"` nor `"\n"`.
    public static func field(_ value: String) -> String {
        if value.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) {
            return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        return value
    }

    private static func number(_ value: Double) -> String {
        String(value)
    }
}

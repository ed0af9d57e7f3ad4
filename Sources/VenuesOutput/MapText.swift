import Foundation
public import VenuesCore

/// The words the map page shows for a document (unescaped: the page escapes them).
public enum MapText {
    /// `60.17100, 24.94140`.
    public static func coordinate(_ latitude: Double, _ longitude: Double) -> String {
        String(format: "%.5f, %.5f", latitude, longitude)
    }

    /// `12 m`, `1.2 km`.
    public static func distance(_ meters: Double) -> String {
        meters < 1000 ? "\(Int(meters.rounded())) m" : String(format: "%.1f km", meters / 1000)
    }

    /// The first shared category, else the provider's own label, else nothing.
    public static func category(_ row: ResultDocument.Row) -> String? {
        row.categories.first.map { $0.replacingOccurrences(of: "_", with: " ") } ?? row.providerLabel
    }

    /// The page's heading: what was searched, where.
    public static func heading(_ document: ResultDocument) -> String {
        let count = document.rows.count
        let venues = "\(count) \(count == 1 ? "venue" : "venues")"
        let place = coordinate(document.center.latitude, document.center.longitude)
        switch document.kind {
        case .favorites:
            let favorites = "\(count) \(count == 1 ? "favourite" : "favourites")"
            guard document.mapCenter != nil else { return favorites }
            return document.radius > 0
                ? "\(favorites) within \(document.radius) m of \(place)" : "\(favorites) near \(place)"
        case .search:
            return "\(venues) for “\(document.term ?? "")” within \(document.radius) m of \(place)"
        case .nearby:
            return "\(venues) within \(document.radius) m of \(place)"
        }
    }

    /// Where the centre came from, in words; `nil` when it was given.
    public static func centerNote(_ document: ResultDocument) -> String? {
        switch document.centerSource {
        case .given: nil
        case .located(let provider): "The centre was located by \(provider.rawValue) from your IP address."
        case .fallback:
            document.kind == .favorites
                ? nil : "No location was given, so the centre is Amsterdam Centraal (give --near LAT,LON)."
        }
    }

    /// One line per provider: how many venues in how long from where, or why it failed.
    public static func providerLine(_ status: ResultDocument.ProviderStatus) -> String {
        if status.ok {
            var line = "\(status.provider): \(status.count) \(status.count == 1 ? "venue" : "venues") "
            line += "in \(status.milliseconds) ms"
            if let source = status.source {
                line += " (\(source)"
                if let coverage = status.coverage, coverage < 1 {
                    line += ", \(Int((coverage * 100).rounded())) % of the circle"
                }
                line += ")"
            }
            return line
        }
        var line = "\(status.provider): failed, \(status.errorKind ?? "error")"
        if let message = status.errorMessage, !message.isEmpty { line += ": \(message)" }
        return line
    }

    /// The attribution the map shows: the data providers' (``ResultDocument/attribution``),
    /// then the tiles' when tiles are drawn.
    public static func attributionLines(_ document: ResultDocument, tiles: Bool) -> [String] {
        var lines: [String] = []
        if !document.attribution.isEmpty { lines.append("Data: " + document.attribution.joined(separator: " · ")) }
        if tiles { lines.append("Map tiles: \(OSMTiles.attribution)") }
        return lines
    }
}

extension ResultDocument {
    /// The centre the map marks: the search's; for favourites, only when one was given.
    public var mapCenter: Coordinate? {
        kind == .favorites && centerSource == .fallback ? nil : center
    }
}

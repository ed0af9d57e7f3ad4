import MCP

/// The short text that goes with a tool's structured answer, for assistants that read text: a
/// line per venue (name, distance, address, hours, id), each failed provider and its reason.
enum VenueToolText {
    /// The most venues written out; the structured answer has them all.
    static let shownVenues = 20

    static func render(_ tool: VenueToolCatalog.Name, _ document: Value) -> String {
        let object = document.objectValue ?? [:]
        switch tool {
        case .nearby, .search, .favoritesList:
            return listing(object, favorites: tool == .favoritesList)
        case .place:
            return venueLine(object, number: nil)
        case .favoriteAdd, .favoriteRemove, .providers:
            return object["message"]?.stringValue ?? String(describing: document)
        case .hours:
            return hours(object)
        }
    }

    private static func listing(_ object: [String: Value], favorites: Bool) -> String {
        let venues = object["venues"]?.arrayValue ?? []
        var lines: [String] = []
        let noun =
            favorites ? (venues.count == 1 ? "favourite" : "favourites") : (venues.count == 1 ? "venue" : "venues")
        var heading = "\(venues.count) \(noun)"
        if let query = object["query"]?.objectValue, let latitude = query["latitude"],
            let longitude = query["longitude"]
        {
            heading +=
                " within \(number(query["radius"]) ?? "?") m of \(number(latitude) ?? "?"),\(number(longitude) ?? "?")"
            if let term = query["term"]?.stringValue { heading += " matching \"\(term)\"" }
        }
        lines.append(heading + (venues.isEmpty ? "." : ":"))
        for (index, venue) in venues.prefix(shownVenues).enumerated() {
            lines.append(venueLine(venue.objectValue ?? [:], number: index + 1))
        }
        if venues.count > shownVenues {
            lines.append("… and \(venues.count - shownVenues) more in the structured answer.")
        }
        for provider in object["providers"]?.arrayValue ?? [] {
            guard let outcome = provider.objectValue, outcome["status"]?.stringValue != "ok" else { continue }
            let name = outcome["provider"]?.stringValue ?? "?"
            let status = outcome["status"]?.stringValue ?? "failed"
            let reason = outcome["message"]?.stringValue ?? outcome["error"]?.stringValue
            lines.append("\(name): \(status)" + (reason.map { " (\($0))" } ?? ""))
        }
        if let attribution = object["attribution"]?.arrayValue?.compactMap(\.stringValue), !attribution.isEmpty {
            lines.append(attribution.joined(separator: "; "))
        }
        return lines.joined(separator: "\n")
    }

    private static func venueLine(_ venue: [String: Value], number: Int?) -> String {
        var parts = [venue["name"]?.stringValue ?? "(no name)"]
        if let distance = self.number(venue["distance"]) { parts.append("\(distance) m") }
        if let address = venue["address"]?.stringValue, !address.isEmpty { parts.append(address) }
        if let hours = venue["hours"]?.objectValue, let state = hours["state"]?.stringValue, state != "unknown" {
            var text = state
            if let next = hours["nextChange"]?.stringValue { text += " until \(next)" }
            parts.append(text)
        }
        if venue["favorite"]?.boolValue == true { parts.append("★ favourite") }
        if let id = venue["id"]?.stringValue { parts.append(id) }
        return (number.map { "\($0). " } ?? "") + parts.joined(separator: " · ")
    }

    private static func hours(_ object: [String: Value]) -> String {
        let value = object["value"]?.stringValue ?? ""
        let state = object["state"]?.stringValue ?? "unknown"
        if let error = object["error"]?.stringValue { return "\(value): unknown (\(error))" }
        var line = "\(value): \(state)"
        if let next = object["nextChange"]?.stringValue, let nextState = object["nextState"]?.stringValue {
            line += ", \(nextState) from \(next)"
        }
        if let comment = object["comment"]?.stringValue { line += " (\"\(comment)\")" }
        if let zone = object["timeZone"]?.stringValue { line += " [\(zone)]" }
        return line
    }

    /// A number as JSON wrote it, without a needless `.0`.
    private static func number(_ value: Value?) -> String? {
        switch value {
        case .int(let integer)?: String(integer)
        case .double(let double)?:
            double.rounded() == double && abs(double) < 1e15 ? String(Int(double)) : String(double)
        default: nil
        }
    }
}

import VenuesCore

/// One entry of Foursquare's `hours.regular`: a day (1 is Monday … 7 Sunday) and a span as
/// `HHMM` strings; a close before the open, or written `+HHMM`, is on the next day.
struct FoursquareHoursEntry: Decodable, Sendable, Hashable {
    var day: Int
    var open: String
    var close: String
}

/// Foursquare's regular hours written in OpenStreetMap `opening_hours` syntax, the one syntax
/// the hours engine reads (``VenueHours``): one rule per entry (`Mo 08:00-22:00`), joined as
/// additional rules (`, `) so that none overrides another. A close at `2359` is read as the end
/// of the day (`24:00`): Foursquare writes a night past midnight as two entries, the first
/// ending at 23:59.
enum FoursquareHours {
    private static let weekdays = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]

    /// The place's hours, when it has a readable regular week or says whether it is open now.
    static func hours(of place: FoursquarePlaceDTO) -> [VenueHours] {
        guard let specification = specification(place.regularHours) else { return [] }
        return [
            VenueHours(
                provider: .foursquare,
                specification: specification,
                text: place.hoursDisplay,
                timeZone: place.timeZone,
                openNow: place.openNow
            )
        ]
    }

    /// The entries as rules; `nil` when none can be read.
    static func specification(_ entries: [FoursquareHoursEntry]) -> String? {
        let rules = entries.compactMap { entry -> String? in
            guard (1...7).contains(entry.day), let open = time(entry.open), var close = time(entry.close) else {
                return nil
            }
            if close == "23:59" { close = "24:00" }
            return "\(weekdays[entry.day - 1]) \(open)-\(close)"
        }
        return rules.isEmpty ? nil : rules.joined(separator: ", ")
    }

    /// `0800` → `08:00`; `+0200` (the next day) → `02:00`, which the rule reads as past midnight
    /// because it is before the open.
    private static func time(_ text: String) -> String? {
        var digits = Substring(text)
        if digits.first == "+" { digits = digits.dropFirst() }
        guard digits.count == 4, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
            let hour = Int(digits.prefix(2)), let minute = Int(digits.suffix(2)), hour <= 24, minute < 60
        else { return nil }
        return "\(digits.prefix(2)):\(digits.suffix(2))"
    }
}

public import Foundation

/// How long a venue must stay open (`--open-for`): `90m`, `1h`, `1h30m`, `2h15`, `45min`, a
/// number of minutes (`90`), or ISO 8601 (`PT1H30M`). At most a week.
public enum HoursDuration {
    /// The forms accepted, for messages.
    public static let forms = "minutes (90), 90m, 1h30m or PT1H30M, at most a week"

    /// The duration in seconds, or `nil` when `text` is none of the forms (or is 0 or more
    /// than a week).
    public static func seconds(_ text: String) -> TimeInterval? {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces).lowercased())
        if rest.hasPrefix("pt") { rest = rest.dropFirst(2) }
        if let minutes = Int(rest) { return checked(minutes * 60) }
        var total = 0
        var number = ""
        var sawUnit = false
        var index = rest.startIndex
        while index < rest.endIndex {
            let character = rest[index]
            if character.isASCII, character.isNumber {
                number.append(character)
                index = rest.index(after: index)
                continue
            }
            guard let value = Int(number) else { return nil }
            let unit = rest[index...].prefix { $0.isLetter }
            switch unit {
            case "h", "hr", "hrs", "hour", "hours": total += value * 3_600
            case "m", "min", "mins", "minute", "minutes": total += value * 60
            case "s": total += value
            default: return nil
            }
            sawUnit = true
            number = ""
            index = rest.index(index, offsetBy: unit.count)
        }
        if !number.isEmpty {
            // `2h15`: minutes after hours.
            guard sawUnit, let value = Int(number) else { return nil }
            total += value * 60
        }
        return sawUnit ? checked(total) : nil
    }

    private static func checked(_ seconds: Int) -> TimeInterval? {
        (1...(7 * 86_400)).contains(seconds) ? TimeInterval(seconds) : nil
    }
}

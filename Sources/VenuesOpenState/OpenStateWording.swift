public import Foundation

/// A venue's state in a few words for a table or a badge, in the venue's own time:
/// `open until 21:00`, `closes in 20 min`, `opens 09:00`, `opens Mon 10:00`, `open`, `closed`,
/// `?` (unknown).
public enum OpenStateWording {
    /// Within this many seconds of closing, the words count the minutes.
    public static let closingSoon: TimeInterval = 3_600

    /// The words for `state` seen at `instant`.
    public static func words(_ state: VenueOpenState, at instant: Date) -> String {
        switch state.state {
        case .unknown:
            return "?"
        case .open:
            guard let next = state.nextChange else { return "open" }
            let seconds = next.timeIntervalSince(instant)
            if state.nextState == .unknown { return "open, then ?" }
            if seconds <= closingSoon, state.nextState == .closed {
                return "closes in \(max(1, Int((seconds / 60).rounded(.up)))) min"
            }
            return "open until \(when(next, from: instant, in: state.timeZone))"
        case .closed:
            guard let next = state.nextChange else { return "closed" }
            return state.nextState == .unknown
                ? "closed, then ?" : "opens \(when(next, from: instant, in: state.timeZone))"
        }
    }

    /// `21:00` within a day of `instant`, else `Mon 10:00`.
    static func when(_ date: Date, from instant: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.weekday, .hour, .minute], from: date)
        let time = String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
        if date.timeIntervalSince(instant) < 86_400 - 3_600 { return time }
        let names = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        return "\(names[((parts.weekday ?? 1) - 1) % 7]) \(time)"
    }

    /// A date and time in the zone, as ISO 8601 with its offset (`2026-11-30T17:00:00+02:00`).
    /// Written by hand from the zone's offset at that instant: a date formatter made per call
    /// was most of `venues hours`'s time per value.
    public static func iso8601(_ date: Date, in zone: TimeZone) -> String {
        let offset = zone.secondsFromGMT(for: date)
        let local = Int((date.timeIntervalSince1970).rounded(.down)) + offset
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let seconds = local - days * 86_400
        // Days since 1970-01-01 to a civil date (proleptic Gregorian).
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        let sign = offset < 0 ? "-" : "+"
        let magnitude = abs(offset)
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(seconds / 3_600, 2)):"
            + "\(pad(seconds % 3_600 / 60, 2)):\(pad(seconds % 60, 2))"
            + (offset == 0 ? "Z" : "\(sign)\(pad(magnitude / 3_600, 2)):\(pad(magnitude % 3_600 / 60, 2))")
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}

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
    public static func iso8601(_ date: Date, in zone: TimeZone) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = zone
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}

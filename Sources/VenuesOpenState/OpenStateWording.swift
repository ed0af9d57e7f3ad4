public import Foundation
import VenuesCore
import VenuesHours

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

    /// `21:00` within a day of `instant`, else `Mon 10:00`: the wall-clock time from the zone's
    /// offset at `date` by integer arithmetic (a calendar and a format per venue were most of
    /// what a listing's hours cost to print).
    static func when(_ date: Date, from instant: Date, in zone: TimeZone) -> String {
        let local = wallClock(date, offset: ZoneOffsetCache.shared.offset(of: zone, at: date))
        let seconds = Int((local % 86_400 + 86_400) % 86_400)
        let time = twoDigits(seconds / 3_600) + ":" + twoDigits(seconds % 3_600 / 60)
        if date.timeIntervalSince(instant) < 86_400 - 3_600 { return time }
        // Day 0, 1970-01-01, was a Thursday.
        let days = (local - Int64(seconds)) / 86_400
        let names = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
        return names[Int((days % 7 + 7) % 7)] + " " + time
    }

    /// `value` (0–99) in two digits.
    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// A date and time in the zone, as ISO 8601 with its offset (`2026-11-30T17:00:00+02:00`):
    /// the wall-clock time written by ``UTCTimestamp`` (integer arithmetic, no formatter: one
    /// made per call was most of `venues hours`'s time per value), then the zone's offset.
    public static func iso8601(_ date: Date, in zone: TimeZone) -> String {
        if let text = iso8601(date, offset: ZoneOffsetCache.shared.offset(of: zone, at: date)) { return text }
        // Outside years 1–9999: Foundation's formatter writes it.
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = zone
        return formatter.string(from: date)
    }

    /// ``iso8601(_:in:)`` with the zone's offset at `date` already known (``ZoneOffsetCache``);
    /// `nil` outside years 1–9999.
    public static func iso8601(_ date: Date, offset: Int) -> String? {
        var bytes: [UInt8] = []
        guard UTCTimestamp.append(wallClock: wallClock(date, offset: offset), offset: offset, to: &bytes) else {
            return nil
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The seconds after 1970-01-01T00:00 of the wall-clock time at `date` in a zone `offset`
    /// seconds east of UTC (to the second below).
    static func wallClock(_ date: Date, offset: Int) -> Int64 {
        Int64(date.timeIntervalSince1970.rounded(.down)) + Int64(offset)
    }
}

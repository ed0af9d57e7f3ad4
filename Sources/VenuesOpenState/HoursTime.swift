public import Foundation
import VenuesHours

/// When a listing's hours are asked about (`--open-at`): an instant, or a wall-clock time
/// read in each venue's own zone.
///
/// Accepted (ISO 8601): `2026-12-24T18:00:00+02:00` or `…Z` (an instant); `2026-12-24T18:00`
/// (that date and time where each venue is); `18:00` or `18:00:30` (today where each venue is);
/// `18:00+02:00` (today, in that offset). A date alone is refused: a time is what is asked.
public enum HoursTime: Sendable, Hashable {
    /// One instant for every venue.
    case instant(Date)
    /// A time of day, on a date or today, in each venue's own zone.
    case local(date: LocalDate?, hour: Int, minute: Int, second: Int)

    /// A calendar date.
    public struct LocalDate: Sendable, Hashable {
        public var year: Int
        public var month: Int
        public var day: Int
    }

    /// Why a time could not be read.
    public struct Problem: Error, Sendable, Hashable {
        /// In plain words, with the forms accepted.
        public var message: String
    }

    /// The forms accepted, for messages.
    public static let forms = "an ISO 8601 time such as 18:00, 2026-12-24T18:00 or 2026-12-24T18:00+02:00"

    /// Reads `text`.
    public static func parse(_ text: String) throws(Problem) -> HoursTime {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var date: LocalDate?
        var rest = Substring(trimmed)
        if let t = rest.firstIndex(where: { $0 == "T" || $0 == "t" || $0 == " " }) {
            date = try Self.date(rest[..<t], text: text)
            rest = rest[rest.index(after: t)...]
        } else if rest.contains("-"),
            rest.firstIndex(of: "-").map({ rest.distance(from: rest.startIndex, to: $0) }) == 4
        {
            throw Problem(message: "'\(text)' is a date without a time: give \(forms)")
        }
        // The time and an optional zone: Z, +HH:MM, +HHMM, +HH.
        var zone: Int?
        if rest.hasSuffix("Z") || rest.hasSuffix("z") {
            zone = 0
            rest = rest.dropLast()
        } else if let sign = rest.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            zone = try Self.offset(rest[sign...], text: text)
            rest = rest[..<sign]
        }
        let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
            let hour = Int(parts[0]), let minute = Int(parts[1]), (0...23).contains(hour), (0...59).contains(minute)
        else { throw Problem(message: "'\(text)' is not a time: give \(forms)") }
        var second = 0
        if parts.count == 3 {
            guard let value = Int(parts[2].prefix(2)), (0...59).contains(value) else {
                throw Problem(message: "'\(text)' is not a time: give \(forms)")
            }
            second = value
        }
        guard let zone else { return .local(date: date, hour: hour, minute: minute, second: second) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: zone)!
        let day =
            date
            ?? {
                let today = calendar.dateComponents([.year, .month, .day], from: Date())
                return LocalDate(year: today.year!, month: today.month!, day: today.day!)
            }()
        guard
            let instant = calendar.date(
                from: DateComponents(
                    year: day.year,
                    month: day.month,
                    day: day.day,
                    hour: hour,
                    minute: minute,
                    second: second
                )
            )
        else { throw Problem(message: "'\(text)' is not a time: give \(forms)") }
        return .instant(instant)
    }

    /// The instant this time is in `zone`, the date taken from `now` there when none was given.
    public func instant(in zone: TimeZone, now: Date) -> Date {
        switch self {
        case .instant(let date):
            return date
        case .local(let date, let hour, let minute, let second):
            // By integer arithmetic where no transition is near (a calendar made and asked was
            // most of what a listing's moment cost).
            if let instant = ZoneOffsetCache.shared.offsets(of: zone).instantAwayFromTransitions(
                day: date.map { ($0.year, $0.month, $0.day) },
                hour: hour,
                minute: minute,
                second: second,
                now: now
            ) {
                return instant
            }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let today = calendar.dateComponents([.year, .month, .day], from: now)
            let components = DateComponents(
                year: date?.year ?? today.year,
                month: date?.month ?? today.month,
                day: date?.day ?? today.day,
                hour: hour,
                minute: minute,
                second: second
            )
            // A wall-clock time skipped by a daylight-saving change is taken as the next one.
            return calendar.date(from: components) ?? now
        }
    }

    private static func date(_ text: Substring, text whole: String) throws(Problem) -> LocalDate {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), (1...31).contains(day)
        else { throw Problem(message: "'\(whole)' has no date of the form YYYY-MM-DD: give \(forms)") }
        return LocalDate(year: year, month: month, day: day)
    }

    private static func offset(_ text: Substring, text whole: String) throws(Problem) -> Int {
        let sign = text.first == "-" ? -1 : 1
        let digits = text.dropFirst().filter { $0 != ":" }
        guard digits.count == 2 || digits.count == 4, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            let hours = Int(digits.prefix(2)), let minutes = Int(digits.count == 4 ? String(digits.suffix(2)) : "0"),
            hours <= 14, minutes < 60
        else { throw Problem(message: "'\(whole)' has an offset that is not ±HH:MM: give \(forms)") }
        return sign * (hours * 3_600 + minutes * 60)
    }
}

public import Foundation

/// The week of an `opening_hours` value whose days differ only by their weekday, and by whether
/// they are public holidays (no dates, weeks, months, years, school holidays or sun times: most
/// values, `Mo-Fr 09:00-18:00; Sa 10:00-16:00; PH off`), compiled once into the open and unknown
/// stretches of each weekday that is no public holiday, and kept as bytes: an index compiles each
/// distinct value when it is built, and a filter on open places judges a venue from them without
/// reading its value again.
///
/// ``state(weekday:minute:)`` is what ``OpeningHours/state(at:in:)`` says at that wall-clock
/// time in any zone (each day's stretches are the evaluator's own, the previous day's spill
/// included) — for a value that names `PH`, on an ordinary day (``isOrdinaryDay(atWall:country:)``)
/// only.
public struct HoursWeek: Sendable, Hashable {
    /// The compiled form, as kept: a version byte, a byte of flags (1: the value names `PH`),
    /// then for each weekday from Monday the count of its stretches and each stretch as its first
    /// minute and the minute after it (two bytes each, little-endian) and its state (1 open, 2
    /// unknown).
    public let bytes: [UInt8]
    /// The form ``bytes`` are in, and the evaluation they hold: raised whenever either changes,
    /// so that weeks compiled by another build are not read (their values are evaluated).
    static let version: UInt8 = 1
    /// Monday 2024-09-09: the week a value is compiled on, with Finland's holidays, of which
    /// neither that week nor the Sunday before has any (any week would do for a value without
    /// `PH`).
    static let monday = CivilDate(year: 2024, month: 9, day: 9).dayNumber
    static let compilingCountry = "FI"

    /// Whether the value names public holidays (`PH`): its week is then the week of days that
    /// are none, and says nothing of a holiday or the day after one.
    public var dependsOnPublicHolidays: Bool { bytes[1] & 1 != 0 }

    /// The week of `hours`; `nil` when its days depend on more than the weekday and public
    /// holidays (`PH` without a day offset), or on the sun.
    public init?(compiling hours: OpeningHours) {
        guard
            hours.rules.allSatisfy({ rule in
                rule.dependsOnWeekdayAndHolidaysOnly && !rule.usesSunEvents
                    && rule.holidays.allSatisfy { $0 == .publicHoliday(dayOffset: 0) }
            })
        else { return nil }
        var evaluator = ScheduleEvaluator(
            rules: hours.rules,
            context: HoursContext(timeZone: TimeZone(secondsFromGMT: 0)!, country: Self.compilingCountry)
        )
        let namesHolidays = hours.rules.contains { !$0.holidays.isEmpty }
        var bytes = [Self.version, namesHolidays ? 1 : 0]
        for weekday in 0..<7 {
            let stretches = evaluator.schedule(for: CivilDate(dayNumber: Self.monday + weekday)).segments.filter {
                $0.kind != .closed
            }
            guard stretches.count <= Int(UInt8.max) else { return nil }
            bytes.append(UInt8(stretches.count))
            for stretch in stretches {
                for minute in [stretch.start, stretch.end] {
                    bytes.append(UInt8(truncatingIfNeeded: minute))
                    bytes.append(UInt8(truncatingIfNeeded: minute >> 8))
                }
                bytes.append(stretch.kind == .open ? 1 : 2)
            }
        }
        self.bytes = bytes
    }

    /// The week `bytes` hold; `nil` unless they are a whole week of this form.
    public init?(bytes: [UInt8]) {
        guard bytes.first == Self.version, bytes.count >= 2 else { return nil }
        var index = 2
        for _ in 0..<7 {
            guard index < bytes.count else { return nil }
            let count = Int(bytes[index])
            index += 1 + count * 5
            guard index <= bytes.count else { return nil }
        }
        guard index == bytes.count else { return nil }
        self.bytes = bytes
    }

    /// The compiled week of the value `text`; `nil` when it cannot be read or is not compiled.
    public static func compile(_ text: String) -> HoursWeek? {
        guard let hours = try? OpeningHours(text) else { return nil }
        return HoursWeek(compiling: hours)
    }

    /// The state at `minute` (0..<1440) of `weekday` (Monday = 0 … Sunday = 6).
    public func state(weekday: Int, minute: Int) -> HoursState {
        bytes.withUnsafeBufferPointer { bytes in
            var index = 2
            for _ in 0..<weekday { index += 1 + Int(bytes[index]) * 5 }
            let count = Int(bytes[index])
            index += 1
            for _ in 0..<count {
                let start = Int(bytes[index]) | Int(bytes[index + 1]) << 8
                let end = Int(bytes[index + 2]) | Int(bytes[index + 3]) << 8
                if start <= minute && minute < end { return bytes[index + 4] == 1 ? .open : .unknown }
                if minute < start { break }
                index += 5
            }
            return .closed
        }
    }

    /// Whether the day of the wall-clock time `wallSeconds` and the day before are known not to
    /// be public holidays in `country`: `false` when they are, or when the country's holidays
    /// are not known (a week that ``dependsOnPublicHolidays`` says nothing of such a day).
    public static func isOrdinaryDay(atWall wallSeconds: Int, country: String?) -> Bool {
        var holidays = HolidayLookup(country: country)
        guard holidays.knowsCountry else { return false }
        let day = CivilDate(wallSeconds: wallSeconds)
        return holidays.isPublicHoliday(day) == .no && holidays.isPublicHoliday(day.adding(days: -1)) == .no
    }

    /// The wall-clock time in `zone` at `instant`, as ``state(atWall:)`` reads it: seconds after
    /// 1970-01-01T00:00 there, to the second below (as the evaluator reads it).
    public static func wallSeconds(at instant: Date, in zone: TimeZone) -> Int {
        WallClock(timeZone: zone).wallSeconds(for: instant)
    }

    /// The state at the wall-clock time `wallSeconds` seconds after 1970-01-01T00:00 (local).
    public func state(atWall wallSeconds: Int) -> HoursState {
        let day = CivilDate(wallSeconds: wallSeconds)
        return state(weekday: day.weekday, minute: (wallSeconds - day.dayNumber * 86_400) / 60)
    }
}

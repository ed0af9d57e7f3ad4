/// A calendar day in the proleptic Gregorian calendar, counted as days since 1970-01-01.
///
/// All date arithmetic of the engine runs on this integer day number, so it never depends on
/// Foundation's calendars and never on a time zone.
struct CivilDate: Hashable, Comparable, Sendable {
    /// Days since 1970-01-01 (negative before it).
    var dayNumber: Int

    init(dayNumber: Int) {
        self.dayNumber = dayNumber
    }

    /// The day of the wall-clock time `wallSeconds` seconds after 1970-01-01T00:00 (local).
    init(wallSeconds: Int) {
        dayNumber = wallSeconds >= 0 ? wallSeconds / 86_400 : -((-wallSeconds + 86_399) / 86_400)
    }

    /// The day `day` of `month` (1...12) in `year`; out-of-range days roll over as in arithmetic.
    init(year: Int, month: Int, day: Int) {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let shiftedMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        dayNumber = era * 146_097 + dayOfEra - 719_468
    }

    /// Year, month (1...12) and day (1...31).
    var components: (year: Int, month: Int, day: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The weekday, Monday = 0 … Sunday = 6.
    var weekday: Int {
        ((dayNumber + 3) % 7 + 7) % 7
    }

    /// The ISO 8601 week number (1...53).
    var isoWeek: Int {
        let thursday = dayNumber - weekday + 3
        let thursdayYear = CivilDate(dayNumber: thursday).components.year
        return (thursday - CivilDate(year: thursdayYear, month: 1, day: 1).dayNumber) / 7 + 1
    }

    /// This date moved by `days`.
    func adding(days: Int) -> CivilDate {
        CivilDate(dayNumber: dayNumber + days)
    }

    static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        lhs.dayNumber < rhs.dayNumber
    }

    /// The number of days of `month` in `year`.
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Whether `year` is a Gregorian leap year.
    static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// Western (Gregorian) Easter Sunday of `year` (the anonymous Gregorian algorithm).
    static func easter(year: Int) -> CivilDate {
        let a = year % 19
        let b = year / 100
        let c = year % 100
        let d = b / 4
        let e = b % 4
        let f = (b + 8) / 25
        let g = (b - f + 1) / 3
        let h = (19 * a + b - d - g + 15) % 30
        let i = c / 4
        let k = c % 4
        let l = (32 + 2 * e + 2 * i - h - k) % 7
        let m = (a + 11 * h + 22 * l) / 451
        let month = (h + l - 7 * m + 114) / 31
        let day = (h + l - 7 * m + 114) % 31 + 1
        return CivilDate(year: year, month: month, day: day)
    }

    /// The `nth` (1...5, or -1...-5 from the end) `weekday` (Monday = 0) of `month` in `year`,
    /// or nil when the month has no such day.
    static func nthWeekday(_ nth: Int, weekday: Int, month: Int, year: Int) -> CivilDate? {
        if nth > 0 {
            let first = CivilDate(year: year, month: month, day: 1)
            let day = 1 + (weekday - first.weekday + 7) % 7 + (nth - 1) * 7
            return day <= daysIn(month: month, year: year) ? CivilDate(year: year, month: month, day: day) : nil
        }
        let lastDay = daysIn(month: month, year: year)
        let last = CivilDate(year: year, month: month, day: lastDay)
        let day = lastDay - (last.weekday - weekday + 7) % 7 + (nth + 1) * 7
        return day >= 1 ? CivilDate(year: year, month: month, day: day) : nil
    }

    /// The first `weekday` on or after this date.
    func onOrAfter(weekday target: Int) -> CivilDate {
        adding(days: (target - weekday + 7) % 7)
    }

    /// The last `weekday` on or before this date.
    func onOrBefore(weekday target: Int) -> CivilDate {
        adding(days: -((weekday - target + 7) % 7))
    }
}

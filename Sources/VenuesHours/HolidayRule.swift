/// How one public holiday falls in a given year: the rules ``PublicHolidays`` is written in.
struct HolidayRule: Sendable {
    /// Where the day falls.
    enum Placement: Sendable {
        /// The same date every year.
        case fixed(month: Int, day: Int)
        /// Days from Western Easter Sunday (Good Friday is -2).
        case easter(offset: Int)
        /// The `nth` weekday (Monday = 0) of the month; -1 is the last.
        case nthWeekday(month: Int, weekday: Int, nth: Int)
        /// The first `weekday` (Monday = 0) on or after the date: Finland's All Saints' Day is the
        /// Saturday on or after Oct 31 (that is, between Oct 31 and Nov 6).
        case weekdayOnOrAfter(month: Int, day: Int, weekday: Int)
    }

    /// What happens when the day falls on a weekend.
    enum WeekendRule: Sendable {
        /// It stays where it is.
        case none
        /// Saturday moves to Friday, Sunday to Monday (US federal holidays).
        case nearestWeekday
        /// It moves to the next weekday that is no holiday yet (UK substitute days).
        case nextFreeWeekday
        /// Sunday moves back to Saturday (the Dutch King's Day).
        case sundayToSaturday
    }

    var name: String
    var placement: Placement
    var weekend: WeekendRule = .none
    /// The first and last years the holiday exists (inclusive).
    var years: ClosedRange<Int> = 1900...9999

    /// The holiday's date in `year` before any weekend rule.
    func date(in year: Int) -> CivilDate? {
        guard years.contains(year) else { return nil }
        switch placement {
        case .fixed(let month, let day):
            guard day <= CivilDate.daysIn(month: month, year: year) else { return nil }
            return CivilDate(year: year, month: month, day: day)
        case .easter(let offset):
            return CivilDate.easter(year: year).adding(days: offset)
        case .nthWeekday(let month, let weekday, let nth):
            return CivilDate.nthWeekday(nth, weekday: weekday, month: month, year: year)
        case .weekdayOnOrAfter(let month, let day, let weekday):
            return CivilDate(year: year, month: month, day: day).onOrAfter(weekday: weekday)
        }
    }
}

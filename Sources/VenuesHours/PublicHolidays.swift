import Foundation

/// The national public holidays of the countries the engine knows, computed by rule.
///
/// `PH` in an `opening_hours` value matches these days for the context's country; for a country
/// not listed here a rule that needs `PH` evaluates as unknown.
///
/// ## Add a country
///
/// 1. Add its ISO 3166-1 alpha-2 code to ``PublicHolidayCalendars/rules`` with one
///    ``HolidayRule`` per national holiday: a fixed date, an offset from Easter, the nth
///    weekday of a month, or the first weekday on or after a date, and what happens when
///    the day falls on a weekend.
/// 2. Add a test with the country's published dates for two or three years to
///    `PublicHolidaysTests`, and the country to the list in docs/hours.md.
public enum PublicHolidays {
    /// The countries whose public holidays are known (ISO codes).
    public static let countries: Set<String> = Set(PublicHolidayCalendars.rules.keys)

    /// The public holidays of `country` in `year` in date order, or nil when the country is not known.
    public static func holidays(country: String, year: Int) -> [PublicHoliday]? {
        guard let rules = PublicHolidayCalendars.rules[country.uppercased()] else { return nil }
        return resolve(rules, year: year).map { date, name in
            let (_, month, day) = date.components
            return PublicHoliday(month: month, day: day, name: name)
        }
    }

    /// The holidays of `country` in `year` as day numbers, cached; nil when the country is not known.
    static func dayNumbers(country: String, year: Int) -> Set<Int>? {
        let key = "\(country) \(year)"
        cacheLock.lock()
        if let cached = cache[key] {
            cacheLock.unlock()
            return cached
        }
        cacheLock.unlock()
        guard let rules = PublicHolidayCalendars.rules[country] else { return nil }
        let days = Set(resolve(rules, year: year).map(\.date.dayNumber))
        cacheLock.lock()
        cache[key] = days
        cacheLock.unlock()
        return days
    }

    private static let cacheLock = NSLock()
    /// The holidays by country and year (`FI 2026`): a key type of its own cost its first
    /// insertion a search of the binary's protocol conformances (the runtime checks that the key
    /// is `Hashable`), several times the work of a year's holidays; `String`'s is checked already.
    nonisolated(unsafe) private static var cache: [String: Set<Int>] = [:]

    /// The dates in `year`, weekend rules applied; a holiday of the next year moved back into
    /// this one (New Year's Day observed on Dec 31) counts here.
    private static func resolve(_ rules: [HolidayRule], year: Int) -> [(date: CivilDate, name: String)] {
        var result: [(date: CivilDate, name: String)] = []
        for ruleYear in [year, year + 1] {
            var taken = Set(rules.compactMap { $0.date(in: ruleYear) }.filter { $0.weekday < 5 })
            for rule in rules {
                guard let date = rule.date(in: ruleYear) else { continue }
                let (moved, suffix) = applyWeekendRule(rule.weekend, to: date, taken: &taken)
                if moved.components.year == year { result.append((moved, rule.name + suffix)) }
            }
        }
        return result.sorted { $0.date < $1.date }
    }

    private static func applyWeekendRule(
        _ rule: HolidayRule.WeekendRule,
        to date: CivilDate,
        taken: inout Set<CivilDate>
    ) -> (CivilDate, String) {
        let saturday = 5
        let sunday = 6
        switch rule {
        case .none:
            return (date, "")
        case .nearestWeekday:
            if date.weekday == saturday { return (date.adding(days: -1), " (observed)") }
            if date.weekday == sunday { return (date.adding(days: 1), " (observed)") }
            return (date, "")
        case .sundayToSaturday:
            return date.weekday == sunday ? (date.adding(days: -1), "") : (date, "")
        case .nextFreeWeekday:
            var moved = date
            while moved.weekday >= saturday || (moved != date && taken.contains(moved)) {
                moved = moved.adding(days: 1)
            }
            taken.insert(moved)
            return (moved, moved == date ? "" : " (substitute day)")
        }
    }
}

extension Rule {
    /// Whether the rule's day selectors (year, month-day, week, weekday, holiday) match `date`.
    func matches(_ date: CivilDate, holidays lookup: inout HolidayLookup) -> DayMatch {
        if !years.isEmpty {
            let year = date.components.year
            if !years.contains(where: { $0.contains(year) }) { return .no }
        }
        if !monthdays.isEmpty, !monthdays.contains(where: { $0.contains(date) }) { return .no }
        if !weeks.isEmpty {
            let week = date.isoWeek
            if !weeks.contains(where: { $0.contains(week) }) { return .no }
        }
        if weekdays.isEmpty && holidays.isEmpty { return .yes }
        var result = DayMatch.no
        if weekdays.contains(where: { $0.contains(date) }) { return .yes }
        for holiday in holidays {
            switch holiday {
            case .publicHoliday(let offset):
                result = result.or(lookup.isPublicHoliday(date.adding(days: -offset)))
            case .schoolHoliday:
                // School holidays are regional and not known to the engine.
                result = result.or(.maybe)
            }
            if result == .yes { return .yes }
        }
        return result
    }
}

extension YearRange {
    func contains(_ year: Int) -> Bool {
        guard year >= start else { return false }
        if let end, year > end { return false }
        return (year - start) % step == 0
    }
}

extension WeekRange {
    func contains(_ week: Int) -> Bool {
        if start <= end {
            return week >= start && week <= end && (week - start) % step == 0
        }
        // Wrapping over the year end: `week 52-02`.
        let position = week >= start ? week - start : week + 53 - start
        return (week >= start || week <= end) && position % step == 0
    }
}

extension WeekdayRange {
    func contains(_ date: CivilDate) -> Bool {
        let day = date.adding(days: -dayOffset)
        let weekday = day.weekday
        let inRange = start <= end ? (weekday >= start && weekday <= end) : (weekday >= start || weekday <= end)
        guard inRange else { return false }
        if nth.isEmpty { return true }
        let (_, month, dayOfMonth) = day.components
        let fromStart = (dayOfMonth - 1) / 7 + 1
        let daysInMonth = CivilDate.daysIn(month: month, year: day.components.year)
        let fromEnd = -((daysInMonth - dayOfMonth) / 7 + 1)
        return nth.contains(fromStart) || nth.contains(fromEnd)
    }
}

extension MonthdayRange {
    func contains(_ date: CivilDate) -> Bool {
        let (year, month, _) = date.components
        switch self {
        case .months(let fixedYear, let from, let to):
            if let fixedYear {
                // `2026 Nov-Feb` runs from Nov 2026 into Feb 2027.
                if from <= to { return year == fixedYear && month >= from && month <= to }
                return (year == fixedYear && month >= from) || (year == fixedYear + 1 && month <= to)
            }
            return from <= to ? (month >= from && month <= to) : (month >= from || month <= to)
        case .dates(let from, let to, let openEnded):
            // A range can start in the year before (`Dec 24-Jan 02`), an offset can cross a year end.
            let startYears = from.year.map { [$0] } ?? [year - 1, year, year + 1]
            for startYear in startYears {
                guard let first = from.resolve(year: startYear, clamping: to != nil || openEnded) else { continue }
                let last: CivilDate
                if let to {
                    let endYear = to.year ?? startYear
                    guard var end = to.resolve(year: endYear, clamping: true) else { continue }
                    if to.year == nil, end < first, let next = to.resolve(year: endYear + 1, clamping: true) {
                        end = next
                    }
                    last = end
                } else if openEnded {
                    last =
                        from.year != nil
                        ? CivilDate(year: 9999, month: 12, day: 31)
                        : CivilDate(year: first.components.year, month: 12, day: 31)
                } else {
                    last = first
                }
                if date >= first && date <= last { return true }
            }
            return false
        }
    }
}

extension DateSpec {
    /// The date in `year`, offsets applied; nil when the day does not exist that year (Feb 29)
    /// unless `clamping`, which takes the month's last day instead.
    func resolve(year: Int, clamping: Bool) -> CivilDate? {
        guard (1...9999).contains(year) else { return nil }
        var date: CivilDate
        switch anchor {
        case .fixed(let month, let day):
            let last = CivilDate.daysIn(month: month, year: year)
            if day > last && !clamping { return nil }
            date = CivilDate(year: year, month: month, day: min(day, last))
        case .easter:
            date = CivilDate.easter(year: year)
        case .nthWeekday(let month, let weekday, let nth):
            guard let found = CivilDate.nthWeekday(nth, weekday: weekday, month: month, year: year) else { return nil }
            date = found
        }
        if let (direction, weekday) = weekdayOffset {
            date = direction > 0 ? date.onOrAfter(weekday: weekday) : date.onOrBefore(weekday: weekday)
        }
        return date.adding(days: dayOffset)
    }
}

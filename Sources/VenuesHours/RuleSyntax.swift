/// The parsed form of an `opening_hours` value: what the parser builds and the evaluator reads.

/// What a rule says of the time it selects.
enum RuleKind: Sendable, Hashable {
    case open
    case closed
    case unknown
}

/// How a rule combines with the rules before it.
enum RuleOperator: Sendable, Hashable {
    /// `;` — the rule replaces earlier rules on the days it matches.
    case normal
    /// `,` — the rule adds to earlier rules.
    case additional
    /// `||` — the rule applies only where the earlier rules say nothing.
    case fallback
}

/// One rule as the parser fills it in.
struct RuleDraft {
    var years: [YearRange] = []
    var monthdays: [MonthdayRange] = []
    var weeks: [WeekRange] = []
    var weekdays: [WeekdayRange] = []
    var holidays: [HolidaySelector] = []
    var times: [TimeSpan] = []
    var kind: RuleKind = .open
    var comment: Int = 0
}

/// One rule: selectors, a kind, a comment and the separator before it.
///
/// An immutable class, so that evaluation lends it with one reference count instead of copying
/// its arrays (that copy was a third of the evaluation time).
final class Rule: Sendable {
    let years: [YearRange]
    let monthdays: [MonthdayRange]
    let weeks: [WeekRange]
    let weekdays: [WeekdayRange]
    let holidays: [HolidaySelector]
    /// Empty means the whole day.
    let times: [TimeSpan]
    let kind: RuleKind
    /// Index into `OpeningHours.comments`; 0 means no comment.
    let comment: Int
    let separator: RuleOperator
    /// Whether the rule's times can reach past midnight into the next day.
    let mayCrossMidnight: Bool
    /// Whether a time of the rule depends on the sun.
    let usesSunEvents: Bool

    init(_ draft: RuleDraft, separator: RuleOperator) {
        years = draft.years
        monthdays = draft.monthdays
        weeks = draft.weeks
        weekdays = draft.weekdays
        holidays = draft.holidays
        times = draft.times
        kind = draft.kind
        comment = draft.comment
        self.separator = separator
        mayCrossMidnight = Self.crossesMidnight(draft.times)
        usesSunEvents = draft.times.contains { $0.start.isSunEvent || ($0.end?.isSunEvent ?? false) }
    }

    /// Whether the rule selects no day (so it matches every day).
    var hasNoDaySelector: Bool {
        years.isEmpty && monthdays.isEmpty && weeks.isEmpty && weekdays.isEmpty && holidays.isEmpty
    }

    /// Whether the rule's days depend on nothing but the weekday.
    var dependsOnWeekdayOnly: Bool {
        holidays.isEmpty && dependsOnWeekdayAndHolidaysOnly
    }

    /// Whether the rule's days depend on nothing but the weekday and `PH` or `SH`.
    var dependsOnWeekdayAndHolidaysOnly: Bool {
        years.isEmpty && monthdays.isEmpty && weeks.isEmpty
            && weekdays.allSatisfy { $0.nth.isEmpty && $0.dayOffset == 0 }
    }

    private static func crossesMidnight(_ times: [TimeSpan]) -> Bool {
        times.contains { span in
            guard case .fixed(let start) = span.start else { return true }
            if span.openEnd { return true }
            guard let end = span.end else { return start + 1 > 1440 }
            guard case .fixed(let endMinutes) = end else { return true }
            return endMinutes <= start || endMinutes > 1440
        }
    }
}

/// `2025`, `2025-2027`, `2020-2030/2`, `2020+`.
struct YearRange: Sendable, Hashable {
    var start: Int
    /// nil for `2020+` (no end).
    var end: Int?
    var step: Int = 1
}

/// `week 01-53/2`.
struct WeekRange: Sendable, Hashable {
    var start: Int
    var end: Int
    var step: Int = 1
}

/// `Mo`, `Mo-Fr`, `Su[1]`, `Sa[1,3]`, `Su[-1] -1 day`.
struct WeekdayRange: Sendable, Hashable {
    /// Monday = 0 … Sunday = 6.
    var start: Int
    var end: Int
    /// Occurrences in the month (1...5, -1...-5); empty means every week.
    var nth: [Int] = []
    /// Days to add to the selected day (`Su[-1] -1 day`).
    var dayOffset: Int = 0
}

/// `PH`, `PH +1 day`, `SH`.
enum HolidaySelector: Sendable, Hashable {
    case publicHoliday(dayOffset: Int)
    case schoolHoliday
}

/// A date of a month-day range.
struct DateSpec: Sendable, Hashable {
    enum Anchor: Sendable, Hashable {
        case fixed(month: Int, day: Int)
        case easter
        /// `Mar Su[-1]`.
        case nthWeekday(month: Int, weekday: Int, nth: Int)
    }
    var year: Int?
    var anchor: Anchor
    /// `+Mo` (on or after, +1) or `-Mo` (on or before, -1), Monday = 0.
    var weekdayOffset: (direction: Int, weekday: Int)?
    var dayOffset: Int = 0

    static func == (lhs: DateSpec, rhs: DateSpec) -> Bool {
        lhs.year == rhs.year && lhs.anchor == rhs.anchor && lhs.dayOffset == rhs.dayOffset
            && lhs.weekdayOffset?.direction == rhs.weekdayOffset?.direction
            && lhs.weekdayOffset?.weekday == rhs.weekdayOffset?.weekday
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(year)
        hasher.combine(anchor)
        hasher.combine(dayOffset)
        hasher.combine(weekdayOffset?.direction)
        hasher.combine(weekdayOffset?.weekday)
    }
}

/// `Jan-Mar`, `Dec`, `Dec 24`, `Dec 24-26`, `Apr 01-Oct 31`, `easter`, `Dec 25+`.
enum MonthdayRange: Sendable, Hashable {
    case months(year: Int?, from: Int, to: Int)
    /// `to` nil is the single day `from`; `openEnded` is `Dec 25+` (to the end of the year).
    case dates(from: DateSpec, to: DateSpec?, openEnded: Bool)
}

/// The sun events a time can refer to.
enum SunEvent: Sendable, Hashable {
    case dawn
    case sunrise
    case sunset
    case dusk
}

/// A time of day: fixed minutes since midnight, or a sun event with an offset in minutes.
enum TimePoint: Sendable, Hashable {
    case fixed(minutes: Int)
    case event(SunEvent, offsetMinutes: Int)

    var isSunEvent: Bool {
        if case .event = self { return true }
        return false
    }
}

/// `10:00-18:00`, `22:00-03:00`, `18:00+`, `10:00-18:00+`, `12:00` (a point), `10:00-16:00/01:30`.
struct TimeSpan: Sendable, Hashable {
    var start: TimePoint
    /// nil for a point in time or for `18:00+`.
    var end: TimePoint?
    /// `+`: the time after `end` (or after `start` when there is no end) is unknown.
    var openEnd: Bool = false
    /// The repeat period in minutes of `10:00-16:00/01:30`: read, and then open the whole span (as opening-hours-rs).
    var repeatMinutes: Int?
}

import Foundation

/// Builds the schedule of each calendar day from the rules, combining them as opening-hours-rs
/// does:
///
/// 1. A normal rule (`;`) that opens or is unknown replaces the earlier rules on the days it
///    matches; one that closes (`off`) only closes its own times, like an additional rule.
/// 2. An additional rule (`,`) lays its times over the earlier rules'.
/// 3. A fallback rule (`||`) applies on the days where the earlier rules matched nothing but
///    closed time without comment.
/// 4. Times past midnight (`22:00-03:00`, `Fr 18:00-26:00`) belong to the rule of the day they
///    start on and spill into the next day.
/// 5. A rule whose day depends on holidays the engine does not know (`SH`, `PH` for an unknown
///    country) counts as matching with its kind replaced by unknown.
/// 6. A rule with sun times and no position in the context is unknown all day on its days.
struct ScheduleEvaluator {
    let rules: [Rule]
    let clock: WallClock
    let latitude: Double?
    let longitude: Double?
    var holidays: HolidayLookup

    init(rules: [Rule], context: HoursContext) {
        self.rules = rules
        self.clock = WallClock(timeZone: context.timeZone)
        self.latitude = context.latitude
        self.longitude = context.longitude
        self.holidays = HolidayLookup(country: context.country)
    }

    /// The day's open, unknown and commented-closed segments; the rest of the day is closed.
    mutating func schedule(for date: CivilDate) -> DaySchedule {
        var previousMatched = false
        var previous: DaySchedule?
        for index in rules.indices {
            let match = rules[index].matches(date, holidays: &holidays)
            let matched = match != .no
            let current = ruleSchedule(index, on: date, match: match)
            switch (rules[index].separator, rules[index].kind) {
            case (.normal, .open), (.normal, .unknown):
                if matched {
                    previous = current
                } else if previous?.isClosedWithoutComment ?? true {
                    previous = current
                }
                previousMatched = previousMatched || matched
            case (.additional, _), (.normal, .closed):
                if let base = previous, let current {
                    previous = base.overlaid(with: current)
                } else {
                    previous = previous ?? current
                }
                previousMatched = previousMatched || matched
            case (.fallback, _):
                let earlierRulesSaySomething = previousMatched && !(previous?.isClosedWithoutComment ?? true)
                if !earlierRulesSaySomething {
                    previousMatched = matched
                    previous = current
                }
            }
        }
        return previous?.droppingPlainClosed() ?? .empty
    }

    /// A fingerprint of what decides the schedule of `date`: each rule's match on the day and on
    /// the day before. Two days with one fingerprint have the same schedule. nil when that does
    /// not hold or does not fit (sun times, more than 16 rules).
    mutating func fingerprint(for date: CivilDate) -> UInt64? {
        // Without a position a sun time makes the whole day unknown: then it does not vary either.
        guard rules.count <= 16, latitude == nil || longitude == nil || !rules.contains(where: \.usesSunEvents)
        else { return nil }
        var result: UInt64 = 0
        let yesterday = date.adding(days: -1)
        for index in rules.indices {
            result = result << 2 | Self.code(rules[index].matches(date, holidays: &holidays))
            let crosses = rules[index].mayCrossMidnight
            result = result << 2 | (crosses ? Self.code(rules[index].matches(yesterday, holidays: &holidays)) : 0)
        }
        return result
    }

    private static func code(_ match: DayMatch) -> UInt64 {
        switch match {
        case .no: 1
        case .yes: 2
        case .maybe: 3
        }
    }

    /// The own schedule of rule `index` on `date`: its times today and what spills over from yesterday.
    private mutating func ruleSchedule(_ index: Int, on date: CivilDate, match: DayMatch) -> DaySchedule? {
        var today: DaySchedule?
        if match != .no {
            today = daySchedule(of: index, on: date, match: match, window: 0..<1440)
        }
        guard rules[index].mayCrossMidnight else { return today }
        let yesterday = date.adding(days: -1)
        let yesterdayMatch = rules[index].matches(yesterday, holidays: &holidays)
        guard yesterdayMatch != .no,
            let spill = daySchedule(of: index, on: yesterday, match: yesterdayMatch, window: 1440..<2880)
        else { return today }
        guard let today else { return spill }
        return today.overlaid(with: spill)
    }

    /// Rule `index`'s times on `date` inside `window` (today's 0..<1440, or tomorrow's 1440..<2880),
    /// shifted to start at 0.
    private mutating func daySchedule(
        of index: Int,
        on date: CivilDate,
        match: DayMatch,
        window: Range<Int>
    ) -> DaySchedule? {
        let rule = rules[index]
        let kind = match == .maybe ? .unknown : rule.kind
        if rule.times.isEmpty {
            return window.lowerBound == 0 ? DaySchedule(ranges: [0..<1440], kind: kind, comment: rule.comment) : nil
        }
        var main: [Range<Int>] = []
        var openEnds: [Range<Int>] = []
        for span in rule.times {
            guard let (mainRange, openEndRange) = span.resolve({ resolve($0, on: date) }) else {
                // The sun's times need a position: the whole day is unknown.
                return window.lowerBound == 0
                    ? DaySchedule(ranges: [0..<1440], kind: .unknown, comment: rule.comment) : nil
            }
            if let range = mainRange.flatMap({ clip($0, to: window) }) { main.append(range) }
            if let range = openEndRange.flatMap({ clip($0, to: window) }) { openEnds.append(range) }
        }
        let mainSchedule = DaySchedule(ranges: main, kind: kind, comment: rule.comment)
        guard !openEnds.isEmpty else { return mainSchedule }
        let openEndKind = kind == .open ? RuleKind.unknown : kind
        return DaySchedule(ranges: openEnds, kind: openEndKind, comment: rule.comment).overlaid(with: mainSchedule)
    }

    private func clip(_ range: Range<Int>, to window: Range<Int>) -> Range<Int>? {
        let clipped = range.clamped(to: window)
        guard !clipped.isEmpty else { return nil }
        return (clipped.lowerBound - window.lowerBound)..<(clipped.upperBound - window.lowerBound)
    }

    /// A time of `date` in minutes; nil for a sun event when the position is not known.
    private func resolve(_ point: TimePoint, on date: CivilDate) -> SunTimes.LocalMinutes? {
        switch point {
        case .fixed(let minutes):
            return .minutes(Double(minutes))
        case .event(let event, let offset):
            guard let latitude, let longitude else { return nil }
            let offsetSeconds = clock.offsetSeconds(atWall: date.dayNumber * 86_400 + 43_200)
            let value = SunTimes.minutes(
                event,
                on: date,
                latitude: latitude,
                longitude: longitude,
                utcOffsetSeconds: offsetSeconds
            )
            if case .minutes(let minutes) = value { return .minutes(minutes.rounded() + Double(offset)) }
            return value
        }
    }
}

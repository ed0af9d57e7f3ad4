public import Foundation

/// An OpenStreetMap `opening_hours` value, parsed once.
///
/// ```swift
/// let hours = try OpeningHours("Mo-Fr 09:00-17:00; PH off")
/// let helsinki = HoursContext(timeZone: TimeZone(identifier: "Europe/Helsinki")!, country: "FI")
/// let now = hours.evaluate(at: Date(), in: helsinki)
/// // now.state, now.nextChange, now.nextState
/// ```
///
/// Every time in a value is wall-clock time in the context's zone, across daylight-saving
/// changes. docs/hours.md lists what of the specification is read and how it is evaluated.
public struct OpeningHours: Sendable, Hashable {
    /// How far ahead ``evaluate(at:in:)`` looks for the next change: a year and a day.
    public static let horizonDays = 366

    /// The text as given.
    public let text: String
    let rules: [Rule]
    /// The comments of the rules; index 0 is "no comment".
    let comments: [String]
    /// After how many days the schedule repeats or has shown every change it can show.
    private let searchDays: Int
    /// Whether a rule names sunrise, sunset, dawn or dusk: only then does the position matter.
    public let usesSunEvents: Bool

    /// Parses `text` (the whole OSM wiki "Key:opening_hours/specification").
    public init(_ text: String) throws(OpeningHoursSyntaxError) {
        var parser = OpeningHoursParser(text)
        let rules = try parser.parseRules()
        self.text = text
        self.rules = rules
        self.comments = parser.comments
        self.usesSunEvents = rules.contains(where: \.usesSunEvents)
        if rules.allSatisfy({ $0.hasNoDaySelector && !$0.usesSunEvents }) {
            searchDays = 2
        } else if rules.allSatisfy({ $0.dependsOnWeekdayOnly && !$0.usesSunEvents }) {
            searchDays = 8
        } else {
            searchDays = Self.horizonDays
        }
    }

    /// The state at `instant`, in `context` (the venue's zone, position, country).
    public func evaluate(at instant: Date, in context: HoursContext) -> HoursEvaluation {
        var evaluator = ScheduleEvaluator(rules: rules, context: context)
        let searchDays = searchDays(in: context, knowsHolidays: evaluator.holidays.knowsCountry)
        let clock = evaluator.clock
        let wall = clock.wallSeconds(for: instant)
        let firstDay = CivilDate(wallSeconds: wall).dayNumber
        let minute = (wall - firstDay * 86_400) / 60
        var pieces = evaluator.schedule(for: CivilDate(dayNumber: firstDay)).pieces()
        // The fingerprint of the last day whose every piece had the current state (not the first
        // day: its pieces before `instant` were not looked at).
        var lastFingerprint: UInt64?
        var index = pieces.firstIndex { minute < $0.end } ?? pieces.count - 1
        let current = pieces[index].key
        var day = firstDay
        let instantSeconds = instant.timeIntervalSince1970
        while true {
            index += 1
            while index < pieces.count {
                let piece = pieces[index]
                if piece.key != current {
                    let change = clock.instant(forWall: day * 86_400 + piece.start * 60)
                    if change.timeIntervalSince1970 > instantSeconds {
                        return HoursEvaluation(
                            state: state(current.kind),
                            comment: comment(current.comment),
                            nextChange: change,
                            nextState: state(piece.kind)
                        )
                    }
                }
                index += 1
            }
            // A day like the one before changes nothing: every piece of it has the current state.
            repeat {
                day += 1
                if day - firstDay > searchDays { break }
                let fingerprint = evaluator.fingerprint(for: CivilDate(dayNumber: day))
                if fingerprint == nil || fingerprint != lastFingerprint {
                    lastFingerprint = fingerprint
                    break
                }
            } while true
            if day - firstDay > searchDays { break }
            pieces = evaluator.schedule(for: CivilDate(dayNumber: day)).pieces()
            index = -1
        }
        return HoursEvaluation(
            state: state(current.kind),
            comment: comment(current.comment),
            nextChange: nil,
            nextState: nil
        )
    }

    /// The state at `instant` in `context`, without the next change: `evaluate(at:in:).state`
    /// from the one day's schedule, for a filter that asks only whether a place is open.
    public func state(at instant: Date, in context: HoursContext) -> HoursState {
        var evaluator = ScheduleEvaluator(rules: rules, context: context)
        let wall = evaluator.clock.wallSeconds(for: instant)
        let day = CivilDate(wallSeconds: wall).dayNumber
        let minute = (wall - day * 86_400) / 60
        let pieces = evaluator.schedule(for: CivilDate(dayNumber: day)).pieces()
        let index = pieces.firstIndex { minute < $0.end } ?? pieces.count - 1
        return state(pieces[index].key.kind)
    }

    /// The open (and unknown) intervals that overlap `start..<end`, in order, clipped to it;
    /// closed time is the gaps.
    public func intervals(from start: Date, to end: Date, in context: HoursContext) -> [HoursInterval] {
        guard start < end else { return [] }
        var evaluator = ScheduleEvaluator(rules: rules, context: context)
        let clock = evaluator.clock
        let firstDay = CivilDate(wallSeconds: clock.wallSeconds(for: start)).dayNumber
        let lastDay = CivilDate(wallSeconds: clock.wallSeconds(for: end)).dayNumber
        var runs: [(start: Int, end: Int, key: StateKey)] = []
        // The pieces of each distinct day (by its fingerprint): a week of most values has two
        // or three kinds of day.
        var piecesOfDays: [(fingerprint: UInt64, pieces: [DaySchedule.Segment])] = []
        for day in firstDay...lastDay {
            let date = CivilDate(dayNumber: day)
            let fingerprint = evaluator.fingerprint(for: date)
            let pieces: [DaySchedule.Segment]
            if let fingerprint, let known = piecesOfDays.first(where: { $0.fingerprint == fingerprint }) {
                pieces = known.pieces
            } else {
                pieces = evaluator.schedule(for: date).pieces()
                if let fingerprint { piecesOfDays.append((fingerprint, pieces)) }
            }
            for piece in pieces where piece.kind != .closed {
                let runStart = day * 86_400 + piece.start * 60
                let runEnd = day * 86_400 + piece.end * 60
                if let last = runs.last, last.end == runStart, last.key == piece.key {
                    runs[runs.count - 1].end = runEnd
                } else {
                    runs.append((runStart, runEnd, piece.key))
                }
            }
        }
        return runs.compactMap { run in
            let runStart = max(clock.instant(forWall: run.start), start)
            let runEnd = min(clock.instant(forWall: run.end), end)
            guard runStart < runEnd else { return nil }
            return HoursInterval(
                start: runStart,
                end: runEnd,
                state: state(run.key.kind),
                comment: comment(run.key.comment)
            )
        }
    }

    public static func == (lhs: OpeningHours, rhs: OpeningHours) -> Bool {
        lhs.text == rhs.text
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
    }

    /// How many days to look ahead in `context`: a week when what the context cannot tell
    /// (`SH`, `PH` of an unknown country, the sun without a position) is the same every day and
    /// the rest depends on the weekday only.
    private func searchDays(in context: HoursContext, knowsHolidays: Bool) -> Int {
        guard searchDays > 8 else { return searchDays }
        let knowsPosition = context.latitude != nil && context.longitude != nil
        let weekly = rules.allSatisfy { rule in
            rule.dependsOnWeekdayAndHolidaysOnly && !(rule.usesSunEvents && knowsPosition)
                && rule.holidays.allSatisfy { $0 == .schoolHoliday || !knowsHolidays }
        }
        return weekly ? 8 : searchDays
    }

    private func state(_ kind: RuleKind) -> HoursState {
        switch kind {
        case .open: .open
        case .closed: .closed
        case .unknown: .unknown
        }
    }

    private func comment(_ index: Int) -> String? {
        index == 0 ? nil : comments[index]
    }
}

extension TimeSpan {
    /// The open-end guess of opening_hours.js: from 22:00 on eight hours, from 17:00 on ten,
    /// else to midnight.
    static func openEndGuess(from minutes: Int) -> Int {
        if minutes >= 22 * 60 { return minutes + 8 * 60 }
        if minutes >= 17 * 60 { return minutes + 10 * 60 }
        return max(minutes, 1440)
    }

    /// For a span between two sun events on a day one of them does not happen: whether the span
    /// covers the whole day (`sunset-sunrise` in polar night, `sunrise-sunset` under the midnight
    /// sun) or none of it; nil when the span is not of that kind.
    private static func polarDay(
        start: TimePoint,
        startTime: SunTimes.LocalMinutes,
        end: TimePoint?,
        endTime: SunTimes.LocalMinutes?
    ) -> Bool? {
        guard case .event(let startEvent, _) = start, case .event(let endEvent, _) = end, let endTime else {
            return nil
        }
        let polar = [startTime, endTime].first { $0 == .alwaysAbove || $0 == .alwaysBelow }
        guard let polar else { return nil }
        let startsInMorning = startEvent == .dawn || startEvent == .sunrise
        let endsInMorning = endEvent == .dawn || endEvent == .sunrise
        guard startsInMorning != endsInMorning else { return nil }
        // A daytime span (`sunrise-sunset`) covers the day when the sun stays up; a night span when it stays down.
        return startsInMorning == (polar == .alwaysAbove)
    }

    /// The span on one day in minutes after that day's midnight (up to 2880), the main part and
    /// the unknown part of an open end; nil when a sun event cannot be computed (no position).
    func resolve(_ resolveTime: (TimePoint) -> SunTimes.LocalMinutes?) -> (main: Range<Int>?, openEnd: Range<Int>?)? {
        guard let startTime = resolveTime(start) else { return nil }
        var endTime: SunTimes.LocalMinutes?
        if let end {
            guard let resolved = resolveTime(end) else { return nil }
            endTime = resolved
        }
        // The sun staying up all day puts morning events at midnight and evening events at the
        // next midnight; staying down, a span that needs the event has no time that day.
        func minutes(_ value: SunTimes.LocalMinutes, of point: TimePoint) -> Int? {
            switch value {
            case .minutes(let m): return Int(m.rounded())
            case .alwaysBelow: return nil
            case .alwaysAbove:
                guard case .event(let event, let offset) = point else { return nil }
                let morning = event == .dawn || event == .sunrise
                return (morning ? 0 : 1440) + offset
            }
        }
        if let polar = Self.polarDay(start: start, startTime: startTime, end: end, endTime: endTime) {
            return polar ? (0..<1440, nil) : (nil, nil)
        }
        guard var first = minutes(startTime, of: start) else { return (nil, nil) }
        first = min(max(first, 0), 1439)
        guard let end else {
            if openEnd { return (nil, first..<min(Self.openEndGuess(from: first), 2880)) }
            return (first..<(first + 1), nil)
        }
        guard let endTime, var last = minutes(endTime, of: end) else { return (nil, nil) }
        last = min(max(last, 0), 2880)
        if last <= first { last += 1440 }
        last = min(last, 2880)
        let main = first..<last
        guard openEnd else { return (main, nil) }
        return (main, last..<min(Self.openEndGuess(from: last), 2880))
    }
}

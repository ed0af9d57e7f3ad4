import Foundation
import VenuesCore

/// Google's opening periods written in OpenStreetMap `opening_hours` syntax, the one syntax the
/// hours engine reads (``VenueHours``).
///
/// - Regular hours: each period is a rule of its weekday (`Mo 09:00-17:00`), the rules joined as
///   additional rules (`, `) so that none overrides another; a period past midnight keeps its
///   weekday (`Fr 22:00-02:00`), a period of a day or more is split at midnights; a period
///   without a close is `24/7`.
/// - Current hours (the coming days as they will be, special days included): the regular
///   rules, then one dated rule per covered day (`2026 Dec 24 10:00-14:00`, or `off` when the
///   day has no period), which override the regular week on those days.
enum GoogleHoursSpecification {
    private static let weekdays = ["Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let minutesPerDay = 1_440

    /// Each source of hours the place has: the current hours first (they are the more specific).
    static func hours(of place: GooglePlace) -> [VenueHours] {
        let descriptions = place.regularOpeningHours?.weekdayDescriptions?.filter { !$0.isEmpty } ?? []
        let text = descriptions.isEmpty ? nil : descriptions.joined(separator: "; ")
        let regular = place.regularOpeningHours.flatMap { regularWeek($0.periods ?? []) }
        var hours: [VenueHours] = []
        if let current = place.currentOpeningHours,
            let specification = comingDays(current.periods ?? [], regular: regular)
        {
            let currentText = current.weekdayDescriptions?.filter { !$0.isEmpty } ?? []
            hours.append(
                VenueHours(
                    provider: .google,
                    specification: specification,
                    text: currentText.isEmpty ? text : currentText.joined(separator: "; "),
                    kind: .current,
                    timeZone: place.timeZone?.id,
                    utcOffsetMinutes: place.utcOffsetMinutes,
                    openNow: current.openNow
                )
            )
        }
        if let regular {
            hours.append(
                VenueHours(
                    provider: .google,
                    specification: regular,
                    text: text,
                    timeZone: place.timeZone?.id,
                    utcOffsetMinutes: place.utcOffsetMinutes,
                    openNow: place.regularOpeningHours?.openNow
                )
            )
        }
        return hours
    }

    /// The regular week as rules; `nil` when no period can be read.
    static func regularWeek(_ periods: [GoogleOpeningPeriod]) -> String? {
        if periods.count == 1, let open = periods[0].open, periods[0].close == nil, minutes(open) == 0 {
            return "24/7"
        }
        var rules: [String] = []
        for period in periods {
            guard let open = period.open, let openDay = open.day, (0..<7).contains(openDay),
                let start = minutes(open)
            else { continue }
            guard let close = period.close, let closeDay = close.day, (0..<7).contains(closeDay),
                let end = minutes(close)
            else { continue }
            var span = ((closeDay - openDay + 7) % 7) * minutesPerDay + end - start
            if span <= 0 { span += 7 * minutesPerDay }
            rules += pieces(start: start, span: span).map { piece in
                "\(weekdays[(openDay + piece.day) % 7]) \(range(piece.start, piece.end))"
            }
        }
        return rules.isEmpty ? nil : rules.joined(separator: ", ")
    }

    /// The regular rules, then a dated rule for each day the current hours cover; `nil` when
    /// their periods carry no dates.
    static func comingDays(_ periods: [GoogleOpeningPeriod], regular: String?) -> String? {
        if periods.count == 1, let open = periods[0].open, periods[0].close == nil, minutes(open) == 0 {
            return "24/7"
        }
        var byDay: [Int: [String]] = [:]
        var covered = Set<Int>()
        for period in periods {
            guard let open = period.open, let date = open.date, let start = minutes(open),
                let openDay = dayNumber(date)
            else { continue }
            covered.insert(openDay)
            guard let close = period.close, let closeDate = close.date, let end = minutes(close),
                let closeDay = dayNumber(closeDate)
            else {
                byDay[openDay, default: []].append("\(time(start))+")
                continue
            }
            let span = (closeDay - openDay) * minutesPerDay + end - start
            guard span > 0 else { continue }
            for piece in pieces(start: start, span: span) {
                byDay[openDay + piece.day, default: []].append(range(piece.start, piece.end))
            }
        }
        guard let first = covered.min() else { return nil }
        var rules: [String] = regular.map { [$0] } ?? []
        // The current hours cover a week from their first day.
        for number in first..<(first + 7) {
            guard let selector = dateSelector(number) else { continue }
            let times = byDay[number] ?? []
            rules.append("\(selector) \(times.isEmpty ? "off" : times.joined(separator: ","))")
        }
        return rules.joined(separator: "; ")
    }

    /// A span of open time cut into the days it touches: at most one spill past midnight stays
    /// with its day (`22:00-02:00`), longer spans are cut at every midnight.
    private static func pieces(start: Int, span: Int) -> [(day: Int, start: Int, end: Int)] {
        if start + span <= 2 * minutesPerDay, span < minutesPerDay { return [(0, start, start + span)] }
        var pieces: [(day: Int, start: Int, end: Int)] = []
        var day = 0
        var from = start
        var left = span
        while left > 0 {
            let length = min(left, minutesPerDay - from)
            pieces.append((day, from, from + length))
            left -= length
            day += 1
            from = 0
        }
        return pieces
    }

    private static func minutes(_ point: GooglePeriodPoint) -> Int? {
        guard let hour = point.hour, (0...24).contains(hour) else { return nil }
        let minute = point.minute ?? 0
        guard (0..<60).contains(minute) else { return nil }
        return hour * 60 + minute
    }

    private static func range(_ start: Int, _ end: Int) -> String {
        "\(time(start))-\(time(end > minutesPerDay ? end - minutesPerDay : end))"
    }

    private static func time(_ minutes: Int) -> String {
        String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }

    /// Days since 1970-01-01 of a real calendar date (``UTCTimestamp`` does the calendar).
    private static func dayNumber(_ date: GoogleDate) -> Int? {
        let midnight = String(format: "%04d-%02d-%02dT00:00:00Z", date.year, date.month, date.day)
        return UTCTimestamp.seconds(midnight).map { Int($0 / 86_400) }
    }

    /// `2026 Dec 24` for a day number.
    private static func dateSelector(_ dayNumber: Int) -> String? {
        guard let text = UTCTimestamp.text(seconds: Int64(dayNumber) * 86_400),
            let month = Int(text.dropFirst(5).prefix(2))
        else { return nil }
        return "\(text.prefix(4)) \(months[month - 1]) \(text.dropFirst(8).prefix(2))"
    }
}

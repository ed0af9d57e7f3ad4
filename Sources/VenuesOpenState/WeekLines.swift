public import Foundation
public import VenuesHours

/// A week of open intervals as lines for people, a day per line in the venue's own time:
/// `Sat 28 Nov  10:00–14:00, 16:00–20:00  (today)`, `Sun 29 Nov  closed`, a public holiday
/// named.
public enum WeekLines {
    /// The lines of the seven days from the day of `start`; `country` names its holidays.
    public static func lines(
        _ intervals: [HoursInterval],
        from start: Date,
        calendar: Calendar,
        country: String? = nil
    ) -> [String] {
        let names = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let firstDay = calendar.startOfDay(for: start)
        var lines: [String] = []
        for offset in 0..<7 {
            guard let day = calendar.date(byAdding: .day, value: offset, to: firstDay),
                let next = calendar.date(byAdding: .day, value: 1, to: day)
            else { continue }
            let parts = calendar.dateComponents([.weekday, .day, .month, .year], from: day)
            var spans: [String] = []
            for interval in intervals where interval.end > day && interval.start < next {
                let from = max(interval.start, day)
                let to = min(interval.end, next)
                var span = "\(time(from, calendar)) – \(to == next ? "24:00" : time(to, calendar))"
                if interval.state == .unknown { span += " (?)" }
                if let comment = interval.comment { span += " \"\(comment)\"" }
                spans.append(span)
            }
            var line =
                "\(names[(parts.weekday! - 1) % 7]) \(String(format: "%2d", parts.day!)) \(months[parts.month! - 1])  "
                + (spans.isEmpty ? "closed" : spans.joined(separator: ", "))
            if let country,
                let holiday = PublicHolidays.holidays(country: country, year: parts.year!)?
                    .first(where: { $0.month == parts.month && $0.day == parts.day })
            {
                line += "  (holiday: \(holiday.name))"
            }
            if offset == 0 { line += "  (today)" }
            lines.append(line)
        }
        return lines
    }

    private static func time(_ date: Date, _ calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }
}

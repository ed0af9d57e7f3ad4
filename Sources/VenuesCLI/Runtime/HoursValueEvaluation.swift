import Foundation
import VenuesHours
import VenuesOpenState

/// `venues hours`: one value evaluated at one instant in one context, rendered as a JSON line
/// or a few lines of text. Each distinct value is parsed and rendered once (a file of values
/// repeats the common ones thousands of times).
final class HoursValueEvaluation {
    let instant: Date
    let context: HoursContext
    /// How far ahead the open intervals go: the coming week.
    static let horizon: TimeInterval = 7 * 86_400
    private var rendered: [String: String] = [:]
    private let calendar: Calendar

    init(instant: Date, context: HoursContext) {
        self.instant = instant
        self.context = context
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = context.timeZone
        self.calendar = calendar
    }

    /// The value's answer in `format`, ending with a line break.
    func rendered(_ value: String, format: HoursCommand.HoursFormat) -> String {
        let key = format == .json ? "j" + value : "t" + value
        if let kept = rendered[key] { return kept }
        let text = format == .json ? json(value) : table(value)
        if rendered.count < 100_000 { rendered[key] = text }
        return text
    }

    private func json(_ value: String) -> String {
        var fields: [String] = ["\"value\":\(Self.quoted(value))"]
        switch Result(catching: { () throws(OpeningHoursSyntaxError) in try OpeningHours(value) }) {
        case .failure(let error):
            fields += [
                "\"state\":\"unknown\"", "\"comment\":null", "\"nextChange\":null", "\"nextState\":null",
                "\"intervals\":[]", "\"timeZone\":\(Self.quoted(context.timeZone.identifier))",
                "\"error\":\(Self.quoted(error.message))",
            ]
        case .success(let hours):
            let evaluation = hours.evaluate(at: instant, in: context)
            let intervals = hours.intervals(from: instant, to: instant.addingTimeInterval(Self.horizon), in: context)
            let listed = intervals.map { interval in
                "{\"start\":\(Self.quoted(iso(interval.start))),\"end\":\(Self.quoted(iso(interval.end))),"
                    + "\"state\":\"\(interval.state.rawValue)\",\"comment\":\(interval.comment.map(Self.quoted) ?? "null")}"
            }
            fields += [
                "\"state\":\"\(evaluation.state.rawValue)\"",
                "\"comment\":\(evaluation.comment.map(Self.quoted) ?? "null")",
                "\"nextChange\":\(evaluation.nextChange.map { Self.quoted(iso($0)) } ?? "null")",
                "\"nextState\":\(evaluation.nextChange == nil ? "null" : evaluation.nextState.map { "\"\($0.rawValue)\"" } ?? "null")",
                "\"intervals\":[\(listed.joined(separator: ","))]",
                "\"timeZone\":\(Self.quoted(context.timeZone.identifier))",
                "\"error\":null",
            ]
        }
        return "{" + fields.joined(separator: ",") + "}\n"
    }

    private func table(_ value: String) -> String {
        var lines = [value]
        switch Result(catching: { () throws(OpeningHoursSyntaxError) in try OpeningHours(value) }) {
        case .failure(let error):
            lines.append("  unknown: \(error.message)")
        case .success(let hours):
            let evaluation = hours.evaluate(at: instant, in: context)
            var state = VenueOpenState(
                instant: instant,
                state: evaluation.state,
                timeZone: context.timeZone,
                zoneSource: .user,
                disagreeing: [],
                sources: [],
                problems: []
            )
            state.nextChange = evaluation.nextChange
            state.nextState = evaluation.nextState
            var now = "  \(OpenStateWording.words(state, at: instant)) at \(iso(instant))"
            if let comment = evaluation.comment { now += " (\"\(comment)\")" }
            lines.append(now)
            // The week from the start of today, so that today's line is the whole day.
            let today = calendar.startOfDay(for: instant)
            let intervals = hours.intervals(
                from: today,
                to: today.addingTimeInterval(Self.horizon + 86_400),
                in: context
            )
            lines += WeekLines.lines(intervals, from: instant, calendar: calendar, country: context.country).map {
                "  " + $0
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func iso(_ date: Date) -> String {
        OpenStateWording.iso8601(date, in: context.timeZone)
    }

    /// A JSON string literal.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

public import Foundation
import VenuesCore
public import VenuesHours
import VenuesTimeZones

/// One `opening_hours` value evaluated at one instant in one context, rendered as a JSON line
/// or a few lines of text: what `venues hours` writes and the assistants' `hours` tool answers.
/// Each distinct value is parsed and rendered once while the kept renderings fit (a file of
/// values repeats the common ones thousands of times).
public final class HoursValueEvaluation {
    /// The moment the values are evaluated at.
    public let instant: Date
    /// The zone, position and country they are read in.
    public let context: HoursContext
    /// How far ahead the open intervals go: the coming week.
    static let horizon: TimeInterval = 7 * 86_400
    /// How a value's answer is written.
    public enum Format: Sendable, Hashable {
        /// A JSON object on one line: the state, comment, next change, the week's intervals.
        case json
        /// The value, then its state now and its week, a line each.
        case table
    }

    /// The renderings kept, by format and value.
    private var rendered: [Format: [String: String]] = [:]
    /// How many renderings are kept at most (about a kilobyte each): enough for the distinct
    /// values of a country, and a bound when every value differs.
    static let keptRenderings = 20_000
    private var keptCount = 0
    private let calendar: Calendar
    private let offsets: ZoneOffsets

    /// An evaluation at `instant` in `context`.
    public init(instant: Date, context: HoursContext) {
        self.instant = instant
        self.context = context
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = context.timeZone
        self.calendar = calendar
        self.offsets = ZoneOffsetCache.shared.offsets(of: context.timeZone)
    }

    /// An evaluation read as `venues hours` reads its options: in the zone at `position`
    /// (looked up offline), else `timeZone`, else the machine's own; at `time` (``HoursTime``
    /// text, already checked), else `now`; public holidays of `country`, else the zone's.
    public convenience init(
        at time: String?,
        position: (latitude: Double, longitude: Double)?,
        timeZone: TimeZone?,
        country: String?,
        now: Date = Date()
    ) {
        let zone =
            position.flatMap { TimeZoneLookup.timeZone(latitude: $0.latitude, longitude: $0.longitude) }
            ?? timeZone ?? TimeZone.current
        let instant = (time.flatMap { try? HoursTime.parse($0) } ?? .instant(now)).instant(in: zone, now: now)
        self.init(
            instant: instant,
            context: HoursContext(
                timeZone: zone,
                latitude: position?.latitude,
                longitude: position?.longitude,
                country: country?.uppercased() ?? CountryOfZone.country(of: zone.identifier)
            )
        )
    }

    /// The value's answer in `format`, ending with a line break.
    public func rendered(_ value: String, format: Format) -> String {
        if let kept = rendered[format]?[value] { return kept }
        let text = format == .json ? json(value) : table(value)
        if keptCount < Self.keptRenderings {
            rendered[format, default: [:]][value] = text
            keptCount += 1
        }
        return text
    }

    private func json(_ value: String) -> String {
        var text = JSONText()
        text.append(#"{"value":"#)
        text.append(string: value)
        func optional(_ key: String, _ string: String?) {
            text.append(#","\#(key)":"#)
            if let string { text.append(string: string) } else { text.append("null") }
        }
        switch Result(catching: { () throws(OpeningHoursSyntaxError) in try OpeningHours(value) }) {
        case .failure(let error):
            text.append(#","state":"unknown","comment":null,"nextChange":null,"nextState":null,"intervals":[]"#)
            optional("timeZone", context.timeZone.identifier)
            optional("error", error.message)
        case .success(let hours):
            let evaluation = hours.evaluate(at: instant, in: context)
            optional("state", evaluation.state.rawValue)
            optional("comment", evaluation.comment)
            text.append(#","nextChange":"#)
            if let nextChange = evaluation.nextChange { append(nextChange, to: &text) } else { text.append("null") }
            optional("nextState", evaluation.nextChange == nil ? nil : evaluation.nextState?.rawValue)
            text.append(#","intervals":["#)
            let end = instant.addingTimeInterval(Self.horizon)
            for (index, interval) in hours.intervals(from: instant, to: end, in: context).enumerated() {
                text.append(index == 0 ? #"{"start":"# : #",{"start":"#)
                append(interval.start, to: &text)
                text.append(#","end":"#)
                append(interval.end, to: &text)
                optional("state", interval.state.rawValue)
                optional("comment", interval.comment)
                text.append("}")
            }
            text.append("]")
            optional("timeZone", context.timeZone.identifier)
            text.append(#","error":null"#)
        }
        text.append("}\n")
        return text.value
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
            let time = OpenStateWording.iso8601(instant, in: context.timeZone)
            var now = "  \(OpenStateWording.words(state, at: instant)) at \(time)"
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

    /// `date` in quotes as ISO 8601 with the zone's offset then.
    private func append(_ date: Date, to text: inout JSONText) {
        let offset = offsets.offset(at: date)
        if !text.append(wallClock: OpenStateWording.wallClock(date, offset: offset), offset: offset) {
            text.append(string: OpenStateWording.iso8601(date, in: context.timeZone))
        }
    }
}

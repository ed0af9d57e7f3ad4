public import Foundation

/// The week of an `opening_hours` value whose days differ only by their weekday (no dates,
/// weeks, months, years, holidays or sun times: most values, `Mo-Fr 09:00-18:00; Sa
/// 10:00-16:00`), compiled once into the open and unknown stretches of each weekday, and kept as
/// bytes: an index compiles each distinct value when it is built, and a filter on open places
/// judges a venue from them without reading its value again.
///
/// ``state(weekday:minute:)`` is what ``OpeningHours/state(at:in:)`` says at that wall-clock
/// time in any zone (each day's stretches are the evaluator's own, the previous day's spill
/// included).
public struct HoursWeek: Sendable, Hashable {
    /// The compiled form, as kept: a version byte, then for each weekday from Monday the count
    /// of its stretches and each stretch as its first minute and the minute after it (two bytes
    /// each, little-endian) and its state (1 open, 2 unknown).
    public let bytes: [UInt8]
    /// The form ``bytes`` are in; bytes of another form are not read.
    static let version: UInt8 = 1
    /// 1970-01-05, a Monday: the week a value is compiled on (any week would do).
    private static let monday = 4

    /// The week of `hours`; `nil` when its days depend on more than the weekday, or on the sun.
    public init?(compiling hours: OpeningHours) {
        guard hours.rules.allSatisfy({ $0.dependsOnWeekdayOnly && !$0.usesSunEvents }) else { return nil }
        var evaluator = ScheduleEvaluator(
            rules: hours.rules,
            context: HoursContext(timeZone: TimeZone(secondsFromGMT: 0)!)
        )
        var bytes = [Self.version]
        for weekday in 0..<7 {
            let stretches = evaluator.schedule(for: CivilDate(dayNumber: Self.monday + weekday)).segments.filter {
                $0.kind != .closed
            }
            guard stretches.count <= Int(UInt8.max) else { return nil }
            bytes.append(UInt8(stretches.count))
            for stretch in stretches {
                for minute in [stretch.start, stretch.end] {
                    bytes.append(UInt8(truncatingIfNeeded: minute))
                    bytes.append(UInt8(truncatingIfNeeded: minute >> 8))
                }
                bytes.append(stretch.kind == .open ? 1 : 2)
            }
        }
        self.bytes = bytes
    }

    /// The week `bytes` hold; `nil` unless they are a whole week of this form.
    public init?(bytes: [UInt8]) {
        guard bytes.first == Self.version else { return nil }
        var index = 1
        for _ in 0..<7 {
            guard index < bytes.count else { return nil }
            let count = Int(bytes[index])
            index += 1 + count * 5
            guard index <= bytes.count else { return nil }
        }
        guard index == bytes.count else { return nil }
        self.bytes = bytes
    }

    /// The compiled week of the value `text`; `nil` when it cannot be read or is not compiled.
    public static func compile(_ text: String) -> HoursWeek? {
        guard let hours = try? OpeningHours(text) else { return nil }
        return HoursWeek(compiling: hours)
    }

    /// The state at `minute` (0..<1440) of `weekday` (Monday = 0 … Sunday = 6).
    public func state(weekday: Int, minute: Int) -> HoursState {
        bytes.withUnsafeBufferPointer { bytes in
            var index = 1
            for _ in 0..<weekday { index += 1 + Int(bytes[index]) * 5 }
            let count = Int(bytes[index])
            index += 1
            for _ in 0..<count {
                let start = Int(bytes[index]) | Int(bytes[index + 1]) << 8
                let end = Int(bytes[index + 2]) | Int(bytes[index + 3]) << 8
                if start <= minute && minute < end { return bytes[index + 4] == 1 ? .open : .unknown }
                if minute < start { break }
                index += 5
            }
            return .closed
        }
    }

    /// The wall-clock time in `zone` at `instant`, as ``state(atWall:)`` reads it: seconds after
    /// 1970-01-01T00:00 there, to the second below (as the evaluator reads it).
    public static func wallSeconds(at instant: Date, in zone: TimeZone) -> Int {
        WallClock(timeZone: zone).wallSeconds(for: instant)
    }

    /// The state at `instant` in `zone`: ``OpeningHours/state(at:in:)`` of the value compiled.
    public func state(at instant: Date, in zone: TimeZone) -> HoursState {
        state(atWall: Self.wallSeconds(at: instant, in: zone))
    }

    /// The state at the wall-clock time `wallSeconds` seconds after 1970-01-01T00:00 (local).
    public func state(atWall wallSeconds: Int) -> HoursState {
        let day = wallSeconds >= 0 ? wallSeconds / 86_400 : (wallSeconds - 86_399) / 86_400
        return state(weekday: CivilDate(dayNumber: day).weekday, minute: (wallSeconds - day * 86_400) / 60)
    }
}

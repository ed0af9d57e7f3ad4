import Foundation

/// Converts between instants and the wall-clock time of one zone, in whole seconds.
///
/// A wall time in a spring-forward gap (03:30 in Helsinki on the last Sunday of March) maps to
/// the instant of the change (04:00 summer time); a wall time the autumn change makes
/// twice maps to its later occurrence, as opening-hours-rs does.
struct WallClock {
    let timeZone: TimeZone
    /// The zone's offsets, shared by every evaluation in the process.
    private let offsets: ZoneOffsets

    init(timeZone: TimeZone) {
        self.timeZone = timeZone
        self.offsets = ZoneOffsetCache.shared.offsets(of: timeZone)
    }

    /// Seconds since 1970-01-01 00:00 of the wall clock showing at `instant`.
    func wallSeconds(for instant: Date) -> Int {
        let seconds = Self.wholeSeconds(instant)
        return seconds + offset(atInstant: seconds)
    }

    /// The seconds after 1970 of the second `instant` is in, within years 1 to 9999: beyond
    /// them (or NaN) the calendar arithmetic has no meaning.
    static func wholeSeconds(_ instant: Date) -> Int {
        let raw = instant.timeIntervalSince1970
        return raw.isNaN ? 0 : Int(min(max(raw, -62_135_596_800), 253_402_300_799).rounded(.down))
    }

    /// The instant at which the wall clock shows `wall`.
    func instant(forWall wall: Int) -> Date {
        Date(timeIntervalSince1970: Double(instantSeconds(forWall: wall)))
    }

    /// The zone's offset from UTC, in seconds, at the wall time `wall`.
    func offsetSeconds(atWall wall: Int) -> Int {
        wall - instantSeconds(forWall: wall)
    }

    private func instantSeconds(forWall wall: Int) -> Int {
        // Far from a transition (nearly always) one known offset covers every instant the wall
        // time could be: no need to ask for three.
        if let offset = offsets.knownOffset(throughout: (wall - 86_400)...(wall + 86_400)) { return wall - offset }
        let before = offset(atInstant: wall - 86_400)
        let after = offset(atInstant: wall + 86_400)
        if before == after { return wall - before }
        let early = wall - before
        let late = wall - after
        let earlyValid = offset(atInstant: early) == before
        let lateValid = offset(atInstant: late) == after
        switch (earlyValid, lateValid) {
        case (true, true): return max(early, late)
        case (true, false): return early
        case (false, true): return late
        case (false, false):
            // In a gap: the instant of the change, as opening-hours-rs.
            let change = timeZone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: Double(late - 1)))
            return change.map { Int($0.timeIntervalSince1970) } ?? early
        }
    }

    private func offset(atInstant seconds: Int) -> Int {
        offsets.offset(atSecond: seconds)
    }
}

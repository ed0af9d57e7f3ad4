public import Foundation

/// Time zones' offsets from UTC, asked of Foundation once per stretch between two of a zone's
/// transitions and kept for every evaluation in the process: each ask is a calendar
/// computation in ICU, and a week of intervals for each of many values, or the states of a
/// listing's venues, ask for the same few offsets again and again.
///
/// `ZoneOffsetCache.shared.offset(of: helsinki, at: date)` is `helsinki.secondsFromGMT(for:
/// date)`: 7200 in winter, 10800 in summer. One zone's ``ZoneOffsets``, kept by whoever asks
/// for many offsets of it, skips finding the zone each time. Thread-safe.
public final class ZoneOffsetCache: @unchecked Sendable {
    /// The cache every evaluation shares.
    public static let shared = ZoneOffsetCache()

    private let lock = NSLock()
    private var zones: [String: ZoneOffsets] = [:]

    /// An empty cache.
    public init() {}

    /// The offsets of `zone`, kept here.
    public func offsets(of zone: TimeZone) -> ZoneOffsets {
        let identifier = zone.identifier
        lock.lock()
        defer { lock.unlock() }
        if let known = zones[identifier] { return known }
        let offsets = ZoneOffsets(zone)
        zones[identifier] = offsets
        return offsets
    }

    /// The offset of `zone` from UTC at `date`, in seconds east: `zone.secondsFromGMT(for: date)`.
    public func offset(of zone: TimeZone, at date: Date) -> Int {
        offsets(of: zone).offset(at: date)
    }
}

/// One zone's offsets from UTC, asked of Foundation once per stretch between two of its
/// transitions (``ZoneOffsetCache``). Thread-safe.
public final class ZoneOffsets: @unchecked Sendable {
    /// The zone.
    public let zone: TimeZone

    /// Seconds known to have one offset: `start..<end`, `end` the zone's next transition.
    private struct Stretch {
        var start: Int
        let end: Int
        let offset: Int
    }
    /// How many stretches are kept (the oldest made goes first).
    static let keptStretches = 32
    private let lock = NSLock()
    private var stretches: [Stretch] = []

    /// The offsets of `zone`, none known yet.
    public init(_ zone: TimeZone) {
        self.zone = zone
    }

    /// The offset from UTC at `date`, in seconds east: `zone.secondsFromGMT(for: date)` (at
    /// the second `date` is in, kept within years 1–9999).
    public func offset(at date: Date) -> Int {
        offset(atSecond: WallClock.wholeSeconds(date))
    }

    /// The one offset from UTC of every second in `seconds` when a stretch already known
    /// covers them all; `nil` when none does (a transition may be among them, or nothing is
    /// known there yet).
    func knownOffset(throughout seconds: ClosedRange<Int>) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        for stretch in stretches where stretch.start <= seconds.lowerBound && seconds.upperBound < stretch.end {
            return stretch.offset
        }
        return nil
    }

    /// The offset from UTC `seconds` after 1970, in seconds east.
    public func offset(atSecond seconds: Int) -> Int {
        lock.lock()
        for stretch in stretches where stretch.start <= seconds && seconds < stretch.end {
            lock.unlock()
            return stretch.offset
        }
        lock.unlock()
        let date = Date(timeIntervalSince1970: Double(seconds))
        let offset = zone.secondsFromGMT(for: date)
        // The offset holds from here until the next transition (none: for good).
        let next = zone.nextDaylightSavingTimeTransition(after: date).map { Int($0.timeIntervalSince1970.rounded(.up)) }
        let end = next ?? Int.max
        lock.lock()
        defer { lock.unlock() }
        // Two seconds with one next transition have one offset: no transition lies between them.
        if let same = stretches.firstIndex(where: { $0.end == end }) {
            // The same stretch, asked earlier in it: it reaches back to here.
            stretches[same].start = min(stretches[same].start, seconds)
        } else {
            if stretches.count >= Self.keptStretches { stretches.removeFirst() }
            stretches.append(Stretch(start: seconds, end: end, offset: offset))
        }
        return offset
    }

    /// The instant at which the wall clock shows `hour:minute:second` on `day` (nil: the day it
    /// is there at `now`), when the zone's offset is one and the same from a day before that
    /// time to a day after it; `nil` when a transition may be near, where a calendar says what a
    /// skipped or repeated wall-clock time means.
    public func instantAwayFromTransitions(
        day: (year: Int, month: Int, day: Int)?,
        hour: Int,
        minute: Int,
        second: Int,
        now: Date
    ) -> Date? {
        let dayNumber: Int
        if let day {
            dayNumber = CivilDate(year: day.year, month: day.month, day: day.day).dayNumber
        } else {
            let nowSeconds = WallClock.wholeSeconds(now)
            let wallNow = nowSeconds + offset(atSecond: nowSeconds)
            dayNumber = CivilDate(wallSeconds: wallNow).dayNumber
        }
        let wall = dayNumber * 86_400 + hour * 3_600 + minute * 60 + second
        // Every instant the wall time could be (offsets reach 14 hours), and a day either side.
        let around = (wall - 86_400 - 18 * 3_600)...(wall + 86_400 + 18 * 3_600)
        _ = offset(atSecond: around.lowerBound)
        guard let offset = knownOffset(throughout: around) else { return nil }
        return Date(timeIntervalSince1970: Double(wall - offset))
    }
}

public import Foundation
public import VenuesCore
public import VenuesHours

/// The time a listing's hours are shown for: now, or `--open-at` (an instant, or a wall-clock
/// time in each venue's own zone), for a while from it (`--open-for`), with the evaluator that
/// reads the hours.
public struct HoursMoment: Sendable {
    /// When.
    public var time: HoursTime
    /// The present, which a time without a date is taken on.
    public var now: Date
    /// For how long from that time, in seconds (0: at the time).
    public var duration: TimeInterval
    /// The evaluator (the user's zone, the country, the parsed values).
    public var evaluator: VenueHoursEvaluator

    /// A moment; by default now, in the user's zone.
    public init(
        time: HoursTime? = nil,
        now: Date = Date(),
        duration: TimeInterval = 0,
        evaluator: VenueHoursEvaluator = VenueHoursEvaluator()
    ) {
        self.time = time ?? .instant(now)
        self.now = now
        self.duration = duration
        self.evaluator = evaluator
    }

    /// The instant the moment is for a venue: a wall-clock time is read in its zone.
    public func instant(for venue: Venue) -> Date {
        if case .instant(let date) = time { return date }
        return instant(in: evaluator.zone(of: venue, at: now).zone)
    }

    /// The instant the moment is for a venue whose hours are read in `zone`.
    func instant(in zone: TimeZone) -> Date {
        if case .instant(let date) = time { return date }
        return instants.instant(of: time, now: now, in: zone)
    }

    /// A wall-clock time's instant in each zone met, worked out once per zone (a calendar's
    /// arithmetic per venue was a tenth of a listing's time); shared by copies, so keyed by the
    /// time and the present too.
    private let instants = ZoneInstants()

    /// The state ``state(of:)`` shows, and nothing else (``VenueHoursEvaluator/shownState(of:at:)``
    /// at a moment without a duration): what a filter judges.
    public func shownState(of venue: Venue) -> HoursState {
        guard duration <= 0 else { return state(of: venue).state }
        return evaluator.shownState(of: venue, at: instant(for: venue))
    }

    /// The venue's state at the moment (over its duration).
    public func state(of venue: Venue) -> VenueOpenState {
        let instant = instant(for: venue)
        return duration > 0
            ? evaluator.state(of: venue, from: instant, for: duration) : evaluator.state(of: venue, at: instant)
    }
}

/// Wall-clock times' instants, by time, present and zone; thread-safe.
private final class ZoneInstants: @unchecked Sendable {
    /// A zone's instant, and the time and present it is for.
    private struct Known {
        var time: HoursTime
        var now: Date
        var instant: Date
    }
    private let lock = NSLock()
    /// By zone identifier: a key type of its own cost its first insertion a search of the
    /// binary's protocol conformances (the runtime checks that it is `Hashable`), more than the
    /// instant's arithmetic; `String`'s is checked already. A copy of the moment asking for
    /// another time or present replaces the zone's entry, so there are no more entries than zones.
    private var known: [String: Known] = [:]

    func instant(of time: HoursTime, now: Date, in zone: TimeZone) -> Date {
        let identifier = zone.identifier
        lock.lock()
        if let entry = known[identifier], entry.time == time, entry.now == now {
            lock.unlock()
            return entry.instant
        }
        lock.unlock()
        let instant = time.instant(in: zone, now: now)
        lock.lock()
        known[identifier] = Known(time: time, now: now, instant: instant)
        lock.unlock()
        return instant
    }
}

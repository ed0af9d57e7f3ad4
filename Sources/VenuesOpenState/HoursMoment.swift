public import Foundation
public import VenuesCore

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
        return time.instant(in: evaluator.zone(of: venue, at: now).zone, now: now)
    }

    /// The venue's state at the moment (over its duration).
    public func state(of venue: Venue) -> VenueOpenState {
        let instant = instant(for: venue)
        return duration > 0
            ? evaluator.state(of: venue, from: instant, for: duration) : evaluator.state(of: venue, at: instant)
    }
}

public import VenuesAggregator
public import VenuesCore
import VenuesHours
public import VenuesMerge

/// Keeps the places open at a moment (`--open-now`, `--open-at`), or open for at least a while
/// from it (`--open-for`): a ``ResultFiltering`` for the aggregator.
///
/// A place whose hours are unknown is left out and counted apart, unless ``includeUnknown``.
public struct OpenHoursFilter: ResultFiltering {
    /// When the places must be open.
    public var moment: HoursMoment
    /// Whether places with unknown hours are kept (`--include-unknown`).
    public var includeUnknown: Bool

    /// A filter on the hours at `moment`.
    public init(moment: HoursMoment, includeUnknown: Bool = false) {
        self.moment = moment
        self.includeUnknown = includeUnknown
    }

    public func verdict(on place: MergedVenue) -> FilterVerdict {
        verdict(on: place.venue)
    }

    /// The verdict on one venue (a source's record, or a merged place's combined one).
    public func verdict(on venue: Venue) -> FilterVerdict {
        verdict(on: venue, states: nil)
    }

    public func prepare(_ query: inout VenueQuery) {
        query.wantsOpeningHours = true
        let filter = self
        let states = ShownStates()
        // A compiled week says the state at an instant, not over a duration.
        var fromWeek: (@Sendable ([UInt8], Coordinate) -> FilterVerdict?)?
        if moment.duration <= 0 {
            fromWeek = { bytes, position in
                HoursWeek(bytes: bytes).flatMap { states.state(of: $0, at: position, moment: filter.moment) }
                    .map { filter.verdict(on: $0) }
            }
        }
        query.prefilter = VenuePrefilter(identity: identity, readsHoursOnly: true, compiledWeekVerdict: fromWeek) {
            filter.verdict(on: $0, states: states)
        }
    }

    /// ``verdict(on:)-(Venue)``; with `states`, each state that depends only on a text and a
    /// zone is worked out once (a local source's thousands of venues share a few hundred values
    /// and a zone or two).
    func verdict(on venue: Venue, states: ShownStates?) -> FilterVerdict {
        // No source has hours: unknown, wherever and whenever it is (no zone to look up).
        if venue.hours.isEmpty { return includeUnknown ? .kept : .leftOutUnknown }
        return verdict(on: states?.state(of: venue, at: moment) ?? moment.shownState(of: venue))
    }

    /// The verdict on a place in `state`.
    private func verdict(on state: HoursState) -> FilterVerdict {
        switch state {
        case .open: .kept
        case .closed: .leftOut
        case .unknown: includeUnknown ? .kept : .leftOutUnknown
        }
    }

    /// Everything the verdicts depend on: the time (an instant, or a wall-clock time read in each
    /// venue's zone on the present's date), the duration, whether unknown hours pass, and the
    /// evaluator's zone and country.
    public var identity: String {
        let time: String
        switch moment.time {
        case .instant(let date):
            time = "at:\(date.timeIntervalSince1970)"
        case .local(let date, let hour, let minute, let second):
            // Spelled out: interpolating the enum itself would go through reflection.
            let day = date.map { "\($0.year)-\($0.month)-\($0.day)" } ?? "today"
            time = "wall:\(day) \(hour):\(minute):\(second)|now:\(moment.now.timeIntervalSince1970)"
        }
        return [
            "open", time, "for:\(moment.duration)", includeUnknown ? "unknown:in" : "unknown:out",
            "zone:\(moment.evaluator.userTimeZone.identifier)", "country:\(moment.evaluator.country ?? "")",
        ].joined(separator: "|")
    }
}

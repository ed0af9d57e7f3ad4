public import Foundation
public import VenuesCore
public import VenuesHours

/// Evaluates a venue's opening hours: each source's in the venue's own zone, the state shown
/// taken from the most trusted source that can be read, and whether the others disagree.
///
/// The order of trust: current hours (Google's coming days, special days included) before a
/// regular week; then hours with a check date (OpenStreetMap's `check_date:opening_hours`, else
/// `check_date`), the most recently checked first; then the rest in the order of the venue's
/// sources (the merge's order of providers). A source whose hours cannot be read is passed
/// over (and named in ``VenueOpenState/problems``).
///
/// Each distinct text is parsed once (``OpeningHoursMemo``), shared by every evaluation.
public struct VenueHoursEvaluator: Sendable {
    /// The zone used when neither a provider nor the position gives one.
    public var userTimeZone: TimeZone
    /// The country whose public holidays apply (`--country`); `nil` takes it from the zone.
    public var country: String?
    private let memo: OpeningHoursMemo

    /// An evaluator; `memo` may be shared by several (a server's).
    public init(userTimeZone: TimeZone = .current, country: String? = nil, memo: OpeningHoursMemo = OpeningHoursMemo())
    {
        self.userTimeZone = userTimeZone
        self.country = country
        self.memo = memo
    }

    /// The venue's state at `instant`.
    public func state(of venue: Venue, at instant: Date) -> VenueOpenState {
        let ordered = Self.trustOrder(venue.hours)
        let (zone, zoneSource) = VenueZone.zone(of: venue, hours: ordered.first, at: instant, user: userTimeZone)
        var state = VenueOpenState(
            instant: instant,
            state: .unknown,
            timeZone: zone,
            zoneSource: zoneSource,
            disagreeing: [],
            sources: [],
            problems: []
        )
        var chosen: HoursEvaluation?
        for (index, hours) in ordered.enumerated() {
            // The first source's zone is the one found above.
            let context =
                index == 0
                ? self.context(at: venue.coordinate, zone: zone) : self.context(of: venue, hours: hours, at: instant)
            switch memo.hours(hours.specification) {
            case .failure(let error):
                state.problems.append("\(hours.provider): \(error.message)")
                state.sources.append(
                    .init(provider: hours.provider, kind: hours.kind, state: .unknown, checked: hours.checked)
                )
            case .success(let parsed):
                let evaluation = memo.evaluation(of: parsed, at: instant, in: context)
                state.sources.append(
                    .init(provider: hours.provider, kind: hours.kind, state: evaluation.state, checked: hours.checked)
                )
                guard let first = chosen else {
                    chosen = evaluation
                    state.state = evaluation.state
                    state.nextChange = evaluation.nextChange
                    state.nextState = evaluation.nextState
                    state.comment = evaluation.comment
                    state.source = hours.provider
                    state.text = hours.text ?? hours.specification
                    state.specification = hours.specification
                    state.timeZone = context.timeZone
                    continue
                }
                if first.state != .unknown, evaluation.state != .unknown, evaluation.state != first.state,
                    !state.disagreeing.contains(hours.provider), hours.provider != state.source
                {
                    state.disagreeing.append(hours.provider)
                }
            }
        }
        return state
    }

    /// The state ``state(of:at:)`` shows, without the next change or what the other sources
    /// say: all a filter on open places needs, from one day's schedule of the trusted source.
    public func shownState(of venue: Venue, at instant: Date) -> HoursState {
        for hours in Self.trustOrder(venue.hours) {
            guard case .success(let parsed) = memo.hours(hours.specification) else { continue }
            return memo.state(of: parsed, at: instant, in: context(of: venue, hours: hours, at: instant))
        }
        return .unknown
    }

    /// ``shownState(of:at:)`` of a venue at `coordinate` whose one source is `hours`, read in
    /// `zone` (the zone ``zone(of:at:)`` gives that venue), and whether the value has sun times
    /// (its state then depends on the position, not only on the zone): a filter's memo asks
    /// this when it meets a text, without the zone looked up again.
    func shownState(
        of hours: VenueHours,
        at coordinate: Coordinate,
        in zone: TimeZone,
        at instant: Date
    ) -> (state: HoursState, usesSunTimes: Bool) {
        guard case .success(let parsed) = memo.hours(hours.specification) else { return (.unknown, false) }
        return (parsed.state(at: instant, in: context(at: coordinate, zone: zone)), parsed.usesSunEvents)
    }

    /// Whether the venue is open for the whole of `duration` seconds from `instant`: open when
    /// every change within it is to open again, closed when it closes (or is closed) within it,
    /// unknown when the hours cannot say.
    public func state(of venue: Venue, from instant: Date, for duration: TimeInterval) -> VenueOpenState {
        var state = self.state(of: venue, at: instant)
        guard duration > 0, state.state == .open else { return state }
        let end = instant.addingTimeInterval(duration)
        var current = state
        // A handful of changes at most within a few hours; the bound keeps a malformed value
        // from looping.
        for _ in 0..<64 {
            guard let next = current.nextChange, next < end else { return state }
            current = self.state(of: venue, at: next)
            if current.state != .open {
                state.state = current.state
                state.nextChange = next
                state.nextState = current.state
                return state
            }
        }
        state.state = .unknown
        return state
    }

    /// The week from the day of `instant` as lines for people (``WeekLines``), from the most
    /// trusted source that can be read; empty when none can.
    public func weekLines(of venue: Venue, from instant: Date) -> [String] {
        for hours in Self.trustOrder(venue.hours) {
            guard case .success(let parsed) = memo.hours(hours.specification) else { continue }
            let context = context(of: venue, hours: hours, at: instant)
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = context.timeZone
            let start = calendar.startOfDay(for: instant)
            let intervals = parsed.intervals(from: start, to: start.addingTimeInterval(8 * 86_400), in: context)
            return WeekLines.lines(intervals, from: instant, calendar: calendar, country: context.country)
        }
        return []
    }

    /// Whether `specification`, once read, has sun times (`sunrise`, `dusk`…): its state then
    /// depends on the venue's position, not only on its zone. `false` for a text that cannot
    /// be read (its state is unknown wherever it is).
    public func usesSunTimes(_ specification: String) -> Bool {
        guard case .success(let parsed) = memo.hours(specification) else { return false }
        return parsed.usesSunEvents
    }

    /// The zone the venue's hours are read in, and where it came from.
    public func zone(of venue: Venue, at instant: Date) -> (zone: TimeZone, source: VenueOpenState.ZoneSource) {
        VenueZone.zone(of: venue, hours: Self.trustOrder(venue.hours).first, at: instant, user: userTimeZone)
    }

    /// The zone of a venue at `position` whose hours name no zone and no offset (an
    /// OpenStreetMap value): the one there, else the user's.
    func zone(at position: Coordinate) -> TimeZone {
        VenueZone.zone(at: position) ?? userTimeZone
    }

    /// The evaluation context of one source: its zone, the position, and the country.
    private func context(of venue: Venue, hours: VenueHours, at instant: Date) -> HoursContext {
        context(
            at: venue.coordinate,
            zone: VenueZone.zone(of: venue, hours: hours, at: instant, user: userTimeZone).zone
        )
    }

    /// The evaluation context of a source at `coordinate` read in `zone`.
    private func context(at coordinate: Coordinate, zone: TimeZone) -> HoursContext {
        HoursContext(
            timeZone: zone,
            latitude: coordinate.latitude,
            longitude: coordinate.longitude,
            country: country ?? CountryOfZone.country(of: zone.identifier)
        )
    }

    /// The sources in the order of trust (see the type's documentation); stable otherwise.
    static func trustOrder(_ hours: [VenueHours]) -> [VenueHours] {
        guard hours.count > 1 else { return hours }
        return hours.enumerated().sorted { left, right in
            let (a, b) = (left.element, right.element)
            if a.kind != b.kind { return a.kind == .current }
            switch (a.checked, b.checked) {
            case (let x?, let y?) where x != y: return x > y
            case (.some, nil): return true
            case (nil, .some): return false
            default: return left.offset < right.offset
            }
        }.map(\.element)
    }
}

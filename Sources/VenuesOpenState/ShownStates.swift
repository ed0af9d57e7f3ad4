import Foundation
import VenuesCore
import VenuesHours

/// The states a filter's moment shows (``HoursMoment/shownState(of:)``), kept for the states
/// that depend on nothing but a text and a zone: those of a venue with one source whose hours
/// have no sun times and that gives no UTC offset (its zone is then the one it names or the
/// one at its position, whatever the instant; a zone made from an offset may differ between
/// the present and the moment asked). Every other venue is evaluated as it comes.
///
/// A text met first in a zone is evaluated with that zone as looked up once for the venue, at
/// the moment's instant there (worked out once per zone): the zone is not looked up again, and
/// nothing is kept twice.
///
/// One per prepared filter, whose moment does not change; thread-safe (the providers of a
/// listing may judge their venues at once).
final class ShownStates: @unchecked Sendable {
    /// What is known in one zone: the moment's instant there, and the states of the texts met.
    private struct ZoneStates {
        var instant: Date
        var states: [String: HoursState] = [:]
        /// The wall-clock time there at ``instant`` (seconds after 1970-01-01T00:00 local), and
        /// whether its day and the day before are known to be no public holidays there, once a
        /// compiled week asked.
        var wall: (seconds: Int, isOrdinaryDay: Bool)?
    }
    private let lock = NSLock()
    private var zones: [String: ZoneStates] = [:]

    /// The state `moment` shows for `venue`, equal to ``HoursMoment/shownState(of:)``.
    func state(of venue: Venue, at moment: HoursMoment) -> HoursState {
        guard venue.hours.count == 1, let hours = venue.hours.first, hours.utcOffsetMinutes == nil else {
            return moment.shownState(of: venue)
        }
        let zone = moment.evaluator.zone(of: venue, at: moment.now).zone
        let zoneID = zone.identifier
        lock.lock()
        let known = zones[zoneID]
        lock.unlock()
        if let state = known?.states[hours.specification] { return state }
        let instant = known?.instant ?? moment.instant(in: zone)
        let state: HoursState
        let usesSunTimes: Bool
        if moment.duration > 0 {
            // Over a duration: the whole evaluation, next changes and all.
            state = moment.shownState(of: venue)
            usesSunTimes = moment.evaluator.usesSunTimes(hours.specification)
        } else {
            (state, usesSunTimes) = moment.evaluator.shownState(
                of: hours,
                at: venue.coordinate,
                in: zone,
                at: instant
            )
        }
        guard !usesSunTimes else { return state }
        lock.lock()
        zones[zoneID, default: ZoneStates(instant: instant)].states[hours.specification] = state
        lock.unlock()
        return state
    }

    /// The state `moment` (without a duration) shows for a venue at `position` whose one
    /// source is an OpenStreetMap value compiled into `week`: its zone is the one at the
    /// position (else the user's), as ``VenueHoursEvaluator/zone(of:at:)`` gives such a venue,
    /// and the state the week's at the moment's wall-clock time there; `nil` when the week
    /// cannot say (a value that names `PH`, on a holiday or the day after one, or where the
    /// holidays are not known).
    func state(of week: HoursWeek, at position: Coordinate, moment: HoursMoment) -> HoursState? {
        let zone = moment.evaluator.zone(at: position)
        let zoneID = zone.identifier
        lock.lock()
        let known = zones[zoneID]
        lock.unlock()
        let wall: (seconds: Int, isOrdinaryDay: Bool)
        if let knownWall = known?.wall {
            wall = knownWall
        } else {
            let instant = known?.instant ?? moment.instant(in: zone)
            let seconds = HoursWeek.wallSeconds(at: instant, in: zone)
            let country = moment.evaluator.country ?? CountryOfZone.country(of: zone.identifier)
            wall = (seconds, HoursWeek.isOrdinaryDay(atWall: seconds, country: country))
            lock.lock()
            zones[zoneID, default: ZoneStates(instant: instant)].wall = wall
            lock.unlock()
        }
        if week.dependsOnPublicHolidays && !wall.isOrdinaryDay { return nil }
        return week.state(atWall: wall.seconds)
    }
}

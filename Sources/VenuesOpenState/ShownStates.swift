import Foundation
import VenuesCore
import VenuesHours

/// The states a filter's moment shows (``HoursMoment/shownState(of:)``), kept for the states
/// that depend on nothing but a text and a zone: those of a venue with one source whose hours
/// have no sun times and that gives no UTC offset (its zone is then the one it names or the
/// one at its position, whatever the instant; a zone made from an offset may differ between
/// the present and the moment asked). Every other venue is evaluated as it comes.
///
/// One per prepared filter, whose moment does not change; thread-safe (the providers of a
/// listing may judge their venues at once).
final class ShownStates: @unchecked Sendable {
    private struct Key: Hashable {
        var text: String
        var zone: String
    }
    private let lock = NSLock()
    private var known: [Key: HoursState] = [:]

    /// The state `moment` shows for `venue`, equal to ``HoursMoment/shownState(of:)``.
    func state(of venue: Venue, at moment: HoursMoment) -> HoursState {
        guard venue.hours.count == 1, let hours = venue.hours.first, hours.utcOffsetMinutes == nil else {
            return moment.shownState(of: venue)
        }
        let key = Key(text: hours.specification, zone: moment.evaluator.zone(of: venue, at: moment.now).zone.identifier)
        lock.lock()
        if let state = known[key] {
            lock.unlock()
            return state
        }
        lock.unlock()
        let state = moment.shownState(of: venue)
        guard !moment.evaluator.usesSunTimes(hours.specification) else { return state }
        lock.lock()
        known[key] = state
        lock.unlock()
        return state
    }
}

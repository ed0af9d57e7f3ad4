import Foundation
import VenuesCore
import VenuesTimeZones

/// The time zone a venue's hours are evaluated in: the provider's, else the one at its
/// position (offline, ``TimeZoneLookup``), else the user's own (which the output then says).
///
/// Google gives an offset rather than a zone: the zone at the position is used when its
/// offset at the instant is the one Google gave (so that a later daylight-saving change is
/// still right), else a fixed zone of that offset.
enum VenueZone {
    static func zone(
        of venue: Venue,
        hours: VenueHours?,
        at instant: Date,
        user: TimeZone
    ) -> (zone: TimeZone, source: VenueOpenState.ZoneSource) {
        if let identifier = hours?.timeZone, let zone = TimeZone(identifier: identifier) {
            return (zone, .provider)
        }
        let atPosition = zone(at: venue.coordinate)
        if let minutes = hours?.utcOffsetMinutes {
            if let atPosition, atPosition.secondsFromGMT(for: instant) == minutes * 60 {
                return (atPosition, .provider)
            }
            if let fixed = TimeZone(secondsFromGMT: minutes * 60) { return (fixed, .provider) }
        }
        if let atPosition { return (atPosition, .position) }
        return (user, .user)
    }

    /// The zone at `position`, offline; `nil` where none is known (the open sea).
    static func zone(at position: Coordinate) -> TimeZone? {
        TimeZoneLookup.timeZone(latitude: position.latitude, longitude: position.longitude)
    }
}

import Foundation
import Testing
import VenuesCore
import VenuesHours

@testable import VenuesOpenState

/// A venue's state from its sources' hours: the zone, the order of trust, disagreement.
@Suite("Opening state of a venue")
struct VenueHoursEvaluatorTests {
    static let helsinki = try! Coordinate(latitude: 60.1699, longitude: 24.9384)
    static let newYork = try! Coordinate(latitude: 40.7128, longitude: -74.0060)

    static func venue(_ hours: [VenueHours], at coordinate: Coordinate = helsinki) -> Venue {
        Venue(id: try! VenueID(parsing: "osm:node/1"), name: "Kahvila", coordinate: coordinate, hours: hours)
    }

    /// An instant given as wall-clock time in a zone.
    static func instant(_ text: String, _ zone: String) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        let parts = text.split(whereSeparator: { "- :T".contains($0) }).map { Int($0)! }
        return calendar.date(
            from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4])
        )!
    }

    /// A user zone far from Helsinki and New York: a test that used it would show.
    let evaluator = VenueHoursEvaluator(userTimeZone: TimeZone(identifier: "Asia/Tokyo")!)

    @Test func hoursAreReadInTheZoneOfThePosition() {
        let venue = Self.venue([VenueHours(provider: .openStreetMap, specification: "Mo-Su 09:00-17:00")])
        // 16:30 in Helsinki is open, 17:30 closed, whatever the user's zone.
        let open = evaluator.state(of: venue, at: Self.instant("2026-11-27 16:30", "Europe/Helsinki"))
        #expect(open.state == .open)
        #expect(open.zoneSource == .position)
        #expect(open.timeZone.identifier == "Europe/Helsinki")
        #expect(open.nextChange == Self.instant("2026-11-27 17:00", "Europe/Helsinki"))
        #expect(open.nextState == .closed)
        #expect(evaluator.state(of: venue, at: Self.instant("2026-11-27 17:30", "Europe/Helsinki")).state == .closed)
        let york = Self.venue(
            [VenueHours(provider: .openStreetMap, specification: "Mo-Su 09:00-17:00")],
            at: Self.newYork
        )
        let there = evaluator.state(of: york, at: Self.instant("2026-11-27 16:30", "America/New_York"))
        #expect(there.state == .open)
        #expect(there.timeZone.identifier == "America/New_York")
    }

    @Test func theProvidersZoneComesFirstAndAnOffsetIsMatchedToThePosition() {
        // Foursquare says the zone outright.
        let said = Self.venue([
            VenueHours(provider: .foursquare, specification: "Mo-Su 09:00-17:00", timeZone: "America/New_York")
        ])
        #expect(evaluator.state(of: said, at: Date()).timeZone.identifier == "America/New_York")
        #expect(evaluator.state(of: said, at: Date()).zoneSource == .provider)
        // Google's offset agrees with the zone at the position: the zone (and its next change) is used.
        let winter = Self.instant("2026-11-27 12:00", "Europe/Helsinki")
        let google = Self.venue([
            VenueHours(provider: .google, specification: "Mo-Su 09:00-17:00", utcOffsetMinutes: 120)
        ])
        #expect(evaluator.state(of: google, at: winter).timeZone.identifier == "Europe/Helsinki")
        // An offset the position's zone does not have: a fixed zone of that offset.
        let odd = Self.venue([VenueHours(provider: .google, specification: "Mo-Su 09:00-17:00", utcOffsetMinutes: 330)])
        #expect(evaluator.state(of: odd, at: winter).timeZone.secondsFromGMT(for: winter) == 330 * 60)
    }

    @Test func aVenueInTheOpenSeaUsesTheUsersZoneAndSaysSo() throws {
        let sea = Self.venue(
            [VenueHours(provider: .openStreetMap, specification: "24/7")],
            at: try Coordinate(latitude: -40, longitude: -120)
        )
        let state = evaluator.state(of: sea, at: Date())
        #expect(state.state == .open)
        #expect(state.zoneSource == .user || state.timeZone.identifier.hasPrefix("Etc/"))
    }

    @Test func currentHoursComeBeforeRegularAndCheckedBeforeUnchecked() {
        let regular = VenueHours(provider: .google, specification: "Mo-Su 09:00-17:00")
        let current = VenueHours(provider: .google, specification: "Mo-Su 09:00-12:00", kind: .current)
        let old = VenueHours(provider: .openStreetMap, specification: "Mo-Su 10:00-18:00", checked: "2021-05-01")
        let recent = VenueHours(provider: .foursquare, specification: "Mo-Su 08:00-20:00", checked: "2026-10-01")
        let ordered = VenueHoursEvaluator.trustOrder([regular, old, current, recent])
        #expect(ordered == [current, recent, old, regular])
    }

    @Test func sourcesThatDisagreeAreNamed() {
        let venue = Self.venue([
            VenueHours(provider: .openStreetMap, specification: "Mo-Su 09:00-17:00", checked: "2026-10-01"),
            VenueHours(provider: .foursquare, specification: "Mo-Su 09:00-22:00"),
        ])
        let evening = evaluator.state(of: venue, at: Self.instant("2026-11-27 19:00", "Europe/Helsinki"))
        #expect(evening.state == .closed)
        #expect(evening.source == .openStreetMap)
        #expect(evening.disagreeing == [.foursquare])
        #expect(evening.sourcesDisagree)
        let noon = evaluator.state(of: venue, at: Self.instant("2026-11-27 12:00", "Europe/Helsinki"))
        #expect(noon.state == .open)
        #expect(!noon.sourcesDisagree)
    }

    @Test func unreadableHoursAreUnknownWithTheReasonAndTheNextSourceIsUsed() {
        let bad = Self.venue([VenueHours(provider: .openStreetMap, specification: "Mo-Fr 09:00-")])
        let state = evaluator.state(of: bad, at: Date())
        #expect(state.state == .unknown)
        #expect(state.problems.count == 1)
        #expect(state.problems.first?.hasPrefix("osm: ") == true)
        let withOther = Self.venue([
            VenueHours(provider: .openStreetMap, specification: "Mo-Fr 09:00-"),
            VenueHours(provider: .foursquare, specification: "24/7"),
        ])
        let other = evaluator.state(of: withOther, at: Date())
        #expect(other.state == .open)
        #expect(other.source == .foursquare)
        #expect(evaluator.state(of: Self.venue([]), at: Date()).state == .unknown)
    }

    @Test func openForAWhileNeedsTheWholeWhile() {
        let venue = Self.venue([VenueHours(provider: .openStreetMap, specification: "Mo-Su 09:00-17:00")])
        let at = Self.instant("2026-11-27 15:00", "Europe/Helsinki")
        #expect(evaluator.state(of: venue, from: at, for: 90 * 60).state == .open)
        #expect(evaluator.state(of: venue, from: at, for: 150 * 60).state == .closed)
        // Two spans that meet are one: open across midnight.
        let night = Self.venue([
            VenueHours(provider: .openStreetMap, specification: "Mo-Su 18:00-24:00, Mo-Su 00:00-02:00")
        ])
        #expect(
            evaluator.state(of: night, from: Self.instant("2026-11-27 23:00", "Europe/Helsinki"), for: 2 * 3_600).state
                == .open
        )
    }

    @Test func aWallClockTimeIsReadInEachVenuesZone() throws {
        let time = try HoursTime.parse("2026-11-27T10:00")
        let moment = HoursMoment(time: time, now: Date(), evaluator: evaluator)
        let helsinki = Self.venue([VenueHours(provider: .openStreetMap, specification: "Mo-Su 09:00-17:00")])
        let york = Self.venue(
            [VenueHours(provider: .openStreetMap, specification: "Mo-Su 09:00-17:00")],
            at: Self.newYork
        )
        #expect(moment.instant(for: helsinki) == Self.instant("2026-11-27 10:00", "Europe/Helsinki"))
        #expect(moment.instant(for: york) == Self.instant("2026-11-27 10:00", "America/New_York"))
        #expect(moment.state(of: helsinki).state == .open)
        #expect(moment.state(of: york).state == .open)
    }
}

import Foundation
import Testing

@testable import VenuesHours

@Suite("Sun times and the rules that use them")
struct SunTimesTests {
    typealias Support = HoursTestSupport

    private func minutes(_ occurrence: SunTimes.Occurrence, _ zone: TimeZone) -> Int? {
        guard case .at(let date) = occurrence else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return parts.hour! * 60 + parts.minute!
    }

    @Test("Helsinki at midsummer and midwinter, within two minutes of the almanac")
    func helsinki() {
        let zone = Support.helsinki
        let summer = SunTimes.day(year: 2026, month: 6, day: 21, latitude: 60.1699, longitude: 24.9384, timeZone: zone)
        // Almanac: sunrise 03:54, sunset 22:50 (EEST).
        #expect(abs(minutes(summer.sunrise, zone)! - (3 * 60 + 54)) <= 2)
        #expect(abs(minutes(summer.sunset, zone)! - (22 * 60 + 50)) <= 2)
        let winter = SunTimes.day(year: 2026, month: 12, day: 21, latitude: 60.1699, longitude: 24.9384, timeZone: zone)
        // Almanac: sunrise 09:24, sunset 15:13 (EET); civil dawn about 08:20, dusk about 16:17.
        #expect(abs(minutes(winter.sunrise, zone)! - (9 * 60 + 24)) <= 2)
        #expect(abs(minutes(winter.sunset, zone)! - (15 * 60 + 13)) <= 2)
        #expect(minutes(winter.dawn, zone)! < minutes(winter.sunrise, zone)!)
        #expect(minutes(winter.dusk, zone)! > minutes(winter.sunset, zone)!)
    }

    @Test("beyond the polar circle: polar night and midnight sun")
    func polar() throws {
        let zone = TimeZone(identifier: "Europe/Oslo")!
        let winter = SunTimes.day(year: 2026, month: 12, day: 21, latitude: 69.65, longitude: 18.96, timeZone: zone)
        #expect(winter.sunrise == .alwaysBelow)
        let summer = SunTimes.day(year: 2026, month: 6, day: 21, latitude: 69.65, longitude: 18.96, timeZone: zone)
        #expect(summer.sunset == .alwaysAbove)
        let tromso = HoursContext(timeZone: zone, latitude: 69.65, longitude: 18.96)
        #expect(try Support.state("sunrise-sunset", at: "2026-12-21T12:00:00+01:00", in: tromso) == .closed)
        #expect(try Support.state("sunrise-sunset", at: "2026-06-21T01:00:00+02:00", in: tromso) == .open)
        #expect(try Support.state("sunset-sunrise", at: "2026-12-21T12:00:00+01:00", in: tromso) == .open)
        #expect(try Support.state("sunset-sunrise", at: "2026-06-21T01:00:00+02:00", in: tromso) == .closed)
    }

    @Test("sunrise-sunset and offsets in a value")
    func inValues() throws {
        let evaluation = try Support.evaluate("sunrise-sunset", at: "2026-12-21T12:00:00+02:00")
        #expect(evaluation.state == .open)
        let sunset = try #require(evaluation.nextChange)
        #expect(abs(sunset.timeIntervalSince(Support.instant("2026-12-21T15:13:00+02:00"))) <= 120)
        let early = try Support.evaluate("(sunrise+01:00)-(sunset-01:00)", at: "2026-12-21T12:00:00+02:00")
        let earlyEnd = try #require(early.nextChange)
        #expect(abs(earlyEnd.timeIntervalSince(Support.instant("2026-12-21T14:13:00+02:00"))) <= 120)
    }

    @Test("without a position the rules that need the sun are unknown")
    func noPosition() throws {
        let context = Support.context(latitude: nil, longitude: nil)
        #expect(try Support.state("sunrise-sunset", at: "2026-12-21T12:00:00+02:00", in: context) == .unknown)
        #expect(
            try Support.state("Mo-Fr 09:00-17:00; Sa sunrise-sunset", at: "2026-12-21T12:00:00+02:00", in: context)
                == .open
        )
        #expect(
            try Support.state("Mo-Fr 09:00-17:00; Sa sunrise-sunset", at: "2026-12-26T12:00:00+02:00", in: context)
                == .unknown
        )
    }
}

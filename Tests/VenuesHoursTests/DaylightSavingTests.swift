import Foundation
import Testing

@testable import VenuesHours

/// Helsinki moves 03:00 → 04:00 on 2026-03-29 and 04:00 → 03:00 on 2026-10-25; New York moves
/// 02:00 → 03:00 on 2026-03-08 and 02:00 → 01:00 on 2026-11-01.
@Suite("Wall-clock rules across daylight-saving changes")
struct DaylightSavingTests {
    typealias Support = HoursTestSupport

    @Test(
        "an evening over the change keeps its wall-clock ends",
        arguments: [
            ("Europe/Helsinki", "2026-03-28T20:00:00+02:00", "2026-03-29T06:00:00+03:00", 9.0),
            ("Europe/Helsinki", "2026-10-24T20:00:00+03:00", "2026-10-25T06:00:00+02:00", 11.0),
            ("America/New_York", "2026-03-07T20:00:00-05:00", "2026-03-08T06:00:00-04:00", 9.0),
            ("America/New_York", "2026-10-31T20:00:00-04:00", "2026-11-01T06:00:00-05:00", 11.0),
        ] as [(String, String, String, Double)]
    )
    func eveningOverTheChange(_ zone: String, _ opens: String, _ closes: String, _ hours: Double) throws {
        let context = Support.context(TimeZone(identifier: zone)!, country: nil)
        let value = "Sa 20:00-06:00"
        let before = try Support.evaluate(value, at: opens, in: context)
        #expect(before.state == .open)
        #expect(before.nextChange == Support.instant(closes))
        let intervals = try OpeningHours(value).intervals(
            from: Support.instant(opens).addingTimeInterval(-3_600),
            to: Support.instant(closes).addingTimeInterval(3_600),
            in: context
        )
        #expect(intervals.count == 1)
        #expect(intervals.first?.start == Support.instant(opens))
        #expect(intervals.first?.end == Support.instant(closes))
        #expect(intervals.first.map { $0.end.timeIntervalSince($0.start) / 3_600 } == hours)
    }

    @Test("a time in the spring gap means the instant of the change")
    func springGap() throws {
        let value = "Su 03:30-05:00"
        let evaluation = try Support.evaluate(value, at: "2026-03-29T02:30:00+02:00")
        #expect(evaluation.state == .closed)
        #expect(evaluation.nextChange == Support.instant("2026-03-29T04:00:00+03:00"))
        #expect(try Support.state(value, at: "2026-03-29T04:30:00+03:00") == .open)
        let newYork = Support.context(Support.newYork, country: nil)
        let gap = try Support.evaluate("Su 02:30-04:00", at: "2026-03-08T01:30:00-05:00", in: newYork)
        #expect(gap.nextChange == Support.instant("2026-03-08T03:00:00-04:00"))
    }

    @Test("a time the autumn change makes twice means its later occurrence")
    func autumnFold() throws {
        let value = "Su 01:00-03:30"
        let evaluation = try Support.evaluate(value, at: "2026-10-25T02:00:00+03:00")
        #expect(evaluation.state == .open)
        #expect(evaluation.nextChange == Support.instant("2026-10-25T03:30:00+02:00"))
        let newYork = Support.context(Support.newYork, country: nil)
        let fold = try Support.evaluate("Su 00:00-01:30", at: "2026-11-01T00:30:00-04:00", in: newYork)
        #expect(fold.nextChange == Support.instant("2026-11-01T01:30:00-05:00"))
    }

    @Test("daily hours stay at their wall-clock time on both sides of each change")
    func dailyHours() throws {
        let value = "Mo-Su 09:00-17:00"
        for (at, opens) in [
            ("2026-03-28T18:00:00+02:00", "2026-03-29T09:00:00+03:00"),
            ("2026-10-24T18:00:00+03:00", "2026-10-25T09:00:00+02:00"),
        ] {
            #expect(try Support.evaluate(value, at: at).nextChange == Support.instant(opens))
        }
        let newYork = Support.context(Support.newYork, country: nil)
        let spring = try Support.evaluate(value, at: "2026-03-07T18:00:00-05:00", in: newYork)
        #expect(spring.nextChange == Support.instant("2026-03-08T09:00:00-04:00"))
        let autumn = try Support.evaluate(value, at: "2026-10-31T18:00:00-04:00", in: newYork)
        #expect(autumn.nextChange == Support.instant("2026-11-01T09:00:00-05:00"))
    }

    @Test("the year end: an overnight span from Dec 31 into Jan 1")
    func yearEnd() throws {
        let value = "Dec 31 20:00-02:00"
        #expect(try Support.state(value, at: "2027-01-01T01:00:00+02:00") == .open)
        let evaluation = try Support.evaluate(value, at: "2027-01-01T01:00:00+02:00")
        #expect(evaluation.nextChange == Support.instant("2027-01-01T02:00:00+02:00"))
        #expect(evaluation.nextState == .closed)
    }
}

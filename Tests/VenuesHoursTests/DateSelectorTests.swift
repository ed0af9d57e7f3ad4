import Foundation
import Testing

@testable import VenuesHours

@Suite("Months, dates, weeks, years and weekdays in the month")
struct DateSelectorTests {
    typealias Support = HoursTestSupport

    @Test("a single date and a date range, also over the year end")
    func dates() throws {
        let value = "10:00-18:00; Dec 24 off; Dec 31-Jan 01 12:00-14:00"
        #expect(try Support.state(value, at: "2026-12-24T12:00:00+02:00") == .closed)
        #expect(try Support.state(value, at: "2026-12-23T12:00:00+02:00") == .open)
        #expect(try Support.state(value, at: "2026-12-31T15:00:00+02:00") == .closed)
        #expect(try Support.state(value, at: "2027-01-01T13:00:00+02:00") == .open)
        #expect(try Support.state(value, at: "2027-01-01T15:00:00+02:00") == .closed)
        #expect(try Support.state(value, at: "2027-01-02T15:00:00+02:00") == .open)
        let days = "10:00-12:00; Dec 24-26 off"
        #expect(try Support.state(days, at: "2026-12-26T11:00:00+02:00") == .closed)
        #expect(try Support.state(days, at: "2026-12-27T11:00:00+02:00") == .open)
        let evaluation = try Support.evaluate("Dec 24 10:00-12:00", at: "2026-12-25T11:00:00+02:00")
        #expect(evaluation.nextChange == Support.instant("2027-12-24T10:00:00+02:00"))
    }

    @Test("month ranges, also over the year end, and long date ranges")
    func months() throws {
        #expect(try Support.state("Jan-Mar 10:00-12:00", at: "2026-03-31T11:00:00+03:00") == .open)
        #expect(try Support.state("Jan-Mar 10:00-12:00", at: "2026-04-01T11:00:00+03:00") == .closed)
        #expect(try Support.state("Nov-Feb 10:00-12:00", at: "2027-01-15T11:00:00+02:00") == .open)
        #expect(try Support.state("Nov-Feb 10:00-12:00", at: "2026-10-15T11:00:00+03:00") == .closed)
        let season = "Apr 01-Oct 31 10:00-18:00"
        #expect(try Support.state(season, at: "2026-10-31T17:00:00+02:00") == .open)
        #expect(try Support.state(season, at: "2026-11-01T17:00:00+02:00") == .closed)
        let evaluation = try Support.evaluate(season, at: "2026-11-01T17:00:00+02:00")
        #expect(evaluation.nextChange == Support.instant("2027-04-01T10:00:00+03:00"))
    }

    @Test("dates with a year, and ranges of years")
    func years() throws {
        #expect(try Support.state("10:00-12:00; 2026 Dec 24 off", at: "2026-12-24T11:00:00+02:00") == .closed)
        #expect(try Support.state("10:00-12:00; 2026 Dec 24 off", at: "2027-12-24T11:00:00+02:00") == .open)
        let span = "10:00-12:00; 2025 Dec 24-2026 Jan 06 off"
        #expect(try Support.state(span, at: "2026-01-06T11:00:00+02:00") == .closed)
        #expect(try Support.state(span, at: "2027-01-06T11:00:00+02:00") == .open)
        #expect(try Support.state("2025-2027 10:00-12:00", at: "2027-06-01T11:00:00+03:00") == .open)
        #expect(try Support.state("2025-2027 10:00-12:00", at: "2028-06-01T11:00:00+03:00") == .closed)
        #expect(try Support.state("2020+ 10:00-12:00", at: "2040-06-01T11:00:00+03:00") == .open)
        #expect(try Support.state("2024-2030/2 10:00-12:00", at: "2026-06-01T11:00:00+03:00") == .open)
        #expect(try Support.state("2024-2030/2 10:00-12:00", at: "2027-06-01T11:00:00+03:00") == .closed)
    }

    @Test("easter and offsets from a date")
    func easterAndOffsets() throws {
        // Easter Sunday 2026 is Apr 5, 2027 Mar 28.
        #expect(try Support.state("easter 10:00-12:00", at: "2026-04-05T11:00:00+03:00") == .open)
        #expect(try Support.state("easter 10:00-12:00", at: "2026-04-06T11:00:00+03:00") == .closed)
        #expect(try Support.state("easter +1 day 10:00-12:00", at: "2026-04-06T11:00:00+03:00") == .open)
        #expect(try Support.state("10:00-12:00; easter -2 days off", at: "2026-04-03T11:00:00+03:00") == .closed)
        let next = try Support.evaluate("easter 10:00-12:00", at: "2026-04-06T11:00:00+03:00")
        #expect(next.nextChange == Support.instant("2027-03-28T10:00:00+03:00"))
        // Dec 25 2026 is a Friday: +Mo is the Monday on or after it, -Mo the one on or before.
        #expect(try Support.state("Dec 25 +Mo 10:00-12:00", at: "2026-12-28T11:00:00+02:00") == .open)
        #expect(try Support.state("Dec 25 -Mo 10:00-12:00", at: "2026-12-21T11:00:00+02:00") == .open)
        #expect(try Support.state("Dec 25 +Mo 10:00-12:00", at: "2026-12-25T11:00:00+02:00") == .closed)
    }

    @Test("weekdays in the month: first, last, lists, ranges and a day offset")
    func nthWeekday() throws {
        // December 2026: Sundays 6, 13, 20, 27; Mondays 7 … 28; Saturdays 5, 12, 19, 26.
        #expect(try Support.state("Su[1] 10:00-12:00", at: "2026-12-06T11:00:00+02:00") == .open)
        #expect(try Support.state("Su[1] 10:00-12:00", at: "2026-12-13T11:00:00+02:00") == .closed)
        #expect(try Support.state("Mo[-1] 10:00-12:00", at: "2026-12-28T11:00:00+02:00") == .open)
        #expect(try Support.state("Mo[-1] 10:00-12:00", at: "2026-12-21T11:00:00+02:00") == .closed)
        #expect(try Support.state("Sa[1,3] 10:00-12:00", at: "2026-12-19T11:00:00+02:00") == .open)
        #expect(try Support.state("Sa[1,3] 10:00-12:00", at: "2026-12-12T11:00:00+02:00") == .closed)
        #expect(try Support.state("Sa[2-3] 10:00-12:00", at: "2026-12-12T11:00:00+02:00") == .open)
        #expect(try Support.state("Su[-1] -1 day 10:00-12:00", at: "2026-12-26T11:00:00+02:00") == .open)
        #expect(try Support.state("Su[-1] -1 day 10:00-12:00", at: "2026-12-27T11:00:00+02:00") == .closed)
        let next = try Support.evaluate("Su[1] 10:00-12:00", at: "2026-12-06T13:00:00+02:00")
        #expect(next.nextChange == Support.instant("2027-01-03T10:00:00+02:00"))
    }

    @Test("ISO weeks, with a step, and week 53")
    func weeks() throws {
        // 2026 has 53 ISO weeks: week 53 runs from Mon 2026-12-28 to Sun 2027-01-03.
        #expect(try Support.state("week 53 10:00-12:00", at: "2027-01-01T11:00:00+02:00") == .open)
        #expect(try Support.state("week 53 10:00-12:00", at: "2026-12-27T11:00:00+02:00") == .closed)
        #expect(try Support.state("week 53 10:00-12:00", at: "2027-01-04T11:00:00+02:00") == .closed)
        #expect(try Support.state("week 01 10:00-12:00", at: "2027-01-04T11:00:00+02:00") == .open)
        // Every other week from week 1: week 49 (Nov 30) yes, week 50 no.
        #expect(try Support.state("week 01-53/2 Mo 10:00-12:00", at: "2026-11-30T11:00:00+02:00") == .open)
        #expect(try Support.state("week 01-53/2 Mo 10:00-12:00", at: "2026-12-07T11:00:00+02:00") == .closed)
        let next = try Support.evaluate("week 01-53/2 Mo 10:00-12:00", at: "2026-12-07T11:00:00+02:00")
        #expect(next.nextChange == Support.instant("2026-12-14T10:00:00+02:00"))
    }

    @Test("weeks over the year end, open-ended dates, labels, and changes past the horizon")
    func edges() throws {
        #expect(try Support.state("week 52-02 10:00-12:00", at: "2027-01-01T11:00:00+02:00") == .open)
        #expect(try Support.state("week 52-02 10:00-12:00", at: "2027-01-20T11:00:00+02:00") == .closed)
        #expect(try Support.state("Dec 25+ 10:00-12:00", at: "2026-12-30T11:00:00+02:00") == .open)
        #expect(try Support.state("Dec 25+ 10:00-12:00", at: "2027-01-02T11:00:00+02:00") == .closed)
        let labelled = try Support.evaluate("\"summer\": Jun-Aug 10:00-20:00", at: "2026-07-01T12:00:00+03:00")
        #expect(labelled.state == .open)
        #expect(labelled.comment == "summer")
        let far = try Support.evaluate("2030 Jan 01 10:00-12:00", at: "2026-11-30T12:00:00+02:00")
        #expect(far.state == .closed)
        #expect(far.nextChange == nil)
        #expect(try Support.state("Feb 29 10:00-12:00", at: "2028-02-29T11:00:00+02:00") == .open)
        #expect(try Support.state("Feb 29 10:00-12:00", at: "2027-02-28T11:00:00+02:00") == .closed)
    }

    @Test("the civil calendar: weekdays, ISO weeks, Easter, nth weekdays")
    func civilDate() {
        #expect(CivilDate(year: 1970, month: 1, day: 1).dayNumber == 0)
        #expect(CivilDate(year: 2026, month: 11, day: 30).weekday == 0)
        #expect(CivilDate(dayNumber: CivilDate(year: 2024, month: 2, day: 29).dayNumber).components == (2024, 2, 29))
        #expect(CivilDate(year: 2027, month: 1, day: 1).isoWeek == 53)
        #expect(CivilDate(year: 2021, month: 1, day: 3).isoWeek == 53)
        #expect(CivilDate(year: 2024, month: 12, day: 30).isoWeek == 1)
        for (year, month, day) in [(2024, 3, 31), (2025, 4, 20), (2026, 4, 5), (2027, 3, 28), (2038, 4, 25)] {
            #expect(CivilDate.easter(year: year) == CivilDate(year: year, month: month, day: day))
        }
        #expect(CivilDate.nthWeekday(4, weekday: 3, month: 11, year: 2026) == CivilDate(year: 2026, month: 11, day: 26))
        #expect(CivilDate.nthWeekday(-1, weekday: 0, month: 5, year: 2026) == CivilDate(year: 2026, month: 5, day: 25))
        #expect(CivilDate.nthWeekday(5, weekday: 0, month: 2, year: 2026) == nil)
    }
}

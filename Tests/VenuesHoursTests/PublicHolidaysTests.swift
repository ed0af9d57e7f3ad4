import Foundation
import Testing

@testable import VenuesHours

@Suite("Public holidays by rule, and PH and SH in values")
struct PublicHolidaysTests {
    typealias Support = HoursTestSupport

    private func days(_ country: String, _ year: Int) -> [String] {
        (PublicHolidays.holidays(country: country, year: year) ?? []).map {
            String(format: "%02d-%02d", $0.month, $0.day)
        }
    }

    @Test("Finland: Easter-based days, Midsummer Day and All Saints' Day on the Saturday of their week")
    func finland() {
        #expect(
            days("FI", 2026) == [
                "01-01", "01-06", "04-03", "04-05", "04-06", "05-01", "05-14", "05-24", "06-20", "10-31", "12-06",
                "12-25", "12-26",
            ]
        )
        // In 2027 Oct 31 is a Sunday: All Saints' Day is Saturday Nov 6; Midsummer Day is Jun 26.
        #expect(days("FI", 2027).contains("11-06"))
        #expect(days("FI", 2027).contains("06-26"))
        #expect(!days("FI", 2027).contains("10-31"))
    }

    @Test("United States: nth weekdays, and fixed days observed on the nearest weekday")
    func unitedStates() {
        #expect(
            days("US", 2026) == [
                "01-01", "01-19", "02-16", "05-25", "06-19", "07-03", "09-07", "10-12", "11-11", "11-26", "12-25",
            ]
        )
        let year2027 = days("US", 2027)
        // Thanksgiving is the fourth Thursday of November, Memorial Day the last Monday of May.
        #expect(year2027.contains("11-25"))
        #expect(year2027.contains("05-31"))
        // Jul 4 2027 is a Sunday, Dec 25 a Saturday, Jan 1 2028 a Saturday (observed Dec 31 2027).
        #expect(year2027.contains("07-05"))
        #expect(year2027.contains("12-24"))
        #expect(year2027.contains("12-31"))
        #expect(!days("US", 2028).contains("01-01"))
    }

    @Test("England: substitute days move to the next free weekday")
    func england() {
        #expect(days("GB", 2026) == ["01-01", "04-03", "04-06", "05-04", "05-25", "08-31", "12-25", "12-28"])
        let year2027 = days("GB", 2027)
        #expect(year2027.suffix(2) == ["12-27", "12-28"])
        let year2022 = PublicHolidays.holidays(country: "GB", year: 2022) ?? []
        #expect(year2022.contains(PublicHoliday(month: 12, day: 26, name: "Boxing Day")))
        #expect(year2022.contains(PublicHoliday(month: 12, day: 27, name: "Christmas Day (substitute day)")))
    }

    @Test(
        "the other countries' days in 2026",
        arguments: [
            ("SE", 13, ["06-06", "06-20", "10-31"]), ("NO", 12, ["04-02", "05-17", "05-25"]),
            ("DK", 10, ["04-02", "05-25"]), ("EE", 12, ["02-24", "06-23", "06-24", "08-20", "12-24"]),
            ("DE", 9, ["10-03", "05-25"]), ("NL", 9, ["04-27", "05-24"]), ("FR", 11, ["07-14", "05-08", "11-11"]),
        ] as [(String, Int, [String])]
    )
    func others(_ country: String, _ count: Int, _ includes: [String]) {
        let list = days(country, 2026)
        #expect(list.count == count)
        for day in includes { #expect(list.contains(day)) }
    }

    @Test("known countries, an unknown one, and lower case")
    func countries() {
        #expect(PublicHolidays.countries == ["FI", "US", "SE", "NO", "DK", "EE", "DE", "NL", "GB", "FR"])
        #expect(PublicHolidays.holidays(country: "XX", year: 2026) == nil)
        #expect(PublicHolidays.holidays(country: "fi", year: 2026)?.count == 13)
        // Denmark's General Prayer Day ended with 2023.
        #expect(days("DK", 2023).contains("05-05"))
        #expect(!days("DK", 2024).contains("04-26"))
    }

    @Test("PH off closes on holidays; PH +1 day the day after; PH in a list")
    func inValues() throws {
        let value = "Mo-Sa 10:00-18:00; PH off"
        #expect(try Support.state(value, at: "2026-12-25T12:00:00+02:00") == .closed)
        #expect(try Support.state(value, at: "2026-12-28T12:00:00+02:00") == .open)
        let evaluation = try Support.evaluate(value, at: "2026-12-24T19:00:00+02:00")
        #expect(evaluation.nextChange == Support.instant("2026-12-28T10:00:00+02:00"))
        #expect(try Support.state("Mo-Sa 10:00-18:00; PH +1 day off", at: "2026-12-26T12:00:00+02:00") == .closed)
        #expect(try Support.state("Mo-Sa 10:00-18:00; PH +1 day off", at: "2026-12-28T12:00:00+02:00") == .open)
        #expect(try Support.state("Su,PH 12:00-16:00", at: "2027-01-06T13:00:00+02:00") == .open)
        let thanksgiving = Support.context(Support.newYork, country: "US")
        #expect(
            try Support.state("Mo-Fr 09:00-17:00; PH off", at: "2026-11-26T12:00:00-05:00", in: thanksgiving) == .closed
        )
    }

    @Test("PH without a known country and SH are unknown where they could apply")
    func unknownHolidays() throws {
        let noCountry = Support.context(country: nil)
        #expect(
            try Support.state("Mo-Sa 10:00-18:00; PH off", at: "2026-12-25T12:00:00+02:00", in: noCountry) == .unknown
        )
        #expect(try Support.state("Sa,PH 10:00-14:00", at: "2026-12-05T12:00:00+02:00", in: noCountry) == .open)
        #expect(try Support.state("Sa,PH 10:00-14:00", at: "2026-12-04T12:00:00+02:00", in: noCountry) == .unknown)
        let unsupported = Support.context(country: "JP")
        #expect(try Support.state("PH off", at: "2026-12-25T12:00:00+02:00", in: unsupported) == .unknown)
        #expect(try Support.state("Mo-Fr 08:00-16:00; SH off", at: "2026-11-30T12:00:00+02:00") == .unknown)
        #expect(try Support.state("Mo-Fr 08:00-16:00; SH off", at: "2026-12-05T12:00:00+02:00") == .unknown)
        #expect(try Support.evaluate("Mo-Fr 08:00-16:00; SH off", at: "2026-12-05T12:00:00+02:00").nextChange == nil)
        let saturday = try Support.evaluate("Sa,PH 10:00-14:00", at: "2026-12-01T15:00:00+02:00", in: noCountry)
        #expect(saturday.state == .closed)
        #expect(saturday.nextChange == Support.instant("2026-12-02T10:00:00+02:00"))
        #expect(saturday.nextState == .unknown)
        let onSaturday = try Support.evaluate("Sa,PH 10:00-14:00", at: "2026-12-05T12:00:00+02:00", in: noCountry)
        #expect(onSaturday.nextChange == Support.instant("2026-12-05T14:00:00+02:00"))
    }
}

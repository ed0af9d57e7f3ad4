import Foundation
import Testing
import VenuesTestSupport

@testable import VenuesHours

/// ``HoursWeek`` says what the evaluator says, at any wall-clock time in any zone, for values
/// whose days differ only by weekday; it compiles nothing else, and reads back only whole weeks.
@Suite("Compiled weeks")
struct HoursWeekTests {
    /// Rules of the kinds a weekly value is made of: ranges and lists of weekdays, times past
    /// midnight, open ends, `off`, `unknown`, comments, `24/7`.
    private static let rulePieces = [
        "Mo-Fr 09:00-17:00", "Sa 10:00-14:00", "Su off", "Tu,Th 08:30-12:00,13:00-18:45", "Fr-Sa 22:00-03:00",
        "Fr 18:00-26:00", "Mo 18:00+", "We unknown", "Su 12:00-16:00 \"brunch\"", "24/7", "Mo-Su 06:00-24:00",
        "Sa-Mo 20:00-02:30", "Th 11:00-11:00", "Mo-Fr 12:00-13:00 off", "Sa,Su 00:00-24:00 closed \"winter\"",
        "\"by appointment\"", "Tu-Th", "Su-Tu 23:00-01:00", "Mo-Fr 07:00-09:00 open", "PH off", "PH 10:00-14:00",
        "Mo-Fr,PH 09:00-17:00", "PH 22:00-02:00", "PH,Su off",
    ]
    private static let separators = ["; ", ", ", " || "]

    @Test func statesAreTheEvaluatorsAtEveryWallClockTime() throws {
        for draw in SeededGenerator.draws("HoursWeekTests.states") {
            var (seed, random) = draw
            let zones = ["Europe/Helsinki", "America/New_York", "Asia/Kathmandu", "Australia/Lord_Howe"].map {
                TimeZone(identifier: $0)!
            }
            for _ in 0..<300 {
                var value = Self.rulePieces.randomElement(using: &random)!
                for _ in 0..<Int.random(in: 0...3, using: &random) {
                    value +=
                        Self.separators.randomElement(using: &random)! + Self.rulePieces.randomElement(using: &random)!
                }
                guard let hours = try? OpeningHours(value) else { continue }
                let week = try #require(HoursWeek(compiling: hours), "seed \(seed): \(value)")
                #expect(week.dependsOnPublicHolidays == value.contains("PH"), "seed \(seed): \(value)")
                let zone = zones.randomElement(using: &random)!
                let country = ["FI", "US", "DE"].randomElement(using: &random)!
                let context = HoursContext(timeZone: zone, country: country)
                let clock = WallClock(timeZone: zone)
                for _ in 0..<40 {
                    // 2026 and 2027, daylight-saving changes and holidays included.
                    let instant = Date(
                        timeIntervalSince1970: Double(Int.random(in: 1_767_225_600...1_830_297_600, using: &random))
                    )
                    let wall = clock.wallSeconds(for: instant)
                    // A week that names holidays says nothing of a holiday or the day after one.
                    if week.dependsOnPublicHolidays, !HoursWeek.isOrdinaryDay(atWall: wall, country: country) {
                        continue
                    }
                    #expect(
                        week.state(atWall: wall) == hours.state(at: instant, in: context),
                        "seed \(seed): \(value) at \(instant) in \(zone.identifier), \(country)"
                    )
                }
            }
        }
    }

    @Test(arguments: [
        "Mo-Fr 09:00-17:00; PH +1 day off", "Dec 24 off", "Mo-Fr sunrise-sunset", "week 01-10 Mo 10:00-12:00",
        "2027 Mo-Fr 09:00-17:00", "Jan-Mar Sa 10:00-12:00", "Mo[1] 10:00-12:00", "SH off", "Mo-Fr 09:00-(sunset-01:00)",
    ])
    func valuesThatDependOnMoreThanTheWeekdayAreNotCompiled(value: String) throws {
        #expect(HoursWeek(compiling: try OpeningHours(value)) == nil)
    }

    @Test func bytesReadBackOnlyWhenWhole() throws {
        let week = try #require(HoursWeek.compile("Mo-Th 09:00-17:00; Fr 22:00-03:00; Su 12:00+"))
        #expect(HoursWeek(bytes: week.bytes) == week)
        #expect(week.state(weekday: 3, minute: 9 * 60) == .open)
        #expect(week.state(weekday: 3, minute: 17 * 60) == .closed)
        #expect(week.state(weekday: 5, minute: 120) == .open)  // Saturday 02:00, Friday's spill
        #expect(week.state(weekday: 5, minute: 14 * 60) == .closed)
        #expect(week.state(weekday: 6, minute: 13 * 60) == .unknown)  // Sunday after an open end
        #expect(HoursWeek(bytes: Array(week.bytes.dropLast())) == nil)
        #expect(HoursWeek(bytes: week.bytes + [0]) == nil)
        #expect(HoursWeek(bytes: [2] + week.bytes.dropFirst()) == nil)
        #expect(HoursWeek(bytes: []) == nil)
        #expect(HoursWeek.compile("not hours") == nil)
    }

    @Test func aHolidayAndTheDayAfterItAreNoOrdinaryDays() {
        // Finland's Independence Day, Sunday 2026-12-06.
        let day = 20_793 * 86_400
        #expect(!HoursWeek.isOrdinaryDay(atWall: day + 43_200, country: "FI"))
        #expect(!HoursWeek.isOrdinaryDay(atWall: day + 86_400 + 600, country: "FI"))
        #expect(HoursWeek.isOrdinaryDay(atWall: day + 2 * 86_400, country: "FI"))
        #expect(HoursWeek.isOrdinaryDay(atWall: day, country: "US"))
        // Holidays not known: no day is known to be ordinary.
        #expect(!HoursWeek.isOrdinaryDay(atWall: day + 2 * 86_400, country: nil))
        #expect(!HoursWeek.isOrdinaryDay(atWall: day + 2 * 86_400, country: "XX"))
        // The week values are compiled on has no holiday, nor has the Sunday before it.
        for offset in -1..<7 {
            #expect(HoursWeek.isOrdinaryDay(atWall: (HoursWeek.monday + offset) * 86_400, country: "FI"))
        }
    }
}

import Foundation
import Testing
import VenuesHours
import VenuesTestSupport

@testable import VenuesOpenState

/// `--open-at` and `--open-for` as people write them.
@Suite("Opening times and durations as given")
struct HoursOptionsParsingTests {
    @Test func timesWithAndWithoutADateAndAZone() throws {
        #expect(try HoursTime.parse("18:00") == .local(date: nil, hour: 18, minute: 0, second: 0))
        #expect(
            try HoursTime.parse("2026-12-24T18:30")
                == .local(date: .init(year: 2026, month: 12, day: 24), hour: 18, minute: 30, second: 0)
        )
        #expect(try HoursTime.parse("2026-12-24T16:00:00Z") == .instant(Date(timeIntervalSince1970: 1_798_128_000)))
        #expect(try HoursTime.parse("2026-12-24T18:00+02:00") == .instant(Date(timeIntervalSince1970: 1_798_128_000)))
        #expect(try HoursTime.parse("2026-12-24T11:00-05:00") == .instant(Date(timeIntervalSince1970: 1_798_128_000)))
        for bad in ["", "25:00", "18", "2026-12-24", "18:00+25:00", "tomorrow", "2026-13-01T10:00"] {
            #expect(throws: HoursTime.Problem.self, "\(bad)") { try HoursTime.parse(bad) }
        }
    }

    @Test func aLocalTimeOnADaylightSavingChangeIsAnInstantOfThatDay() throws {
        let zone = TimeZone(identifier: "Europe/Helsinki")!
        let time = try HoursTime.parse("2026-10-25T02:30")
        let instant = time.instant(in: zone, now: Date())
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        #expect(calendar.component(.day, from: instant) == 25)
    }

    /// A local time's instant is the one a calendar gives (which knows what a skipped or a
    /// repeated time means), near daylight-saving changes too, today and on a date.
    @Test func aLocalTimesInstantIsTheCalendarsOwn() throws {
        for draw in SeededGenerator.draws("HoursOptionsParsingTests.instants") {
            var (seed, random) = draw
            let zones = ["Europe/Helsinki", "America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu", "UTC"].map {
                TimeZone(identifier: $0)!
            }
            // The nights of 2026's changes in Helsinki and New York, and any time in 2026-2027.
            let changes = [1_774_746_000, 1_792_890_000, 1_772_953_200, 1_793_512_800]
            for _ in 0..<2_000 {
                let zone = zones.randomElement(using: &random)!
                let now = Date(
                    timeIntervalSince1970: Double(
                        Bool.random(using: &random)
                            ? changes.randomElement(using: &random)!
                                + Int.random(in: -2 * 86_400...2 * 86_400, using: &random)
                            : Int.random(in: 1_767_225_600...1_830_297_600, using: &random)
                    )
                )
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = zone
                let today = calendar.dateComponents([.year, .month, .day], from: now)
                let date: HoursTime.LocalDate? =
                    Bool.random(using: &random)
                    ? nil
                    : HoursTime.LocalDate(
                        year: today.year!,
                        month: today.month!,
                        day: min(28, max(1, today.day! + Int.random(in: -1...1, using: &random)))
                    )
                let (hour, minute) = (
                    Int.random(in: 0..<24, using: &random), [0, 15, 30, 59].randomElement(using: &random)!
                )
                let expected = calendar.date(
                    from: DateComponents(
                        year: date?.year ?? today.year,
                        month: date?.month ?? today.month,
                        day: date?.day ?? today.day,
                        hour: hour,
                        minute: minute,
                        second: 0
                    )
                )
                let time = HoursTime.local(date: date, hour: hour, minute: minute, second: 0)
                #expect(
                    time.instant(in: zone, now: now) == expected,
                    "seed \(seed): \(time) in \(zone.identifier), now \(now)"
                )
            }
        }
    }

    @Test func durations() {
        #expect(HoursDuration.seconds("90") == 5_400)
        #expect(HoursDuration.seconds("90m") == 5_400)
        #expect(HoursDuration.seconds("90min") == 5_400)
        #expect(HoursDuration.seconds("1h30m") == 5_400)
        #expect(HoursDuration.seconds("1h30") == 5_400)
        #expect(HoursDuration.seconds("PT1H30M") == 5_400)
        #expect(HoursDuration.seconds("2h") == 7_200)
        for bad in ["", "0", "-5", "1x", "h", "8d", "99999999"] {
            #expect(HoursDuration.seconds(bad) == nil, "\(bad)")
        }
    }

    @Test func wordsForPeople() {
        let zone = TimeZone(identifier: "Europe/Helsinki")!
        let now = Date(timeIntervalSince1970: 1_798_128_000)  // Thu 2026-12-24 18:00 in Helsinki
        func state(_ state: HoursState, next: TimeInterval?, _ nextState: HoursState?) -> VenueOpenState {
            VenueOpenState(
                instant: now,
                state: state,
                nextChange: next.map { now.addingTimeInterval($0) },
                nextState: nextState,
                timeZone: zone,
                zoneSource: .position,
                disagreeing: [],
                sources: [],
                problems: []
            )
        }
        #expect(OpenStateWording.words(state(.open, next: 3 * 3_600, .closed), at: now) == "open until 21:00")
        #expect(OpenStateWording.words(state(.open, next: 20 * 60, .closed), at: now) == "closes in 20 min")
        #expect(OpenStateWording.words(state(.closed, next: 15 * 3_600, .open), at: now) == "opens 09:00")
        #expect(OpenStateWording.words(state(.closed, next: 88 * 3_600, .open), at: now) == "opens Mon 10:00")
        #expect(OpenStateWording.words(state(.unknown, next: nil, nil), at: now) == "?")
        #expect(OpenStateWording.words(state(.open, next: nil, nil), at: now) == "open")
    }
}

/// The hand-written ISO 8601 times equal Foundation's formatter's, across zones and years since 1970
/// (before, some zones had offsets with seconds, which RFC 3339 cannot write and Foundation
/// writes anyway).
@Suite("ISO 8601 times in a zone")
struct ISO8601WritingTests {
    @Test func theTimesAreFoundationsForRandomInstantsAndZones() {
        for draw in SeededGenerator.draws("ISO8601WritingTests") {
            var (seed, random) = draw
            let zones = [
                "Europe/Helsinki", "America/New_York", "Asia/Kolkata", "UTC", "Pacific/Chatham", "America/St_Johns",
            ]
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime]
            for _ in 0..<5_000 {
                let zone = TimeZone(identifier: zones.randomElement(using: &random)!)!
                let date = Date(
                    timeIntervalSince1970: Double(Int64.random(in: 0...4_000_000_000, using: &random))
                )
                formatter.timeZone = zone
                #expect(
                    OpenStateWording.iso8601(date, in: zone) == formatter.string(from: date),
                    "seed \(seed): \(date) \(zone)"
                )
            }
        }
    }

    /// The words' times (`21:00`, `Mon 10:00`) are a Gregorian calendar's, in zones with
    /// half-hour and 45-minute offsets too, before 1970 as after.
    @Test func theWordsTimesAreTheCalendarsForRandomInstantsAndZones() {
        for draw in SeededGenerator.draws("ISO8601WritingTests.when") {
            var (seed, random) = draw
            let zones = ["Europe/Helsinki", "America/New_York", "Asia/Kolkata", "Pacific/Chatham", "America/St_Johns"]
            let names = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
            for _ in 0..<2_000 {
                let zone = TimeZone(identifier: zones.randomElement(using: &random)!)!
                let date = Date(
                    timeIntervalSince1970: Double(Int64.random(in: -1_000_000_000...4_000_000_000, using: &random))
                        + Double(Int.random(in: 0..<1_000, using: &random)) / 1_000
                )
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = zone
                let parts = calendar.dateComponents([.weekday, .hour, .minute], from: date)
                let time = String(format: "%02d:%02d", parts.hour!, parts.minute!)
                let soon = date.addingTimeInterval(-3_600)
                let later = date.addingTimeInterval(-3 * 86_400)
                #expect(OpenStateWording.when(date, from: soon, in: zone) == time, "seed \(seed): \(date) \(zone)")
                #expect(
                    OpenStateWording.when(date, from: later, in: zone) == "\(names[parts.weekday! - 1]) \(time)",
                    "seed \(seed): \(date) \(zone)"
                )
            }
        }
    }
}

import Foundation
import Testing
import VenuesCore
import VenuesHours
import VenuesOpenState
import VenuesTestSupport

/// What a filter judges (``VenueHoursEvaluator/shownState(of:at:)``, from one day's schedule and
/// the memo's kept states) is the state a listing shows (``VenueHoursEvaluator/state(of:at:)``),
/// for venues of one to three sources, in any zone, at any instant.
@Suite("The state a filter judges is the state shown")
struct ShownStateTests {
    static let values = [
        "Mo-Fr 09:00-17:00", "Mo-Su 10:00-02:00", "Fr-Sa 18:00-26:00", "24/7", "off", "Mo-Fr 08:00-18:00; PH off",
        "Mo-Sa 09:00-21:00; Su 12:00-18:00 || \"by appointment\"", "sunrise-sunset", "Mo-Fr 09:00-12:00,13:00-17:00",
        "Dec 24-26 off; Mo-Su 11:00-22:00", "Mo-Fr 09:00-17:00+", "Mo-Fr 09:00-", "week 1-26 Mo-Fr 10:00-16:00",
        "Su[-1] off; Mo-Su 10:00-20:00", "easter off; 08:00-16:00", "SH off; Mo-Fr 07:30-15:00", "unknown",
        "Mo-Fr 22:00-06:00", "Mo 12:00; Tu 10:00-11:00",
    ]

    @Test func theStateAFilterJudgesIsTheStateShown() throws {
        for draw in SeededGenerator.draws("ShownStateTests.states") {
            var (seed, random) = draw
            let evaluator = VenueHoursEvaluator(userTimeZone: TimeZone(identifier: "Asia/Tokyo")!)
            let positions = [
                try Coordinate(latitude: 60.1699, longitude: 24.9384),
                try Coordinate(latitude: 40.7128, longitude: -74.006),
                try Coordinate(latitude: 52.52, longitude: 13.405), try Coordinate(latitude: 0, longitude: -140),
            ]
            let providers: [ProviderID] = [.openStreetMap, .google, .foursquare]
            // 2026-01-01 to 2028-01-01, and the daylight-saving nights of 2026 in Helsinki and New York.
            let changes = [1_774_746_000.0, 1_792_890_000, 1_772_953_200, 1_793_512_800]
            for round in 0..<2_000 {
                var hours: [VenueHours] = []
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    hours.append(
                        VenueHours(
                            provider: providers.randomElement(using: &random)!,
                            specification: Self.values.randomElement(using: &random)!,
                            kind: Bool.random(using: &random) ? .regular : .current,
                            timeZone: [nil, nil, "Europe/Helsinki", "America/Chicago"].randomElement(using: &random)!,
                            utcOffsetMinutes: [nil, nil, 120, -300].randomElement(using: &random)!,
                            checked: [nil, "2026-10-01", "2025-01-01"].randomElement(using: &random)!
                        )
                    )
                }
                let venue = Venue(
                    id: try VenueID(parsing: "osm:node/\(round + 1)"),
                    name: "Venue",
                    coordinate: positions.randomElement(using: &random)!,
                    hours: hours
                )
                let instant =
                    Bool.random(using: &random)
                    ? Date(
                        timeIntervalSince1970: 1_767_225_600
                            + Double(Int.random(in: 0..<(2 * 365 * 86_400), using: &random))
                    )
                    : Date(
                        timeIntervalSince1970: changes.randomElement(using: &random)!
                            + Double(Int.random(in: -7_200...7_200, using: &random))
                    )
                // Twice: the second answer comes from the memo's kept states.
                for _ in 0..<2 {
                    #expect(
                        evaluator.shownState(of: venue, at: instant) == evaluator.state(of: venue, at: instant).state,
                        "seed \(seed): \(hours.map(\.specification)) at \(instant)"
                    )
                }
            }
        }
    }
    /// A filter keeps the states that depend only on a text and a zone, for the venues of one
    /// listing: each venue still gets the verdict it gets alone — also venues with sun times in
    /// one zone far apart (Helsinki and Utsjoki, New York and Buffalo), venues of several
    /// sources, sources that name their zone, and sources that give an offset (whose zone may
    /// differ between the present and the moment asked).
    @Test func aFilterThatKeepsStatesGivesEachVenueItsOwnVerdict() throws {
        let values =
            Self.values + ["sunrise-sunset", "sunset-sunrise", "(sunrise+01:00)-(sunset-01:00)", "dusk-dawn"]
        let positions = [
            try Coordinate(latitude: 60.1699, longitude: 24.9384),
            try Coordinate(latitude: 69.9078, longitude: 27.0265),
            try Coordinate(latitude: 40.7128, longitude: -74.006),
            try Coordinate(latitude: 42.8864, longitude: -78.8784),
            try Coordinate(latitude: 52.52, longitude: 13.405), try Coordinate(latitude: 0, longitude: -140),
        ]
        for draw in SeededGenerator.draws("ShownStateTests.filter") {
            var (seed, random) = draw
            for _ in 0..<40 {
                let now = Date(
                    timeIntervalSince1970: 1_767_225_600
                        + Double(Int.random(in: 0..<(2 * 365 * 86_400), using: &random))
                )
                let time: HoursTime =
                    Bool.random(using: &random)
                    // Up to half a year away: across a daylight-saving change from the present.
                    ? .instant(
                        now.addingTimeInterval(
                            Double(
                                Int.random(in: -183...183, using: &random) * 86_400
                                    + Int.random(in: 0..<86_400, using: &random)
                            )
                        )
                    )
                    : .local(
                        date: nil,
                        hour: Int.random(in: 0..<24, using: &random),
                        minute: [0, 30].randomElement(using: &random)!,
                        second: 0
                    )
                let moment = HoursMoment(
                    time: time,
                    now: now,
                    duration: [0, 0, 5_400].randomElement(using: &random)!,
                    evaluator: VenueHoursEvaluator(userTimeZone: TimeZone(identifier: "Asia/Tokyo")!)
                )
                let filter = OpenHoursFilter(moment: moment, includeUnknown: Bool.random(using: &random))
                var query = VenueQuery(center: positions[0], radius: 1_000)
                filter.prepare(&query)
                let prefilter = try #require(query.prefilter)
                for round in 0..<60 {
                    // Mostly what a local source gives (one text, no zone), often the same text;
                    // else one source with an offset (Helsinki's in winter or in summer, New York's),
                    // or one naming its zone, or two sources.
                    var hours = [
                        VenueHours(provider: .openStreetMap, specification: values.randomElement(using: &random)!)
                    ]
                    switch Int.random(in: 0..<8, using: &random) {
                    case 0, 1:
                        hours = [
                            VenueHours(
                                provider: .google,
                                specification: values.randomElement(using: &random)!,
                                utcOffsetMinutes: [120, 180, -300, -240].randomElement(using: &random)!
                            )
                        ]
                    case 2:
                        hours = [
                            VenueHours(
                                provider: .foursquare,
                                specification: values.randomElement(using: &random)!,
                                timeZone: ["Europe/Helsinki", "America/Chicago"].randomElement(using: &random)!
                            )
                        ]
                    case 3:
                        hours.append(
                            VenueHours(
                                provider: .google,
                                specification: values.randomElement(using: &random)!,
                                utcOffsetMinutes: [nil, 120, -300].randomElement(using: &random)!
                            )
                        )
                    default: break
                    }
                    let venue = Venue(
                        id: try VenueID(parsing: "osm:node/\(round + 1)"),
                        name: "Venue",
                        coordinate: positions.randomElement(using: &random)!,
                        hours: hours
                    )
                    // Twice: the second verdict may come from the kept states.
                    for _ in 0..<2 {
                        #expect(
                            prefilter.verdict(venue) == filter.verdict(on: venue),
                            "seed \(seed): \(hours.map(\.specification)) at \(venue.coordinate), \(time), now \(now)"
                        )
                    }
                    // A local source's weekly value, compiled as an index keeps it: the same verdict
                    // from its week (at a moment without a duration; over one, none from a week).
                    if hours.count == 1, hours[0].timeZone == nil, hours[0].utcOffsetMinutes == nil,
                        let week = HoursWeek.compile(hours[0].specification)
                    {
                        // (A week that names holidays may decline, on a holiday and the day after.)
                        let fromWeek = prefilter.compiledWeekVerdict?(week.bytes, venue.coordinate)
                        let declined = fromWeek == nil && week.dependsOnPublicHolidays
                        #expect(
                            declined || fromWeek == (moment.duration > 0 ? nil : filter.verdict(on: venue)),
                            "seed \(seed): \(hours[0].specification) at \(venue.coordinate), \(time), now \(now)"
                        )
                    }
                }
            }
        }
    }
}

import Foundation
import Testing
import VenuesTestSupport

@testable import VenuesHours

@Suite("Intervals and the memo")
struct IntervalsTests {
    typealias Support = HoursTestSupport

    @Test("open and unknown intervals in order, clipped to the range, closed time left out")
    func intervals() throws {
        let hours = try OpeningHours("Mo-Fr 09:00-17:00; We 17:00-19:00 unknown \"maybe\"; Sa off \"stocktaking\"")
        let list = hours.intervals(
            from: Support.instant("2026-11-30T12:00:00+02:00"),
            to: Support.instant("2026-12-02T18:00:00+02:00"),
            in: Support.context()
        )
        #expect(
            list == [
                HoursInterval(
                    start: Support.instant("2026-11-30T12:00:00+02:00"),
                    end: Support.instant("2026-11-30T17:00:00+02:00"),
                    state: .open,
                    comment: nil
                ),
                HoursInterval(
                    start: Support.instant("2026-12-01T09:00:00+02:00"),
                    end: Support.instant("2026-12-01T17:00:00+02:00"),
                    state: .open,
                    comment: nil
                ),
                HoursInterval(
                    start: Support.instant("2026-12-02T17:00:00+02:00"),
                    end: Support.instant("2026-12-02T18:00:00+02:00"),
                    state: .unknown,
                    comment: "maybe"
                ),
            ]
        )
    }

    @Test("an interval over midnight is one interval; an empty range has none")
    func overMidnight() throws {
        let hours = try OpeningHours("Mo-Su 00:00-24:00")
        let list = hours.intervals(
            from: Support.instant("2026-11-30T12:00:00+02:00"),
            to: Support.instant("2026-12-03T12:00:00+02:00"),
            in: Support.context()
        )
        #expect(list.count == 1)
        #expect(
            hours.intervals(
                from: Support.instant("2026-11-30T12:00:00+02:00"),
                to: Support.instant("2026-11-30T12:00:00+02:00"),
                in: Support.context()
            ).isEmpty
        )
    }

    @Test(
        "evaluations agree with intervals at random instants: state, comment and next change",
        arguments: [
            "Mo-Fr 09:00-17:00; PH off", "Fr-Sa 18:00-03:00; Su 12:00-16:00", "10:00-18:00; Dec 24-26 off",
            "18:00+", "Mo-Fr 10:00-14:00+; Sa 10:00-12:00 \"short\"", "24/7; Su[-1] off", "week 01-53/2 Mo 08:00-26:00",
            "Apr-Oct Mo-Fr 10:00-18:00", "easter -2 days-easter +1 day 10:00-12:00", "Mo-Fr 08:00-16:00; SH off",
        ]
    )
    func agree(_ value: String) throws {
        for draw in SeededGenerator.draws("IntervalsTests.agree") {
            var (seed, generator) = draw
            let hours = try OpeningHours(value)
            let context = Support.context()
            let start = Support.instant("2026-01-01T00:00:00+02:00")
            let end = start.addingTimeInterval(800 * 86_400)
            let list = hours.intervals(from: start, to: end, in: context)
            let boundaries = Set(list.flatMap { [$0.start, $0.end] }).subtracting([start, end]).sorted()
            for _ in 0..<200 {
                let instant = start.addingTimeInterval(
                    Double(Int.random(in: 0..<(365 * 1_440), using: &generator) * 60)
                )
                let inside = list.first { $0.start <= instant && instant < $0.end }
                let evaluation = hours.evaluate(at: instant, in: context)
                #expect(evaluation.state == inside?.state ?? .closed, "seed \(seed): \(value) at \(instant)")
                #expect(evaluation.comment == inside?.comment, "seed \(seed): \(value) at \(instant)")
                let expected = boundaries.first { $0 > instant }
                let withinHorizon = expected.map { $0.timeIntervalSince(instant) < 366 * 86_400 } ?? false
                #expect(
                    evaluation.nextChange == (withinHorizon ? expected : nil),
                    "seed \(seed): \(value) at \(instant)"
                )
            }
        }
    }

    @Test("instants far outside the calendar do not trap")
    func extremeInstants() throws {
        let hours = try OpeningHours("Mo-Fr 09:00-17:00; PH off")
        for instant in [
            Date.distantPast, Date.distantFuture, Date(timeIntervalSince1970: 1e15), Date(timeIntervalSince1970: -1e15),
        ] {
            _ = hours.evaluate(at: instant, in: Support.context())
        }
        #expect(
            hours.intervals(
                from: Date.distantFuture,
                to: Date.distantFuture.addingTimeInterval(86_400),
                in: Support.context()
            ).count <= 1
        )
    }

    @Test("the memo parses each text once and shares the answer between threads")
    func memo() async throws {
        let memo = OpeningHoursMemo()
        let texts = ["Mo-Fr 09:00-17:00", "24/7", "Mo-Fr 9-17"]
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<64 {
                group.addTask {
                    let text = texts[index % texts.count]
                    switch memo.hours(text) {
                    case .success(let hours): #expect(hours.text == text)
                    case .failure(let error): #expect(error.offset == 7)
                    }
                }
            }
        }
        #expect(memo.count == 3)
        #expect(try memo.hours("24/7").get() == (try OpeningHours("24/7")))
    }

    @Test("the memo's evaluations are the value's own, per zone, country and instant; sun times per position")
    func memoEvaluations() throws {
        let memo = OpeningHoursMemo()
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let values = ["Mo-Fr 09:00-17:00; PH off", "Mo-Su 10:00-02:00", "sunrise-sunset", "Dec 24 off; 08:00-20:00"]
        let contexts = [
            HoursTestSupport.context(),
            HoursTestSupport.context(berlin, country: "DE", latitude: 52.52, longitude: 13.40),
            HoursTestSupport.context(country: nil),
            // The same zone and country farther north: only the sun's times may differ.
            HoursTestSupport.context(latitude: 69.65, longitude: 18.96),
        ]
        let instants = [
            "2026-12-24T16:30:00+02:00", "2026-12-24T18:00:00+02:00", "2026-12-25T01:30:00+02:00",
            "2026-06-21T23:30:00+03:00",
        ].map(HoursTestSupport.instant)
        // Twice over: the second round answers from the memo, and must not differ.
        for _ in 0..<2 {
            for value in values {
                let hours = try OpeningHours(value)
                for context in contexts {
                    for instant in instants {
                        #expect(
                            memo.evaluation(of: hours, at: instant, in: context)
                                == hours.evaluate(at: instant, in: context),
                            "\(value) at \(instant) in \(context.timeZone.identifier), \(context.country ?? "-"), \(context.latitude ?? 0)"
                        )
                        // The state alone, from one day's schedule, is the evaluation's.
                        #expect(
                            memo.state(of: hours, at: instant, in: context)
                                == hours.evaluate(at: instant, in: context).state,
                            "\(value) at \(instant)"
                        )
                        #expect(hours.state(at: instant, in: context) == hours.evaluate(at: instant, in: context).state)
                    }
                }
            }
        }
        // Kept: the values without sun times, once per zone, country and instant (the two
        // Helsinki contexts of FI share theirs); the sun's value never.
        #expect(memo.evaluationCount == 3 * 3 * instants.count)
    }
}

import Foundation
import Testing

@testable import VenuesHours

/// 2026-11-30 is a Monday; Helsinki is at +02:00 then.
@Suite("Weekdays, times and rule modifiers")
struct WeekdayAndTimeTests {
    typealias Support = HoursTestSupport

    @Test("a weekday range with a time range")
    func weekdayRange() throws {
        let value = "Mo-Fr 09:00-17:00"
        #expect(try Support.state(value, at: "2026-11-30T08:59:00+02:00") == .closed)
        #expect(try Support.state(value, at: "2026-11-30T09:00:00+02:00") == .open)
        #expect(try Support.state(value, at: "2026-11-30T16:59:00+02:00") == .open)
        #expect(try Support.state(value, at: "2026-11-30T17:00:00+02:00") == .closed)
        #expect(try Support.state(value, at: "2026-12-05T12:00:00+02:00") == .closed)
        let evaluation = try Support.evaluate(value, at: "2026-12-04T18:00:00+02:00")
        #expect(evaluation.nextChange == Support.instant("2026-12-07T09:00:00+02:00"))
        #expect(evaluation.nextState == .open)
    }

    @Test("lists of weekdays and of times, and a range over the week end")
    func lists() throws {
        let value = "Mo,We 08:00-12:00,13:00-17:00; Fr-Mo 20:00-22:00"
        #expect(try Support.state(value, at: "2026-12-02T12:30:00+02:00") == .closed)
        #expect(try Support.state(value, at: "2026-12-02T13:30:00+02:00") == .open)
        #expect(try Support.state(value, at: "2026-12-01T09:00:00+02:00") == .closed)
        #expect(try Support.state(value, at: "2026-12-06T21:00:00+02:00") == .open)
        // Monday is in both rules; the later one replaces the earlier.
        #expect(try Support.state(value, at: "2026-11-30T09:00:00+02:00") == .closed)
        #expect(try Support.state(value, at: "2026-11-30T21:00:00+02:00") == .open)
    }

    @Test("lower case and single-digit hours are read")
    func sloppy() throws {
        #expect(try Support.state("mo-fr 9:00-17:00", at: "2026-11-30T09:30:00+02:00") == .open)
        #expect(try Support.state("Mo-Fr 09:00\u{2013}17:00", at: "2026-11-30T09:30:00+02:00") == .open)
        #expect(try Support.state("Mo-Fr 09.00-17.30", at: "2026-11-30T17:15:00+02:00") == .open)
    }

    @Test("overnight times spill into the next day")
    func overnight() throws {
        let value = "Mo-Sa 22:00-03:00"
        #expect(try Support.state(value, at: "2026-12-01T02:00:00+02:00") == .open)  // Monday night
        #expect(try Support.state(value, at: "2026-11-30T02:00:00+02:00") == .closed)  // Sunday night
        #expect(try Support.state(value, at: "2026-12-06T02:59:00+02:00") == .open)  // Saturday night
        let evaluation = try Support.evaluate(value, at: "2026-12-01T02:00:00+02:00")
        #expect(evaluation.nextChange == Support.instant("2026-12-01T03:00:00+02:00"))
        let extended = "Fr 18:00-26:00"
        #expect(try Support.state(extended, at: "2026-12-05T01:30:00+02:00") == .open)
        #expect(try Support.state(extended, at: "2026-12-05T02:00:00+02:00") == .closed)
    }

    @Test("24/7 never changes; 24/7 with an off rule closes that day")
    func alwaysOpen() throws {
        let always = try Support.evaluate("24/7", at: "2026-11-30T12:00:00+02:00")
        #expect(always == HoursEvaluation(state: .open, comment: nil, nextChange: nil, nextState: nil))
        let value = "24/7; Su off"
        #expect(try Support.state(value, at: "2026-12-06T12:00:00+02:00") == .closed)
        let evaluation = try Support.evaluate(value, at: "2026-12-03T12:00:00+02:00")
        #expect(evaluation.nextChange == Support.instant("2026-12-06T00:00:00+02:00"))
        let lunch = "24/7; Mo 12:00-13:00 off"
        #expect(try Support.state(lunch, at: "2026-11-30T12:30:00+02:00") == .closed)
        #expect(try Support.state(lunch, at: "2026-11-30T13:30:00+02:00") == .open)
    }

    @Test("modifiers open, off, closed and unknown")
    func modifiers() throws {
        #expect(try Support.state("Mo-Fr 09:00-17:00 open", at: "2026-11-30T10:00:00+02:00") == .open)
        #expect(try Support.state("Mo-Fr off", at: "2026-11-30T10:00:00+02:00") == .closed)
        #expect(try Support.state("Mo-Fr closed", at: "2026-11-30T10:00:00+02:00") == .closed)
        #expect(try Support.state("Mo-Fr 09:00-17:00 unknown", at: "2026-11-30T10:00:00+02:00") == .unknown)
        #expect(try Support.state("Mo-Fr 09:00-17:00 unknown", at: "2026-11-30T18:00:00+02:00") == .closed)
    }

    @Test("a later rule replaces an earlier one on its days; an off rule with times closes only those")
    func overrides() throws {
        let replace = "Mo-Fr 10:00-20:00; Tu 10:00-12:00"
        #expect(try Support.state(replace, at: "2026-12-01T13:00:00+02:00") == .closed)
        #expect(try Support.state(replace, at: "2026-11-30T13:00:00+02:00") == .open)
        let lunch = "Mo-Fr 08:00-17:00; We 12:00-13:00 off"
        #expect(try Support.state(lunch, at: "2026-12-02T09:00:00+02:00") == .open)
        #expect(try Support.state(lunch, at: "2026-12-02T12:30:00+02:00") == .closed)
        #expect(try Support.state(lunch, at: "2026-12-02T14:00:00+02:00") == .open)
    }

    @Test("additional rules add, fallback rules fill what the rules before leave closed")
    func additionalAndFallback() throws {
        let additional = "Mo-Fr 08:00-12:00, We 14:00-18:00"
        #expect(try Support.state(additional, at: "2026-12-02T09:00:00+02:00") == .open)
        #expect(try Support.state(additional, at: "2026-12-02T15:00:00+02:00") == .open)
        let fallback = "Mo-Fr 08:00-17:00 || Sa 10:00-12:00"
        #expect(try Support.state(fallback, at: "2026-12-05T11:00:00+02:00") == .open)
        #expect(try Support.state(fallback, at: "2026-11-30T18:00:00+02:00") == .closed)
        let call = try Support.evaluate("Mo-Fr 08:00-17:00 || \"by appointment\"", at: "2026-12-05T11:00:00+02:00")
        #expect(call.state == .unknown)
        #expect(call.comment == "by appointment")
        #expect(call.nextChange == Support.instant("2026-12-07T00:00:00+02:00"))
    }

    @Test("comments travel with their rule's state, and a comment change is a change")
    func comments() throws {
        let value = "Mo-Fr 10:00-20:00; Tu 10:00-12:00 \"short day\""
        let tuesday = try Support.evaluate(value, at: "2026-12-01T11:00:00+02:00")
        #expect(tuesday.state == .open)
        #expect(tuesday.comment == "short day")
        let closedWithWhy = try Support.evaluate(
            "Mo off \"inventory\"; Tu-Fr 10:00-12:00",
            at: "2026-11-30T11:00:00+02:00"
        )
        #expect(closedWithWhy.state == .closed)
        #expect(closedWithWhy.comment == "inventory")
        let change = try Support.evaluate("10:00-12:00 \"a\", 12:00-14:00 \"b\"", at: "2026-11-30T11:00:00+02:00")
        #expect(change.nextChange == Support.instant("2026-11-30T12:00:00+02:00"))
        #expect(change.nextState == .open)
    }

    @Test("a comment alone is unknown all the time")
    func commentAlone() throws {
        let evaluation = try Support.evaluate("\"by appointment\"", at: "2026-11-30T11:00:00+02:00")
        #expect(
            evaluation == HoursEvaluation(state: .unknown, comment: "by appointment", nextChange: nil, nextState: nil)
        )
    }

    @Test("an open end is unknown after its start, for the guessed time of opening_hours.js")
    func openEnd() throws {
        let evening = try Support.evaluate("18:00+", at: "2026-11-30T19:00:00+02:00")
        #expect(evening.state == .unknown)
        #expect(evening.nextChange == Support.instant("2026-12-01T04:00:00+02:00"))
        #expect(try Support.state("18:00+", at: "2026-11-30T17:00:00+02:00") == .closed)
        let afterClose = "Mo-Fr 10:00-14:00+"
        #expect(try Support.state(afterClose, at: "2026-11-30T13:00:00+02:00") == .open)
        #expect(try Support.state(afterClose, at: "2026-11-30T15:00:00+02:00") == .unknown)
        #expect(try Support.state(afterClose, at: "2026-11-30T23:59:00+02:00") == .unknown)
        #expect(try Support.state(afterClose, at: "2026-12-01T00:30:00+02:00") == .closed)
    }

    @Test("a point in time is open for its minute; a repeating span is open throughout")
    func pointsAndRepeats() throws {
        #expect(try Support.state("Mo 12:00", at: "2026-11-30T12:00:30+02:00") == .open)
        #expect(try Support.state("Mo 12:00", at: "2026-11-30T12:01:00+02:00") == .closed)
        #expect(try Support.state("10:00-16:00/01:30", at: "2026-11-30T12:15:00+02:00") == .open)
        #expect(try Support.state("10:00-16:00/01:30", at: "2026-11-30T16:15:00+02:00") == .closed)
    }
}

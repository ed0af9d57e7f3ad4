// The example of docs/hours.md, run.
import Foundation
import Testing

@Test func christmasEveAtNoonIsOpenUntilFiveAndTheHolidaysAreClosed() throws {
    let (now, week) = try christmasEveAtNoon()
    #expect(now.state == .open)
    #expect(now.nextChange == Date(timeIntervalSince1970: 1_798_124_400))
    // Christmas Day and St Stephen's Day are holidays, then the week end: open again on Monday.
    #expect(week.count == 5)
    #expect(week[1].start == Date(timeIntervalSince1970: 1_798_441_200))
}

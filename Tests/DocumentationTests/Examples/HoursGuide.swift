// The example of docs/hours.md (compiled as written; HoursGuideTests runs it).
// docs-example: docs/hours.md
import Foundation
import VenuesHours

/// Whether a shop is open on Christmas Eve at noon in Helsinki, and its week from then.
func christmasEveAtNoon() throws -> (now: HoursEvaluation, week: [HoursInterval]) {
    let hours = try OpeningHours("Mo-Fr 09:00-17:00; Sa 10:00-14:00; PH off")
    let context = HoursContext(
        timeZone: TimeZone(identifier: "Europe/Helsinki")!,
        latitude: 60.17,
        longitude: 24.94,
        country: "FI"
    )
    let noon = Date(timeIntervalSince1970: 1_798_106_400)  // 2026-12-24T12:00:00+02:00
    let now = hours.evaluate(at: noon, in: context)  // state, comment, nextChange, nextState
    let week = hours.intervals(from: noon, to: noon.addingTimeInterval(7 * 86_400), in: context)
    return (now, week)
}
// docs-example-end

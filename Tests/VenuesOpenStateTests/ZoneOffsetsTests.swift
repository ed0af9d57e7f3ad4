import Foundation
import Testing
import VenuesOpenState
import VenuesTestSupport

/// ``ZoneOffsets`` answers what Foundation answers, at any instant in any order, across the
/// zones' transitions (daylight saving both ways, half-hour and 45-minute offsets, none at all).
@Suite("Zone offsets between transitions")
struct ZoneOffsetsTests {
    @Test func offsetsAreFoundationsOwn() throws {
        for draw in SeededGenerator.draws("ZoneOffsetsTests.offsets") {
            var (seed, random) = draw
            let zones = [
                "Europe/Helsinki", "America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu", "UTC",
                "America/Sao_Paulo", "Pacific/Chatham", "Europe/Dublin",
            ].map { TimeZone(identifier: $0)! }
            // 2025-01-01 to 2028-01-01.
            let start = 1_735_689_600.0
            for zone in zones {
                var offsets = ZoneOffsets(zone)
                var instant = start + Double.random(in: 0..<86_400 * 365, using: &random)
                for _ in 0..<2_000 {
                    // Mostly forward, as a week of intervals is written, sometimes back.
                    instant += Double.random(in: -3 * 86_400...9 * 86_400, using: &random)
                    instant = min(max(instant, start), start + 3 * 365 * 86_400)
                    let date = Date(timeIntervalSince1970: instant.rounded())
                    #expect(
                        offsets.offset(at: date) == zone.secondsFromGMT(for: date),
                        "seed \(seed): \(zone.identifier) at \(date)"
                    )
                }
            }
        }
    }

    @Test func theSecondsAroundATransitionAreOnTheirOwnSide() throws {
        let helsinki = TimeZone(identifier: "Europe/Helsinki")!
        // 2026-03-29 01:00 UTC: 03:00 EET becomes 04:00 EEST.
        let change = Date(timeIntervalSince1970: 1_774_746_000)
        var offsets = ZoneOffsets(helsinki)
        #expect(offsets.offset(at: change.addingTimeInterval(-3_600)) == 7_200)
        #expect(offsets.offset(at: change.addingTimeInterval(-1)) == 7_200)
        #expect(offsets.offset(at: change) == 10_800)
        #expect(offsets.offset(at: change.addingTimeInterval(-1)) == 7_200)
    }
}

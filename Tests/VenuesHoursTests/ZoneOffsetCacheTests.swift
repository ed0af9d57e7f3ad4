import Foundation
import Testing
import VenuesTestSupport

@testable import VenuesHours

/// ``ZoneOffsetCache`` answers what Foundation answers, at any instant in any order, across the
/// zones' transitions (daylight saving both ways, half-hour and 45-minute offsets, none at all),
/// with the zones' stretches kept side by side in one cache.
@Suite("Zone offsets between transitions")
struct ZoneOffsetCacheTests {
    @Test func offsetsAreFoundationsOwn() throws {
        for draw in SeededGenerator.draws("ZoneOffsetCacheTests.offsets") {
            var (seed, random) = draw
            let zones = [
                "Europe/Helsinki", "America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu", "UTC",
                "America/Sao_Paulo", "Pacific/Chatham", "Europe/Dublin",
            ].map { TimeZone(identifier: $0)! }
            // 2025-01-01 to 2028-01-01.
            let start = 1_735_689_600.0
            let cache = ZoneOffsetCache()
            var instants = zones.map { _ in start + Double.random(in: 0..<86_400 * 365, using: &random) }
            for _ in 0..<2_000 {
                // The zones asked in turn; each mostly forward, as a week of intervals is
                // written, sometimes back.
                for (index, zone) in zones.enumerated() {
                    instants[index] += Double.random(in: -3 * 86_400...9 * 86_400, using: &random)
                    instants[index] = min(max(instants[index], start), start + 3 * 365 * 86_400)
                    let date = Date(timeIntervalSince1970: instants[index].rounded())
                    #expect(
                        cache.offset(of: zone, at: date) == zone.secondsFromGMT(for: date),
                        "seed \(seed): \(zone.identifier) at \(date)"
                    )
                }
            }
        }
    }

    @Test func theSecondsAroundATransitionAreOnTheirOwnSide() throws {
        let helsinki = TimeZone(identifier: "Europe/Helsinki")!
        // 2026-03-29 01:00 UTC: 03:00 EET becomes 04:00 EEST.
        let change = 1_774_746_000
        let cache = ZoneOffsetCache()
        let offsets = cache.offsets(of: helsinki)
        #expect(offsets.offset(atSecond: change - 3_600) == 7_200)
        #expect(offsets.offset(atSecond: change - 1) == 7_200)
        #expect(offsets.offset(atSecond: change) == 10_800)
        #expect(offsets.offset(atSecond: change - 1) == 7_200)
        // Asked later in a stretch, then earlier: the earlier second is still on its own side.
        #expect(offsets.offset(atSecond: change - 7_200_000) == 7_200)
        // That stretch reaches back to there, not past the autumn's change before it.
        #expect(offsets.offset(atSecond: change - 200 * 86_400) == 10_800)
        #expect(offsets.offset(atSecond: change + 3_600) == 10_800)
        #expect(cache.offsets(of: TimeZone(identifier: "Europe/Helsinki")!) === offsets)
    }

    @Test func instantsFarOffAreFoundationsOwnAndNaNDoesNotTrap() {
        let cache = ZoneOffsetCache()
        let helsinki = TimeZone(identifier: "Europe/Helsinki")!
        for date in [Date.distantFuture, Date(timeIntervalSince1970: -62_000_000_000)] {
            #expect(cache.offset(of: helsinki, at: date) == helsinki.secondsFromGMT(for: date))
        }
        // NaN is read as 1970 (where Helsinki was two hours east), not a trap.
        #expect(cache.offset(of: helsinki, at: Date(timeIntervalSince1970: .nan)) == 7_200)
    }
}

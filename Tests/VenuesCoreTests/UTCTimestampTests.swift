import Foundation
import Testing
import VenuesTestSupport

@testable import VenuesCore

/// OSM's UTC times, written from seconds and milliseconds and read back, at the edges of the
/// years written.
@Suite("UTC timestamps")
struct UTCTimestampTests {
    @Test(
        "seconds written and read back",
        arguments: [
            (Int64(0), "1970-01-01T00:00:00Z"), (1_555_840_214, "2019-04-21T09:50:14Z"),
            (951_868_799, "2000-02-29T23:59:59Z"), (-1, "1969-12-31T23:59:59Z"),
            (-62_135_596_800, "0001-01-01T00:00:00Z"), (253_402_300_799, "9999-12-31T23:59:59Z"),
        ]
    )
    func roundTrip(seconds: Int64, text: String) {
        #expect(UTCTimestamp.text(seconds: seconds) == text)
        #expect(UTCTimestamp.seconds(text) == seconds)
    }

    @Test("times outside years 1–9999 are not written")
    func outOfRange() {
        #expect(UTCTimestamp.text(seconds: -62_135_596_801) == nil)
        #expect(UTCTimestamp.text(seconds: 253_402_300_800) == nil)
        #expect(UTCTimestamp.seconds("0000-12-31T23:59:59Z") == nil)
    }

    @Test("milliseconds are cut to the second before them, also before 1970")
    func milliseconds() {
        #expect(UTCTimestamp.text(milliseconds: 1_555_840_214_999) == "2019-04-21T09:50:14Z")
        #expect(UTCTimestamp.text(milliseconds: -1) == "1969-12-31T23:59:59Z")
        #expect(UTCTimestamp.text(milliseconds: -1000) == "1969-12-31T23:59:59Z")
        #expect(UTCTimestamp.text(milliseconds: -1001) == "1969-12-31T23:59:58Z")
    }

    @Test("wall-clock times with their offset are written as Foundation's formatter writes them")
    func wallClockWithOffset() throws {
        for draw in SeededGenerator.draws("UTCTimestampTests.offsets") {
            var (seed, random) = draw
            for _ in 0..<2_000 {
                let instant = Int64.random(in: -5_000_000_000...5_000_000_000, using: &random)
                // Offsets as zones have them: quarter hours from -12:00 to +14:00.
                let offset = Int.random(in: -48...56, using: &random) * 900
                let formatter = ISO8601DateFormatter()
                formatter.timeZone = try #require(TimeZone(secondsFromGMT: offset))
                var text: [UInt8] = Array("x".utf8)
                let written = UTCTimestamp.append(wallClock: instant + Int64(offset), offset: offset, to: &text)
                #expect(written)
                #expect(
                    String(decoding: text, as: UTF8.self)
                        == "x" + formatter.string(from: Date(timeIntervalSince1970: Double(instant))),
                    "seed \(seed): \(instant) at \(offset)"
                )
            }
        }
    }

    @Test("a wall-clock time outside years 1–9999 appends nothing")
    func wallClockOutOfRange() {
        var text: [UInt8] = Array("x".utf8)
        let late = UTCTimestamp.append(wallClock: 253_402_300_800, offset: 3_600, to: &text)
        let early = UTCTimestamp.append(wallClock: -62_135_596_801, offset: -3_600, to: &text)
        #expect(!late && !early)
        #expect(text == Array("x".utf8))
        var json = JSONText()
        json.append("[")
        let beyond = json.append(wallClock: 253_402_300_800, offset: 0)
        let epoch = json.append(wallClock: 0, offset: -5_400)
        #expect(!beyond && epoch)
        json.append("]")
        #expect(json.value == #"["1970-01-01T00:00:00-01:30"]"#)
    }
}

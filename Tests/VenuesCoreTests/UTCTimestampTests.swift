import Testing

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
}

import Foundation
import Testing

@testable import OSMReplication

@Suite("Sequence paths and state file times")
struct PathAndTimestampTests {
    @Test(
        "a sequence is nine digits in three folders",
        arguments: [
            (0, "000/000/000"), (1, "000/000/001"), (6_123_456, "006/123/456"), (1_000, "000/001/000"),
            (999_999_999, "999/999/999"),
        ] as [(Int64, String)]
    )
    func paths(sequence: Int64, path: String) throws {
        #expect(try ReplicationFeed.path(sequence: sequence) == path)
    }

    @Test("no path outside 0…999999999", arguments: [-1, 1_000_000_000, Int64.max, Int64.min] as [Int64])
    func outOfRange(sequence: Int64) {
        #expect(throws: ReplicationError.sequenceOutOfRange(sequence)) {
            try ReplicationFeed.path(sequence: sequence)
        }
    }

    @Test(
        "times read and written back",
        arguments: [
            "1970-01-01T00:00:00Z", "2026-11-27T00:59:58Z", "2024-02-29T23:59:59Z", "0001-01-01T00:00:00Z",
            "9999-12-31T23:59:59Z",
        ]
    )
    func roundTrip(text: String) throws {
        let date = try #require(ReplicationTimestamp.date(text))
        #expect(ReplicationTimestamp.text(date) == text)
        // Foundation's formatter counts years before 1583 in the Julian calendar; state files
        // use the Gregorian calendar throughout, as ISO 8601 does.
        if !text.hasPrefix("0001") {
            #expect(date == ISO8601DateFormatter().date(from: text))
        }
    }

    @Test(
        "only YYYY-MM-DDTHH:MM:SSZ with a real date is a time",
        arguments: [
            "2026-02-29T00:00:00Z", "2100-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-04-31T00:00:00Z",
            "2026-11-27T24:00:00Z", "2026-11-27T00:60:00Z", "2026-11-27T00:00:60Z", "2026-11-27 00:00:00Z",
            "2026-11-27T00:00:00", "2026-11-27T00:00:00+00:00", "2026-11-27T00:00:00.5Z", "0000-01-01T00:00:00Z",
            "2026-1-27T00:00:00Z", "+026-11-27T00:00:00Z", "",
        ]
    )
    func invalidTimes(text: String) {
        #expect(ReplicationTimestamp.date(text) == nil)
    }
}

import Foundation
import Testing

@testable import OSMReplication

@Suite("State files: Java properties as Osmosis writes them")
struct StateFileParsingTests {
    let url = "https://example.org/replication/minute/state.txt"

    func state(_ text: String) throws(ReplicationError) -> ReplicationState {
        try ReplicationStateFile.state(from: Data(text.utf8), url: url)
    }

    @Test("reads Osmosis's state.txt: a date comment, escaped colons, other keys left alone")
    func osmosisStateFile() throws {
        let state = try state(
            "#Fri Nov 27 01:00:02 UTC 2026\ntxnMaxQueried=123\nsequenceNumber=6123456\ntxnActiveList=\ntimestamp=2026-11-27T00\\:59\\:58Z\n"
        )
        #expect(state.sequence == 6_123_456)
        #expect(state.timestampText == "2026-11-27T00:59:58Z")
        #expect(state.timestamp == Date(timeIntervalSince1970: 1_795_741_198))
    }

    @Test("CRLF, CR and LF line endings read alike", arguments: ["\r\n", "\r", "\n"])
    func lineEndings(ending: String) throws {
        let text = ["#comment", "sequenceNumber=42", "", "timestamp=2026-11-27T00\\:59\\:58Z", ""].joined(
            separator: ending
        )
        let state = try state(text)
        #expect(state.sequence == 42)
        #expect(state.timestampText == "2026-11-27T00:59:58Z")
    }

    @Test("blanks around = and :, ! comments, blank lines, a key given twice (the last wins)")
    func separatorsAndComments() throws {
        let text = """
            ! a comment
              # an indented comment

            sequenceNumber = 1
            \ttimestamp : 2026-11-27T00\\:59\\:58Z
            sequenceNumber\t7
            """
        let state = try state(text)
        #expect(state.sequence == 7)
        #expect(state.timestampText == "2026-11-27T00:59:58Z")
    }

    @Test("escapes in keys and values: \\uXXXX, \\=, \\\\, \\t, and lines that go on")
    func escapes() throws {
        let properties = try JavaProperties(
            parsing:
                "sequence\\u004Eumber=5\na\\=b\\:c=x\\\\y\\tz\nwide=\\u00e9\\uD83D\\uDE00\nlong=one \\\n    two\\\n"
        )
        #expect(properties["sequenceNumber"]?.value == "5")
        #expect(properties["a=b:c"]?.value == "x\\y\tz")
        #expect(properties["wide"]?.value == "é😀")
        #expect(properties["long"]?.value == "one two")
        let continued = try state("sequenceNumber=9\ntimestamp=2026-11-27T00\\:59\\\n   \\:58Z\n")
        #expect(continued.timestampText == "2026-11-27T00:59:58Z")
    }

    @Test("a key with no value, a key alone, and an even run of backslashes that does not continue")
    func edgeLines() throws {
        let properties = try JavaProperties(parsing: "empty=\nalone\nslashes=a\\\\\nnext=b")
        #expect(properties["empty"]?.value == "")
        #expect(properties["alone"]?.value == "")
        #expect(properties["slashes"]?.value == "a\\")
        #expect(properties["next"]?.value == "b")
        #expect(properties.entries.map(\.line) == [1, 2, 3, 4])
    }

    @Test("a missing key is an error naming the file", arguments: ["sequenceNumber", "timestamp"])
    func missingKey(key: String) {
        let text = "sequenceNumber=1\ntimestamp=2026-11-27T00\\:59\\:58Z\n"
            .split(separator: "\n").filter { !$0.hasPrefix(key) }.joined(separator: "\n")
        #expect(throws: ReplicationError.malformedState(url: url, line: nil, reason: "no \(key)")) {
            try state(text)
        }
        let error = ReplicationError.malformedState(url: url, line: nil, reason: "no \(key)")
        #expect(error.description.contains(url))
    }

    @Test("a bad value is an error naming the file and the line")
    func badValues() {
        let badTime = #expect(throws: ReplicationError.self) {
            try state("#c\nsequenceNumber=1\ntimestamp=2026-02-30T00\\:59\\:58Z\n")
        }
        #expect(badTime.flatMap { Self.line(of: $0) } == 3)
        #expect(badTime?.description.contains("\(url), line 3") == true)
        for number in ["-1", "1.5", "", "x", "99999999999999999999"] {
            let error = #expect(throws: ReplicationError.self) {
                try state("sequenceNumber=\(number)\ntimestamp=2026-11-27T00\\:59\\:58Z\n")
            }
            #expect(error.flatMap { Self.line(of: $0) } == 1, "sequenceNumber=\(number)")
        }
        let badEscape = #expect(throws: ReplicationError.self) {
            try state("sequenceNumber=1\ntimestamp=2026-11-27T00\\:59\\:58Z\nother=\\u12\n")
        }
        #expect(badEscape.flatMap { Self.line(of: $0) } == 3)
    }

    @Test("a web page answered with 200 is not a state file")
    func webPage() {
        #expect(
            throws: ReplicationError.malformedState(
                url: url,
                line: nil,
                reason: "the answer is a web page, not a state file"
            )
        ) {
            try state("  <!DOCTYPE html><html><title>Log in</title></html>")
        }
    }

    static func line(of error: ReplicationError) -> Int? {
        if case .malformedState(_, let line, _) = error { return line }
        return nil
    }
}

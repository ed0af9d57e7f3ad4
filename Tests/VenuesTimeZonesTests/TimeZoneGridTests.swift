import Foundation
import Testing

@testable import VenuesTimeZones

@Suite("The embedded time-zone grid")
struct TimeZoneGridTests {
    @Test("decodes whole, every zone index in the table")
    func decodesWhole() throws {
        let file = try TimeZoneGrid.embeddedFile()
        let grid = try TimeZoneGrid(decoding: file)
        #expect(grid.levels == 9)
        #expect(grid.rootColumns == 48 && grid.rootRows == 24)
        #expect(grid.identifiers.count > 400)
        #expect(Set(grid.identifiers).count == grid.identifiers.count)
        let slots = try grid.decodeAll()
        // 828,620 slots (3.3 MB) with every root cell decoded; the file is under 400 KB.
        #expect(slots < 1_000_000)
        #expect(file.count < 400_000)
        for row in stride(from: 0, to: grid.rootRows << grid.levels, by: 97) {
            for column in stride(from: 0, to: grid.rootColumns << grid.levels, by: 89) {
                #expect(grid.zoneIndex(row: row, column: column) < grid.identifiers.count)
            }
        }
    }

    @Test("a damaged file is an error, not a crash")
    func damaged() throws {
        let bytes = try TimeZoneGrid.embeddedFile()
        #expect(throws: TimeZoneGridError.badMagic) {
            try TimeZoneGrid(decoding: [0x56, 0x54, 0x5A, 0x30] + bytes[4...])
        }
        #expect(throws: TimeZoneGridError.truncated) { try TimeZoneGrid(decoding: Array(bytes.prefix(3))) }
        #expect(throws: TimeZoneGridError.truncated) { try TimeZoneGrid(decoding: Array(bytes.dropLast())) }
        #expect(throws: TimeZoneGridError.self) { try TimeZoneGrid(decoding: Array(bytes.prefix(6_000))) }
    }

    @Test(
        "base64",
        arguments: [
            ("", []), ("TQ==", [77]), ("TWE=", [77, 97]), ("TWFu", [77, 97, 110]),
            ("TW\n  Fu\r\n", [77, 97, 110]), ("/+8A", [255, 239, 0]),
        ] as [(String, [UInt8])]
    )
    func base64(text: String, bytes: [UInt8]) {
        var text = text
        #expect(text.withUTF8 { Base64.decode($0) } == bytes)
    }

    @Test("base64 that is not", arguments: ["TQ=", "TWF", "TQ==TQ==", "T!==", "TQ==="])
    func notBase64(text: String) {
        var text = text
        #expect(text.withUTF8 { Base64.decode($0) } == nil)
    }
}

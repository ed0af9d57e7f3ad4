import Foundation
import Testing
import VenuesTestSupport

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

    /// Foundation's encoding of random bytes, broken into lines of any length and indented as
    /// the embedded file is, reads back as the bytes; with a character outside the alphabet put
    /// anywhere, it does not read at all.
    @Test("base64 of random bytes, in lines")
    func base64OfRandomBytes() {
        for draw in SeededGenerator.draws("TimeZoneGridTests.base64") {
            var (seed, random) = draw
            for _ in 0..<300 {
                let bytes = (0..<Int.random(in: 0..<200, using: &random)).map { _ in
                    UInt8.random(in: 0...255, using: &random)
                }
                let encoded = Array(Data(bytes).base64EncodedString().utf8)
                let width = Int.random(in: 1...101, using: &random)
                var text: [UInt8] = []
                for (offset, character) in encoded.enumerated() {
                    if offset % width == 0, offset > 0 { text += Array("\n        ".utf8) }
                    text.append(character)
                }
                #expect(text.withUnsafeBufferPointer { Base64.decode($0) } == bytes, "seed \(seed): \(width)")
                guard !text.isEmpty else { continue }
                var damaged = text
                damaged.insert(UInt8(ascii: "!"), at: Int.random(in: 0..<text.count, using: &random))
                #expect(damaged.withUnsafeBufferPointer { Base64.decode($0) } == nil, "seed \(seed)")
            }
        }
    }

    @Test("base64 that is not", arguments: ["TQ=", "TWF", "TQ==TQ==", "T!==", "TQ==="])
    func notBase64(text: String) {
        var text = text
        #expect(text.withUTF8 { Base64.decode($0) } == nil)
    }
}

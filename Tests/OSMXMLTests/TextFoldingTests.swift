import OSMModel
import Testing

/// The ASCII shortcut of ``OSMTextFolding/folded(_:)`` gives what the Unicode path gives.
@Suite("OSM text folding")
struct TextFoldingTests {
    /// The Unicode path, written out as it was before the shortcut.
    static func unicodeFolded(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars
        where !(0x300...0x36F).contains(scalar.value) {
            result.append(scalar == "ø" ? "o" : scalar)
        }
        return String(result)
    }

    @Test func asciiTextFoldsAsTheUnicodePathFoldsIt() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...24, using: &generator)
            let text = String(
                (0..<length).map { _ in Character(Unicode.Scalar(UInt8.random(in: 0...127, using: &generator))) }
            )
            #expect(OSMTextFolding.folded(text) == Self.unicodeFolded(text), "\(text.debugDescription)")
        }
        #expect(OSMTextFolding.folded("Stockmann HELSINKI") == "stockmann helsinki")
        #expect(OSMTextFolding.folded("Café ØRESUND") == "cafe oresund")
    }
}

import Foundation

/// Case and diacritic folding for text search, so that `cafe` finds `Café` and `café` finds
/// `Cafe`: lowercased, canonically decomposed, combining diacritical marks (U+0300–U+036F)
/// removed, `ø` → `o`. So every accented Latin, Greek or Cyrillic letter with a canonical
/// decomposition matches its base letter. Letters without one (`ł`, `đ`, `æ`, `ß`) are compared
/// as they are.
///
/// Every search compares folded forms: the local OSM files and index (through
/// `OSMTextFolding`), and the ranking of every provider's venues (``SearchTerm``).
package enum TextFolding {
    /// Letters that have no canonical decomposition but are searched as a base letter.
    private static let extraBases: [Unicode.Scalar: Unicode.Scalar] = ["ø": "o"]

    /// The text lowercased, without combining diacritical marks, with `ø` as `o`.
    package static func folded(_ text: String) -> String {
        if let ascii = asciiFolded(text) { return ascii }
        if let latin = latinFolded(text) { return latin }
        return unicodeFolded(text)
    }

    /// The folding itself: Unicode case mapping, canonical decomposition, marks removed.
    private static func unicodeFolded(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars
        where !isCombiningDiacritic(scalar) {
            result.append(extraBases[scalar] ?? scalar)
        }
        return String(result)
    }

    /// Whether an already folded text contains `foldedTerm`: the comparison every search uses
    /// (the local index compares its stored folded names with it too).
    ///
    /// The comparison is of UTF-8 bytes: both sides are folded, so their letters are written
    /// the same way, and a match found by bytes starts and ends on scalar boundaries (UTF-8 is
    /// self-synchronising). It is the comparison the index's trigrams (of scalars) stand for.
    /// Foundation's `contains`, which this replaces, compared by grapheme clusters through
    /// `NSString` at several times the cost (every venue of a scan goes through here).
    package static func foldedText(_ text: String, contains foldedTerm: String) -> Bool {
        var text = text
        var term = foldedTerm
        return text.withUTF8 { haystack in
            term.withUTF8 { needle in
                guard needle.count > 0 else { return true }
                guard haystack.count >= needle.count else { return false }
                return bytes(haystack, contain: needle)
            }
        }
    }

    /// Whether `needle` (not empty, not longer) occurs in `haystack`: each place of its first
    /// byte (`memchr`) compared whole (`memcmp`).
    private static func bytes(
        _ haystack: UnsafeBufferPointer<UInt8>,
        contain needle: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        let base = haystack.baseAddress!
        let lastStart = haystack.count - needle.count
        var start = 0
        while start <= lastStart {
            guard let found = memchr(base + start, Int32(needle[0]), lastStart - start + 1) else { return false }
            let position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if memcmp(base + position, needle.baseAddress!, needle.count) == 0 { return true }
            start = position + 1
        }
        return false
    }

    /// The same result for pure ASCII text, without Unicode case mapping and decomposition
    /// (ASCII has neither marks nor decompositions): most names are ASCII, and the local index
    /// folds every venue's name when it is imported.
    private static func asciiFolded(_ text: String) -> String? {
        let folded = text.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            return String(unsafeUninitializedCapacity: bytes.count) { buffer in
                for index in bytes.indices {
                    let byte = bytes[index]
                    buffer[index] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
                }
                return bytes.count
            }
        }
        return folded ?? nil
    }

    /// The same result for text of Latin letters (every scalar below U+0250: ASCII, Latin-1,
    /// Latin Extended-A and -B), one scalar at a time from ``latinFoldTable``: names in
    /// Finnish, German, French… take this way. For these scalars the folding of the whole text
    /// is the folding of each scalar: their lowercase mapping needs no context (unlike the Greek
    /// final sigma), and each lowercased and decomposed scalar starts with a base letter, so no
    /// combining mark is reordered across two of them.
    private static func latinFolded(_ text: String) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                let byte = UInt8(value)
                bytes.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte)
                continue
            }
            guard value < 0x80 + UInt32(latinFoldTable.count),
                let folded = Unicode.Scalar(UInt32(latinFoldTable[Int(value - 0x80)]))
            else { return nil }
            UTF8.encode(folded) { bytes.append($0) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isCombiningDiacritic(_ scalar: Unicode.Scalar) -> Bool {
        (0x300...0x36F).contains(scalar.value)
    }
}

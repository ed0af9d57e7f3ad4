import Foundation

/// Makes provider-supplied text safe to print: no control or escape characters reach the
/// terminal (or a file a terminal may later show).
public enum TextSanitizer {
    /// Removes C0/C1 control characters, DEL, and invisible format characters, bidirectional
    /// controls among them (see ``isHiddenFormat(_:)``); line breaks and tabs become spaces, and
    /// runs of white space collapse to one, none at either end.
    ///
    /// Most provider text is already clean printable ASCII: that is returned as it is, after
    /// one pass over its bytes, without building a new string or consulting Unicode tables.
    public static func clean(_ text: String) -> String {
        if isCleanASCII(text) { return text }
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                if scalar == " " || scalar == "\n" || scalar == "\r" || scalar == "\t" {
                    pendingSpace = true
                    continue
                }
                // The other C0 controls and DEL.
                if scalar.value < 0x20 || scalar.value == 0x7F { continue }
            } else {
                let properties = scalar.properties
                if properties.generalCategory == .control || isHiddenFormat(scalar) { continue }
                if properties.isWhitespace {
                    pendingSpace = true
                    continue
                }
            }
            if pendingSpace, !result.isEmpty { result.append(" ") }
            pendingSpace = false
            result.append(scalar)
        }
        return String(result)
    }

    /// Printable ASCII only, no space at either end, no two spaces in a row: what ``clean(_:)``
    /// leaves unchanged.
    private static func isCleanASCII(_ text: String) -> Bool {
        // A string without contiguous UTF-8 (bridged) takes the general path.
        text.utf8.withContiguousStorageIfAvailable { isCleanASCII($0) } ?? false
    }

    private static func isCleanASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, let last = bytes.last else { return true }
        if first == 0x20 || last == 0x20 { return false }
        var previous: UInt8 = 0
        for byte in bytes {
            if byte < 0x20 || byte > 0x7E || (byte == 0x20 && previous == 0x20) { return false }
            previous = byte
        }
        return true
    }

    /// `clean` for optional text; empty results become `nil`.
    public static func clean(_ text: String?) -> String? {
        guard let text else { return nil }
        let cleaned = clean(text)
        return cleaned.isEmpty ? nil : cleaned
    }

    /// An invisible format character (Unicode category Cf): the bidirectional marks, embeddings,
    /// overrides and isolates that reorder the text around them (U+061C, U+200E/F,
    /// U+202A–U+202E, U+2066–U+2069), zero-width space, word joiner, byte order mark, soft
    /// hyphen, interlinear annotation… — except the joiners that scripts and emoji sequences
    /// need (U+200C, U+200D), the tag characters of subdivision flags, and the visible
    /// prepended concatenation marks (Arabic number signs and the like).
    private static func isHiddenFormat(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.properties.generalCategory == .format else { return false }
        switch scalar.value {
        case 0x200C, 0x200D, 0xE0020...0xE007F: return false
        case 0x0600...0x0605, 0x06DD, 0x070F, 0x0890...0x0891, 0x08E2, 0x110BD, 0x110CD: return false
        default: return true
        }
    }
}

import Foundation

/// Makes provider-supplied text safe to print: no control or escape characters reach the
/// terminal (or a file a terminal may later show).
enum TextSanitizer {
    /// Removes C0/C1 control characters, DEL, and invisible format characters, bidirectional
    /// controls among them (see ``isHiddenFormat(_:)``); line breaks and tabs become spaces, and
    /// runs of white space collapse to one.
    static func clean(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var lastWasSpace = false
        for scalar in text.unicodeScalars {
            let isSpace: Bool
            if scalar == "\n" || scalar == "\r" || scalar == "\t" || scalar == " " {
                isSpace = true
            } else if scalar.properties.generalCategory == .control || isHiddenFormat(scalar) {
                continue
            } else {
                isSpace = scalar.properties.isWhitespace
            }
            if isSpace {
                if !lastWasSpace { result.append(" ") }
                lastWasSpace = true
            } else {
                result.append(scalar)
                lastWasSpace = false
            }
        }
        return String(result).trimmingCharacters(in: .whitespaces)
    }

    /// `clean` for optional text; empty results become `nil`.
    static func clean(_ text: String?) -> String? {
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

import Foundation

/// Makes provider-supplied text safe to print: no control or escape characters reach the
/// terminal (or a file a terminal may later show).
enum TextSanitizer {
    /// Removes C0/C1 control characters, DEL and bidirectional overrides; line breaks and tabs
    /// become spaces, and runs of white space collapse to one.
    static func clean(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var lastWasSpace = false
        for scalar in text.unicodeScalars {
            let isSpace: Bool
            if scalar == "\n" || scalar == "\r" || scalar == "\t" || scalar == " " {
                isSpace = true
            } else if scalar.properties.generalCategory == .control || isBidiControl(scalar) {
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

    private static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C: true
        default: false
        }
    }
}

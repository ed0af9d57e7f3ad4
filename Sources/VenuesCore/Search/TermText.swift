import Foundation

/// A search term as typed, trimmed of the white space around it.
package enum TermText {
    /// `text` without white space and line breaks at either end (as
    /// `trimmingCharacters(in: .whitespacesAndNewlines)`): the text itself, uncopied, when its
    /// first and last characters are no space, which is nearly always (the server checks a
    /// term at every keystroke of every client).
    package static func trimmed(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return text }
        if !isSpace(first), !isSpace(last) { return text }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether `scalar` may be trimmed: one of `.whitespacesAndNewlines` (which here holds the
    /// zero-width space too).
    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar == " " || (0x09...0x0D).contains(scalar.value) }
        return CharacterSet.whitespacesAndNewlines.contains(scalar)
    }
}

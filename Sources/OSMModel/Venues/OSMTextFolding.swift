import Foundation
import VenuesCore

/// Case and diacritic folding for text search, so that `cafe` finds `Café` and `café` finds
/// `Cafe`.
///
/// - Local files and indexes compare ``folded(_:)`` forms (``TextFolding``) of the term and of
///   each tag value, word by word (``SearchTerm``): lowercased, canonically decomposed,
///   combining diacritical marks (U+0300–U+036F) removed, `ø` → `o`. So every accented Latin,
///   Greek or Cyrillic letter with a canonical decomposition matches its base letter. Letters
///   without one (`ł`, `đ`, `æ`, `ß`) are compared as they are.
/// - The Overpass query cannot fold the data, so each letter of the term that has common
///   accented forms becomes a bracket expression listing them (``accentedForms``), see
///   ``OverpassQueryBuilder/foldingRegex(_:)``.
package enum OSMTextFolding {
    /// For each base letter, the letter and its common accented forms, lower and upper case
    /// (plain ASCII upper case is left to the query's `,i` flag). Only letters: no character
    /// here has a meaning inside a bracket expression or an Overpass string literal.
    package static let accentedForms: [Unicode.Scalar: String] = [
        "a": "aáàâäåÁÀÂÄÅ",
        "c": "cçÇ",
        "e": "eéèêëÉÈÊË",
        "i": "iíìîïÍÌÎÏ",
        "n": "nñÑ",
        "o": "oóòôöøÓÒÔÖØ",
        "s": "sšŠ",
        "u": "uúùûüÚÙÛÜ",
        "y": "yýÝ",
        "z": "zžŽ",
    ]

    /// The text lowercased, without combining diacritical marks, with `ø` as `o`
    /// (``TextFolding/folded(_:)``).
    package static func folded(_ text: String) -> String {
        TextFolding.folded(text)
    }

    /// The base letter of one character (`É` → `e`, `ø` → `o`, `q` → `q`), or `nil` when it
    /// does not fold to a single character.
    package static func base(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
        let scalars = folded(String(scalar)).unicodeScalars
        guard scalars.count == 1 else { return nil }
        return scalars.first
    }
}

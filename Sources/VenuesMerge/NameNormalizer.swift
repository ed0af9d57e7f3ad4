import Foundation
public import VenuesCore

/// Turns venue names into comparable forms, for deduplication only (display names are untouched).
///
/// Steps, in order:
/// 1. Unicode canonical decomposition; combining marks are dropped (`Café` → `cafe`,
///    `Pääposti` → `paaposti`), a few letters without a decomposition are spelled out
///    (`ß` → `ss`, `æ` → `ae`, `ø` → `o`, `œ` → `oe`, `ł` → `l`, `đ` → `d`, `þ` → `th`).
/// 2. Case-folding (lowercase mapping).
/// 3. `&` becomes the word `and`; apostrophes vanish without splitting the word
///    (`Robert's` → `roberts`); every other punctuation mark or symbol separates words.
/// 4. Generic words (``genericWords``: "restaurant", "ravintola", "café", "bar", "the", "hotel",
///    "shop", "kauppa", "butik", "de", "der", … in English, Finnish, Swedish, Dutch and German)
///    are dropped, unless that would leave nothing: "The Bar" keeps both words.
/// 5. One trailing city name (``citySuffixes``: "Helsinki", "Amsterdam", …) is dropped,
///    again only if something is left: "Juttutupa Helsinki" → `juttutupa`, but "Helsinki"
///    stays `helsinki`.
///
/// The ``NormalizedName/key`` is the remaining words joined without spaces, so "K-Market"
/// and "Kmarket" compare equal.
///
/// Names also carry descriptors and taglines that say nothing about which place it is:
/// ``withoutDescriptors(_:)`` gives the name without parenthesised text and without what follows
/// a dash or a bar ("Base Camp (Nepalese cuisine)" → "Base Camp", "Splizzeria Ravintola – Kitchen
/// & Bar" → "Splizzeria Ravintola"); the deduplicator compares that form too.
///
/// Some generic words also say what kind of place it is (``categoryWords``: "Bar", "Ravintola"
/// → food and drink; "Hotel" → lodging): ``impliedGroups(_:)`` gives the deduplicator a
/// category for records that have none, so that "Kinopalatsi Bar" is not taken for the
/// cinema "Kinopalatsi".
public struct NameNormalizer: Sendable, Hashable {
    /// Words ignored when comparing names (already folded: lowercase, no diacritics).
    public var genericWords: Set<String>
    /// City names dropped when they end a name (already folded).
    public var citySuffixes: Set<String>

    /// Words that tell the kind of place, already folded.
    public var categoryWords: [String: Category.Group]

    /// The default category words: eating and drinking, lodging, and shops, in the five languages.
    public static let defaultCategoryWords: [String: Category.Group] = {
        var words: [String: Category.Group] = [:]
        for word in [
            "restaurant", "cafe", "coffee", "bar", "pub", "bistro", "ravintola", "kahvila", "kahvi", "baari",
            "pubi", "restaurang", "kafe", "kaffe", "krog", "eetcafe", "kaffee", "gaststatte", "kneipe",
        ] {
            words[word] = .foodAndDrink
        }
        for word in ["bakery", "leipomo", "bageri", "kitchen", "keittio", "kok"] {
            words[word] = .foodAndDrink
        }
        for word in ["hotel", "hotelli", "hotell"] {
            words[word] = .lodging
        }
        for word in ["shop", "store", "boutique", "kauppa", "myymala", "putiikki", "butik", "affar"] {
            words[word] = .retail
        }
        return words
    }()

    /// The default generic words in English, Finnish, Swedish, Dutch and German.
    public static let defaultGenericWords: Set<String> = [
        // English
        "the", "restaurant", "cafe", "coffee", "bar", "pub", "hotel", "bistro", "shop", "store", "boutique",
        "kitchen", "bakery",
        // Finnish
        "ravintola", "kahvila", "kahvi", "baari", "pubi", "hotelli", "kauppa", "myymala", "putiikki", "leipomo",
        "keittio",
        // Swedish
        "restaurang", "kafe", "kaffe", "hotell", "krog", "butik", "affar", "bageri", "kok",
        // Dutch
        "de", "het", "eetcafe",
        // German
        "der", "die", "das", "kaffee", "gaststatte", "kneipe",
    ]

    /// The default city suffixes: cities of the countries the tool is used in most.
    public static let defaultCitySuffixes: Set<String> = [
        "helsinki", "helsingfors", "espoo", "vantaa", "tampere", "turku", "oulu",
        "amsterdam", "rotterdam", "utrecht", "denhaag",
        "stockholm", "goteborg", "malmo", "uppsala",
        "berlin", "hamburg", "munchen", "koln", "frankfurt",
    ]

    /// Creates a normaliser; both word lists must be given in folded form.
    public init(
        genericWords: Set<String> = NameNormalizer.defaultGenericWords,
        citySuffixes: Set<String> = NameNormalizer.defaultCitySuffixes,
        categoryWords: [String: Category.Group] = NameNormalizer.defaultCategoryWords
    ) {
        self.genericWords = genericWords
        self.citySuffixes = citySuffixes
        self.categoryWords = categoryWords
    }

    /// The kinds of place a name's words imply ("Cafe Engel" → food and drink); empty when
    /// the name says nothing.
    public func impliedGroups(_ name: NormalizedName) -> Set<Category.Group> {
        Set(name.words.compactMap { categoryWords[$0] })
    }

    /// Normalises a name for comparison.
    public func normalize(_ name: String) -> NormalizedName {
        let all = Self.foldedWords(name)
        var core = all.filter { !genericWords.contains($0) }
        let onlyGeneric = core.isEmpty && !all.isEmpty
        if core.isEmpty {
            core = all
        }
        if core.count > 1, let last = core.last, citySuffixes.contains(last) {
            core.removeLast()
        }
        var normalized = NormalizedName(words: all, coreWords: core)
        normalized.isOnlyGenericWords = onlyGeneric
        return normalized
    }

    /// The name without its descriptors and tagline, or `nil` when it has none: bracketed text
    /// (`(…)`, `[…]`) is removed and the name is cut at the first dash, bar or slash standing
    /// between spaces (` – `, ` — `, ` - `, ` | `, ` · `, ` / `) or colon followed by a space. A dash inside a word
    /// ("R-kioski", "K-Market") is part of the name. `nil` also when nothing would be left.
    public static func withoutDescriptors(_ name: String) -> String? {
        // Most names have none of the marks: say so without decoding the text.
        guard name.utf8.contains(where: isDescriptorByte) else { return nil }
        var kept = String.UnicodeScalarView()
        var depth = 0
        var changed = false
        let scalars = Array(name.unicodeScalars)
        var index = 0
        scan: while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case "(", "[":
                depth += 1
                changed = true
            case ")", "]":
                depth = max(0, depth - 1)
                changed = true
            case " "
            where depth == 0 && index + 2 < scalars.count && scalars[index + 2] == " "
                && taglineSeparators.contains(scalars[index + 1]):
                changed = true
                break scan
            case ":" where depth == 0 && index + 1 < scalars.count && scalars[index + 1] == " ":
                changed = true
                break scan
            default:
                if depth == 0 { kept.append(scalar) }
            }
            index += 1
        }
        let result = String(kept).trimmingCharacters(in: .whitespaces)
        guard changed, !result.isEmpty, result != name else { return nil }
        return result
    }

    /// Whether a byte may begin a mark ``withoutDescriptors(_:)`` looks for: brackets, `-`,
    /// `|`, `/`, `:`, or the UTF-8 lead byte of a dash or the middle dot.
    private static func isDescriptorByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "-"),
            UInt8(ascii: "|"), UInt8(ascii: "/"), UInt8(ascii: ":"), 0xE2, 0xC2:
            true
        default:
            false
        }
    }

    /// Marks that, standing between spaces, begin a tagline.
    private static let taglineSeparators: Set<Unicode.Scalar> = ["-", "\u{2013}", "\u{2014}", "|", "\u{00B7}", "/"]

    /// Steps 1–3: the folded words of a name (or of any text, such as an address).
    ///
    /// Text whose scalars all lie below U+0250 (ASCII, Latin-1 and the Latin extensions: the
    /// names of the countries the tool is used in) is folded scalar by scalar from
    /// ``latinFolds``, without a Unicode normalisation of the whole text; any other text is
    /// decomposed first (``foldedWordsByDecomposing(_:)``). Both give the same words:
    /// canonical decomposition maps each scalar on its own and only reorders combining marks,
    /// which folding drops.
    public static func foldedWords(_ text: String) -> [String] {
        var words: [String] = []
        var current: [UInt8] = []
        current.reserveCapacity(24)
        func flush() {
            if !current.isEmpty {
                words.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            }
        }
        /// Steps 2–3 for an ASCII scalar.
        func fold(ascii byte: UInt8) {
            switch byte {
            case 0x30...0x39, 0x61...0x7A:
                current.append(byte)
            case 0x41...0x5A:
                current.append(byte + 0x20)
            case 0x27, 0x60:
                break  // apostrophes join: Robert's → roberts
            case 0x26:
                flush()
                words.append("and")
            default:
                flush()
            }
        }
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                fold(ascii: UInt8(value))
                continue
            }
            guard value < latinFoldsEnd else { return foldedWordsByDecomposing(text) }
            for byte in latinFolds[Int(value) - 0x80] {
                if byte < 0x80 { fold(ascii: byte) } else { current.append(byte) }
            }
        }
        flush()
        return words
    }

    /// One past the last scalar ``latinFolds`` covers.
    static let latinFoldsEnd: UInt32 = 0x250

    /// What each scalar from U+0080 to U+024F becomes, as UTF-8: ASCII bytes are folded
    /// further as in the text (a space separates words, an apostrophe joins them), the others
    /// are folded letters (`ä` → `a`, `ß` → `ss`, `ð` → `ð`); empty for a combining mark or
    /// `´`. Made once by decomposing each scalar and folding the result as
    /// ``foldedWordsByDecomposing(_:)`` does.
    static let latinFolds: [[UInt8]] = (UInt32(0x80)..<latinFoldsEnd).map { value in
        guard value != 0xB4 else { return [] }  // an apostrophe
        var folded = String.UnicodeScalarView()
        for part in String(Unicode.Scalar(value)!).decomposedStringWithCanonicalMapping.unicodeScalars {
            if part.value < 0x80 {
                folded.append(part)
            } else if !appendFolded(part, to: &folded) {
                folded.append(" ")
            }
        }
        return Array(String(folded).utf8)
    }

    /// ``foldedWords(_:)`` by decomposing the whole text first: for text with scalars beyond
    /// ``latinFolds``.
    static func foldedWordsByDecomposing(_ text: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        func flush() {
            if !current.isEmpty {
                words.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar.value {
            case 0x30...0x39, 0x61...0x7A:
                current.append(scalar)
            case 0x41...0x5A:
                current.append(Unicode.Scalar(scalar.value + 0x20)!)
            case 0x27, 0x60, 0xB4, 0x2018, 0x2019, 0x02BC:
                continue  // apostrophes join: Robert's → roberts
            case 0x26:
                flush()
                words.append("and")
            case 0..<0x80:
                flush()
            default:
                if !appendFolded(scalar, to: &current) { flush() }
            }
        }
        flush()
        return words
    }

    /// Folds one non-ASCII scalar into the current word: drops marks, spells out special
    /// letters, lowercases letters. Returns `false` for a separator (punctuation, symbols,
    /// spaces, controls), which the caller turns into a word break.
    ///
    /// It must not end the word itself: a closure that touched `current` while it is passed
    /// `inout` here is an exclusivity violation, which traps at run time.
    private static func appendFolded(_ scalar: Unicode.Scalar, to current: inout String.UnicodeScalarView) -> Bool {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        default:
            break
        }
        if let spelled = specialLetters[scalar] {
            current.append(contentsOf: spelled.unicodeScalars)
        } else if properties.isAlphabetic || properties.numericType != nil {
            current.append(contentsOf: properties.lowercaseMapping.unicodeScalars)
        } else {
            return false
        }
        return true
    }

    private static let specialLetters: [Unicode.Scalar: String] = [
        "ß": "ss", "ẞ": "ss", "æ": "ae", "Æ": "ae", "ø": "o", "Ø": "o", "œ": "oe", "Œ": "oe",
        "ł": "l", "Ł": "l", "đ": "d", "Đ": "d", "þ": "th", "Þ": "th", "ı": "i",
    ]
}

/// A name in comparable form; see ``NameNormalizer``.
public struct NormalizedName: Sendable, Hashable {
    /// Every folded word, generic ones included.
    public var words: [String]
    /// The words that identify the place: generic words and a trailing city dropped.
    public var coreWords: [String]
    /// Whether every word is a generic word ("The Bar", "Ravintola"): such a name says what
    /// kind of place it is, not which.
    public internal(set) var isOnlyGenericWords = false

    public init(words: [String], coreWords: [String]) {
        self.words = words
        self.coreWords = coreWords
    }

    /// The core words joined without spaces: equal keys mean equal names.
    public var key: String { coreWords.joined() }
}

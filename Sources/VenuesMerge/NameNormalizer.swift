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
///    "de", "der", … in English, Finnish, Swedish, Dutch and German) are dropped, unless
///    that would leave nothing: "The Bar" keeps both words.
/// 5. One trailing city name (``citySuffixes``: "Helsinki", "Amsterdam", …) is dropped,
///    again only if something is left: "Juttutupa Helsinki" → `juttutupa`, but "Helsinki"
///    stays `helsinki`.
///
/// The ``NormalizedName/key`` is the remaining words joined without spaces, so "K-Market"
/// and "Kmarket" compare equal.
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

    /// The default category words: eating and drinking, and lodging, in the five languages.
    public static let defaultCategoryWords: [String: Category.Group] = {
        var words: [String: Category.Group] = [:]
        for word in [
            "restaurant", "cafe", "coffee", "bar", "pub", "bistro", "ravintola", "kahvila", "kahvi", "baari",
            "pubi", "restaurang", "kafe", "kaffe", "krog", "eetcafe", "kaffee", "gaststatte", "kneipe",
        ] {
            words[word] = .foodAndDrink
        }
        for word in ["hotel", "hotelli", "hotell"] {
            words[word] = .lodging
        }
        return words
    }()

    /// The default generic words in English, Finnish, Swedish, Dutch and German.
    public static let defaultGenericWords: Set<String> = [
        // English
        "the", "restaurant", "cafe", "coffee", "bar", "pub", "hotel", "bistro",
        // Finnish
        "ravintola", "kahvila", "kahvi", "baari", "pubi", "hotelli",
        // Swedish
        "restaurang", "kafe", "kaffe", "hotell", "krog",
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
        if core.isEmpty {
            core = all
        }
        if core.count > 1, let last = core.last, citySuffixes.contains(last) {
            core.removeLast()
        }
        return NormalizedName(words: all, coreWords: core)
    }

    /// Steps 1–3: the folded words of a name (or of any text, such as an address).
    public static func foldedWords(_ text: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        func flush() {
            if !current.isEmpty {
                words.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        let isASCII = text.utf8.allSatisfy { $0 < 0x80 }
        let scalars = isASCII ? text.unicodeScalars : text.decomposedStringWithCanonicalMapping.unicodeScalars
        for scalar in scalars {
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

    public init(words: [String], coreWords: [String]) {
        self.words = words
        self.coreWords = coreWords
    }

    /// The core words joined without spaces: equal keys mean equal names.
    public var key: String { coreWords.joined() }
}

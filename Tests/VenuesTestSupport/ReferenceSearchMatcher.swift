public import VenuesCore

/// The matching and ranking that docs/search.md describes, written from the document and not
/// from ``SearchTerm``: plain strings, a textbook edit distance, every rule spelled out. Tests
/// compare the matcher with it, and rank a scan's answers by it, so that a mistake in the
/// shared matcher cannot pass unseen through every path that uses it.
///
/// Only terms with a word of three letters or more are read this way: a term of one or two
/// letters is looked for inside the fields as a whole (``isWholeTerm``), which this leaves out.
public struct ReferenceSearchMatcher: Sendable {
    /// The fields a venue is searched by.
    public struct Fields: Sendable, Hashable, CustomStringConvertible {
        public var name: String
        public var brand: String?
        public var cuisine: String?
        public var otherNames: [String]

        public init(name: String, brand: String? = nil, cuisine: String? = nil, otherNames: [String] = []) {
            self.name = name
            self.brand = brand
            self.cuisine = cuisine
            self.otherNames = otherNames
        }

        public var description: String {
            "name \(name.debugDescription) brand \(brand.debugDescription) cuisine \(cuisine.debugDescription) other \(otherNames)"
        }
    }

    /// The term's words, folded.
    public let words: [String]
    /// A term of one or two letters, or without a word: not read by this reference.
    public let isWholeTerm: Bool

    /// The reference reading of `term`.
    public init(term: String) {
        let folded = TextFolding.folded(term.trimmingCharacters(in: .whitespacesAndNewlines))
        words = Self.words(folded)
        isWholeTerm = words.isEmpty || folded.unicodeScalars.count <= 2
    }

    /// The words of folded text: runs of letters and digits; an apostrophe after a letter or a
    /// digit is dropped (`robert's` is `roberts`), anything else ends a word.
    public static func words(_ folded: String) -> [String] {
        var result: [String] = []
        var word = String.UnicodeScalarView()
        var afterApostrophe = false
        for scalar in folded.unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                word.append(scalar)
                afterApostrophe = false
            } else if !word.isEmpty, !afterApostrophe, scalar == "'" || scalar == "\u{2019}" {
                afterApostrophe = true
            } else {
                if !word.isEmpty { result.append(String(word)) }
                word = String.UnicodeScalarView()
                afterApostrophe = false
            }
        }
        if !word.isEmpty { result.append(String(word)) }
        return result
    }

    /// The edits between two words: insertions, deletions, substitutions, and a swap of two
    /// neighbouring letters, each one (the optimal string alignment distance, by its table).
    public static func edits(_ a: String, _ b: String) -> Int {
        edits(a.unicodeScalars.map(\.value), b.unicodeScalars.map(\.value))
    }

    /// The edits between two words given as their scalars' values, counted as for two strings:
    /// the whole table, no bound.
    public static func edits(_ a: [UInt32], _ b: [UInt32]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    /// What a word found only in this field takes off the score: none in the name, 1 in another
    /// name, 2 in the brand, 3 in the cuisine.
    static func penalty(_ field: VenueMatch.Field) -> Int {
        switch field {
        case .name: 0
        case .otherName: 1
        case .brand: 2
        case .cuisine: 3
        }
    }

    /// Whether `part`'s scalars occur, in a row, in `word`'s.
    static func contains(_ word: String, _ part: String) -> Bool {
        let word = Array(word.unicodeScalars)
        let part = Array(part.unicodeScalars)
        guard part.count <= word.count else { return false }
        return (0...(word.count - part.count)).contains { start in
            Array(word[start..<(start + part.count)]) == part
        }
    }

    /// How one word of the term matches one word of a venue: 0 exact, 1 prefix (the term's
    /// last word only), 2 inside (a term word of 3 letters or more), 3 a typo (with its edits:
    /// none forgiven up to 4 letters of the venue's word, 1 for 5–8, 2 from 9); `nil` otherwise.
    static func wordMatch(_ term: String, _ word: String, isLast: Bool) -> (kind: Int, edits: Int)? {
        if term == word { return (0, 0) }
        let termLength = term.unicodeScalars.count
        let wordLength = word.unicodeScalars.count
        if wordLength > termLength {
            if isLast, word.unicodeScalars.starts(with: term.unicodeScalars) { return (1, 0) }
            if termLength >= 3, Self.contains(word, term) { return (2, 0) }
        }
        let forgiven = wordLength <= 4 ? 0 : wordLength <= 8 ? 1 : 2
        // Words whose lengths differ by more than the edits forgiven are that many edits apart.
        guard forgiven > 0, abs(wordLength - termLength) <= forgiven else { return nil }
        let edits = Self.edits(term, word)
        return edits <= forgiven ? (3, edits) : nil
    }

    /// How the venue matches: 100 when the name is the term word for word, 95 another name;
    /// else every word of the term matched somewhere (its best way, then the field that ranks
    /// higher), scored by the worst way (90 exact, 80 prefix, 70 inside, 60 less 10 a typo after
    /// the first, at least 20) less the weakest field's penalty (another name 1, brand 2,
    /// cuisine 3); `nil` when a word matches nowhere.
    public func match(_ fields: Fields) -> VenueMatch? {
        precondition(!isWholeTerm, "the reference reads terms with words of three letters or more")
        var fieldValues: [(field: VenueMatch.Field, value: String)] = [(.name, fields.name)]
        if let brand = fields.brand { fieldValues.append((.brand, brand)) }
        if let cuisine = fields.cuisine { fieldValues.append((.cuisine, cuisine)) }
        fieldValues += fields.otherNames.map { (.otherName, $0) }
        let fieldWords = fieldValues.map { (field: $0.field, words: Self.words(TextFolding.folded($0.value))) }
        if fieldWords.contains(where: { $0.field == .name && $0.words == words }) {
            return VenueMatch(score: 100, edits: 0, field: .name)
        }
        if fieldWords.contains(where: { $0.field == .otherName && $0.words == words }) {
            return VenueMatch(score: 95, edits: 0, field: .otherName)
        }
        var worstKind = 0
        var totalEdits = 0
        var weakestPenalty = 0
        var weakestField = VenueMatch.Field.name
        for (index, term) in words.enumerated() {
            var best: (kind: Int, edits: Int, field: VenueMatch.Field)?
            for (field, venueWords) in fieldWords {
                for word in venueWords {
                    guard let found = Self.wordMatch(term, word, isLast: index == words.count - 1) else { continue }
                    let candidate = (found.kind, found.edits, field)
                    if let current = best {
                        let better =
                            (candidate.0, candidate.1) < (current.kind, current.edits)
                            || ((candidate.0, candidate.1) == (current.kind, current.edits)
                                && Self.penalty(candidate.2) < Self.penalty(current.field))
                        if !better { continue }
                    }
                    best = candidate
                }
            }
            guard let best else { return nil }
            worstKind = max(worstKind, best.kind)
            totalEdits += best.edits
            if Self.penalty(best.field) > weakestPenalty {
                weakestPenalty = Self.penalty(best.field)
                weakestField = best.field
            }
        }
        let base = [90, 80, 70][safe: worstKind] ?? max(20, 60 - 10 * (totalEdits - 1))
        return VenueMatch(score: base - weakestPenalty, edits: totalEdits, field: weakestField)
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

import Foundation

/// A search term, split into words, and the matching every local search and the ranking of
/// every result share.
///
/// A venue matches when every word of the term matches a word of its ``SearchText`` (its
/// names, brand or cuisine), in any order, as one of (best first):
/// - **exact**: the same word;
/// - **prefix**: the start of a word, for the term's last word only (it may be unfinished:
///   as-you-type);
/// - **substring**: inside a word, for words of three letters or more (Finnish compounds:
///   `kahvila` in `kahvilaravintola`);
/// - **typo**: within an edit distance (``EditDistance``, a swap of neighbouring letters is one
///   edit) of none for words up to 4 letters, 1 for 5–8 and 2 from 9 (``maximumEdits(forLength:)``),
///   counted on the venue's word, the word meant: a letter dropped from `Zetor` or from
///   `Ravintola` leaves as many edits to forgive as the word had, and a letter doubled in `Cafe`
///   adds none.
///
/// A term of one or two letters (or with no letter or digit) is matched as before words:
/// folded, inside any field. ``VenueMatch`` says how well a venue matched.
package struct SearchTerm: Sendable, Hashable {
    /// How one word of the term matched one word of a venue, best first.
    package enum Kind: Int, Sendable, Comparable {
        case exact
        case prefix
        case substring
        case typo

        package static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// How one word of the term matched one word of a venue.
    package struct WordMatch: Sendable, Hashable, Comparable {
        package var kind: Kind
        /// Edits (only for ``Kind/typo``).
        package var edits: Int

        package static func < (lhs: WordMatch, rhs: WordMatch) -> Bool {
            lhs.kind != rhs.kind ? lhs.kind < rhs.kind : lhs.edits < rhs.edits
        }
    }

    /// The term folded and trimmed.
    package let folded: String
    /// Its words (``SearchWords``), as scalar values.
    package let words: [[UInt32]]
    /// A term of one or two letters, or without words: matched inside any field, as a whole.
    package let isWhole: Bool

    /// The term `text` (trimmed and folded here).
    package init(_ text: String) {
        folded = TextFolding.folded(text.trimmingCharacters(in: .whitespacesAndNewlines))
        words = SearchWords.words(folded)
        isWhole = words.isEmpty || folded.unicodeScalars.count <= 2
    }

    /// The edits forgiven in a word of `length` letters: none up to 4, 1 for 5–8, 2 from 9.
    package static func maximumEdits(forLength length: Int) -> Int {
        length <= 4 ? 0 : length <= 8 ? 1 : 2
    }

    /// How the term's word at `index` matches `word`, or `nil` when it does not.
    package func match(word index: Int, with word: UnsafeBufferPointer<UInt32>) -> WordMatch? {
        let isLast = index == words.count - 1
        return words[index].withUnsafeBufferPointer { term in
            Self.match(term, with: word, isLast: isLast)
        }
    }

    private static func match(
        _ term: UnsafeBufferPointer<UInt32>,
        with word: UnsafeBufferPointer<UInt32>,
        isLast: Bool
    ) -> WordMatch? {
        let length = term.count
        if word.count == length, memcmp(term.baseAddress!, word.baseAddress!, length * 4) == 0 {
            return WordMatch(kind: .exact, edits: 0)
        }
        if word.count > length {
            if isLast, memcmp(term.baseAddress!, word.baseAddress!, length * 4) == 0 {
                return WordMatch(kind: .prefix, edits: 0)
            }
            if length >= 3, contains(word, term) { return WordMatch(kind: .substring, edits: 0) }
        }
        let limit = maximumEdits(forLength: word.count)
        if limit > 0, let edits = EditDistance.distance(term, word, limit: limit) {
            return WordMatch(kind: .typo, edits: edits)
        }
        return nil
    }

    private static func contains(_ word: UnsafeBufferPointer<UInt32>, _ part: UnsafeBufferPointer<UInt32>) -> Bool {
        let first = part[0]
        var start = 0
        while start + part.count <= word.count {
            if word[start] == first, memcmp(word.baseAddress! + start, part.baseAddress!, part.count * 4) == 0 {
                return true
            }
            start += 1
        }
        return false
    }

    // MARK: Venues

    /// How a venue with this ``SearchText`` matches, or `nil` when it does not.
    package func match(searchText text: String) -> VenueMatch? {
        var text = text
        return text.withUTF8 { match(utf8: $0) }
    }

    /// ``match(searchText:)`` of a search text's UTF-8 bytes (as the local index stores it).
    package func match(utf8 text: UnsafeBufferPointer<UInt8>) -> VenueMatch? {
        if isWhole { return wholeMatch(searchText: String(decoding: text, as: UTF8.self)) }
        // The best match of each word of the term so far, with the field it was found in.
        var best = [(match: WordMatch, field: VenueMatch.Field)?](repeating: nil, count: words.count)
        var exactName: VenueMatch.Field?
        // Whether the current field's words are the term's so far, and how many.
        var field = -1
        var inOrder = true
        var position = 0
        func closeField() {
            guard field >= 0, inOrder, position == words.count else { return }
            let kind = SearchText.field(at: field)
            guard kind == .name || kind == .otherName else { return }
            if exactName == nil || kind == .name { exactName = kind }
        }
        SearchWords.forEachWord(utf8: text) { index, word in
            if index != field {
                closeField()
                field = index
                inOrder = true
                position = 0
            }
            let kind = SearchText.field(at: index)
            for termIndex in words.indices {
                guard let found = match(word: termIndex, with: word) else { continue }
                if let current = best[termIndex],
                    current.match < found || (current.match == found && current.field.penalty <= kind.penalty)
                {
                    continue
                }
                best[termIndex] = (found, kind)
            }
            if inOrder {
                if position < words.count, words[position].elementsEqual(word) {
                    position += 1
                } else {
                    inOrder = false
                }
            }
        }
        closeField()
        if let exactName { return VenueMatch(score: exactName == .name ? 100 : 95, edits: 0, field: exactName) }
        var worst = Kind.exact
        var edits = 0
        var weakest = VenueMatch.Field.name
        for entry in best {
            guard let entry else { return nil }
            worst = max(worst, entry.match.kind)
            edits += entry.match.edits
            if entry.field.penalty > weakest.penalty { weakest = entry.field }
        }
        return VenueMatch(score: Self.score(worst, edits: edits) - weakest.penalty, edits: edits, field: weakest)
    }

    /// How a venue matches, from its ``SearchText/folded(_:)``.
    package func match(_ venue: Venue) -> VenueMatch? {
        match(searchText: SearchText.folded(venue))
    }

    /// The score before the field's penalty: 90 all exact, 80 with a prefix, 70 with a
    /// substring, 60 for one edit and 10 less for each further one (at least 20).
    private static func score(_ kind: Kind, edits: Int) -> Int {
        switch kind {
        case .exact: 90
        case .prefix: 80
        case .substring: 70
        case .typo: max(20, 60 - 10 * (edits - 1))
        }
    }

    /// A one- or two-letter term: inside a field, as a whole.
    private func wholeMatch(searchText text: String) -> VenueMatch? {
        var best: VenueMatch?
        for (index, value) in text.split(separator: SearchText.separator, omittingEmptySubsequences: false).enumerated()
        {
            let field = SearchText.field(at: index)
            let value = String(value)
            guard !value.isEmpty, TextFolding.foldedText(value, contains: folded) else { continue }
            let score: Int
            if value == folded, field == .name || field == .otherName {
                score = field == .name ? 100 : 95
            } else {
                let startsWord = value.hasPrefix(folded) || value.contains(" " + folded)
                score = (startsWord ? 80 : 70) - field.penalty
            }
            let found = VenueMatch(score: score, edits: 0, field: field)
            if best.map({ $0 < found }) ?? true { best = found }
        }
        return best
    }
}

extension SearchTerm {
    /// `venues` with their distance from `center` and how each matches, in relevance order: the
    /// better match first (``VenueMatch/ranksFirst(_:_:)``), then the nearer, then by id.
    package func ranked(
        _ venues: [Venue],
        around center: Coordinate
    ) -> [(venue: Venue, distance: Double, match: VenueMatch?)] {
        Self.ranked(venues.map { SuggestedVenue(venue: $0, match: match($0)) }, around: center)
    }

    /// Venues already matched, with their distance from `center`, in relevance order (as
    /// ``ranked(_:around:)``, without matching again).
    package static func ranked(
        _ matched: [SuggestedVenue],
        around center: Coordinate
    ) -> [(venue: Venue, distance: Double, match: VenueMatch?)] {
        let distances = matched.map { $0.venue.coordinate.distance(to: center) }
        // The positions are sorted, not the venues: a venue is large, and moving one costs a
        // retain and a release of each of its fields.
        let order = matched.indices.sorted { lhs, rhs in
            if let first = VenueMatch.ranksFirst(matched[lhs].match, matched[rhs].match) { return first }
            if distances[lhs] != distances[rhs] { return distances[lhs] < distances[rhs] }
            return matched[lhs].venue.id < matched[rhs].venue.id
        }
        return order.map { (venue: matched[$0].venue, distance: distances[$0], match: matched[$0].match) }
    }
}

/// The FTS5 query that finds every indexed text containing a folded term: all of the term's
/// trigrams (three consecutive characters), each a quoted string, joined by AND.
///
/// The text index stores no positions (`detail=none`, a third of the size), so it cannot ask
/// for the trigrams in sequence: what it finds may contain the trigrams elsewhere, and every
/// candidate is checked against the term itself. A term shorter than three characters has no
/// trigram and is searched by position alone.
enum TrigramQuery {
    /// The most trigrams put in one query; a long term's first ones already narrow enough.
    static let maximumTrigrams = 16

    /// The MATCH expression, or `nil` for a term shorter than three characters.
    static func expression(forFoldedTerm term: String) -> String? {
        let scalars = Array(term.unicodeScalars)
        guard scalars.count >= 3 else { return nil }
        var seen = Set<String>()
        var parts: [String] = []
        for start in 0...(scalars.count - 3) {
            var trigram = String.UnicodeScalarView()
            trigram.append(contentsOf: scalars[start..<start + 3])
            let text = String(trigram)
            guard seen.insert(text).inserted else { continue }
            var quoted = "\""
            for character in text {
                quoted.append(character)
                if character == "\"" { quoted.append("\"") }
            }
            parts.append(quoted + "\"")
            if parts.count == maximumTrigrams { break }
        }
        return parts.joined(separator: " AND ")
    }
}

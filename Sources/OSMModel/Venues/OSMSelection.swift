import Foundation
package import VenuesCore

/// What a search asks for, as a filter on OSM elements: a `name`, one of the tag rules, and
/// (for a text search) the term's words in the names, `brand` or `cuisine`.
///
/// Local files and indexes match the term as ``SearchTerm`` does (every word, in any order,
/// exactly, as a prefix, inside a word or with typos forgiven) on the element's
/// ``OSMSearchText``. The Overpass query built by ``OverpassQueryBuilder`` cannot forgive typos:
/// it asks for the whole term inside `name`, `brand` or `cuisine`, with case and diacritics
/// approximated by bracket expressions of accented letters.
package struct OSMSelection: Sendable, Hashable {
    /// The fields a term is looked for in.
    package static let termFields = ["name", "brand", "cuisine"]

    /// Tag rules, any of which must match.
    package let rules: [OSMTagRule]
    /// The term, trimmed and checked; `nil` for a nearby search.
    package let term: String?
    /// The term's words, for matching (`nil` for a nearby search).
    package let searchTerm: SearchTerm?

    /// Builds the selection for a query; `term` is the search term or `nil`.
    package init(categories: Set<Category>, term: String?) throws(ProviderError) {
        self.rules = OSMVocabulary.rules(for: categories)
        if let term {
            let checked = try OSMSelection.checkedTerm(term)
            self.term = checked
            self.searchTerm = SearchTerm(checked)
        } else {
            self.term = nil
            self.searchTerm = nil
        }
    }

    /// The term trimmed of surrounding whitespace. Rejects an empty term and control characters
    /// other than newline and tab (Overpass QL strings cannot carry them).
    package static func checkedTerm(_ term: String) throws(ProviderError) -> String {
        let trimmed = TermText.trimmed(term)
        guard !trimmed.isEmpty else { throw .badRequest("the search term is empty") }
        for scalar in trimmed.unicodeScalars
        where scalar.properties.generalCategory == .control && scalar != "\n" && scalar != "\t" {
            throw .badRequest(
                "the search term contains the control character U+\(String(scalar.value, radix: 16, uppercase: true))"
            )
        }
        return trimmed
    }

    /// Whether an element with these tags is selected.
    package func matches(_ tags: OSMTags) -> Bool {
        guard passesRules(tags) else { return false }
        guard let searchTerm else { return true }
        return searchTerm.match(searchText: OSMSearchText.folded(tags)) != nil
    }

    /// Whether an element with these tags has a name and passes one of the tag rules, the term
    /// aside (for callers that want how it matches the term, not only whether).
    package func passesRules(_ tags: OSMTags) -> Bool {
        tags["name"] != nil && rules.contains(where: { $0.matches(tags) })
    }
}

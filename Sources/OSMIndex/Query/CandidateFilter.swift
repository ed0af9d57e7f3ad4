import OSMModel
import VenuesCore

/// Whether a stored venue passes the query's categories and term, and how it matches the term,
/// decided as a search of the OSM file decides it: from the stored category bits and search text
/// when the index was built with this build's rules, else from its stored tags.
struct CandidateFilter {
    /// What the filter says of a venue.
    enum Verdict {
        case rejected
        /// Accepted; how it matches the term (`nil` without a term).
        case accepted(VenueMatch?)
    }

    /// Bits of the wanted categories; `nil` when any venue will do.
    let mask: Int64?
    let term: SearchTerm?
    let useTags: Bool
    let selection: OSMSelection

    init(query: OSMIndexReader.Query, categoryBit: [Category: Int], sameRules: Bool) throws {
        selection = query.selection
        term = query.selection.searchTerm
        var mask: Int64?
        var useTags = !sameRules
        if !query.categories.isEmpty {
            var bits: Int64 = 0
            for category in query.categories {
                if let bit = categoryBit[category] { bits |= 1 << Int64(bit) } else { useTags = true }
            }
            mask = bits
        }
        self.mask = mask
        self.useTags = useTags
    }

    func verdict(
        categories: Int64,
        search: ((UnsafeBufferPointer<UInt8>) -> VenueMatch?) -> VenueMatch?,
        tags: () throws -> OSMTags
    ) throws -> Verdict {
        if useTags {
            let tags = try tags()
            guard selection.passesRules(tags) else { return .rejected }
            guard let term else { return .accepted(nil) }
            return term.match(searchText: OSMSearchText.folded(tags)).map { .accepted($0) } ?? .rejected
        }
        if let mask, categories & mask == 0 { return .rejected }
        guard let term else { return .accepted(nil) }
        guard let match = search({ term.match(utf8: $0) }) else { return .rejected }
        return .accepted(match)
    }
}

import Foundation
package import OSMModel
import VenuesCore
import VenuesSQLite

/// Searching: the candidates of a query (by the words of its term, or by position), checked
/// against its categories and term, ranked or cut to the nearest.
extension OSMIndexReader {
    /// The venues of the query (see the type's description).
    package func search(_ query: Query, cancellation: CancellationFlag? = nil) throws(OSMIndexError) -> Answer {
        try onSnapshot { try run(query, cancellation: cancellation) }
    }

    /// A candidate: its element, position, distance and how it matches the term.
    struct Candidate {
        var element: Int64
        var coordinate: Coordinate
        var distance: Double
        var match: VenueMatch?
        /// `venue.categories`: the category bits and the hours bit (0 where not read).
        var categories: Int64 = 0
        /// The number of its opening hours in the walk's ``CandidateHours`` (or
        /// ``CandidateHours/none``), read with the row when a prefilter reads only hours;
        /// ``CandidateHours/unread`` otherwise.
        var hours: Int32 = CandidateHours.unread
    }

    func run(_ query: Query, cancellation: CancellationFlag?) throws -> Answer {
        if let prefilter = query.prefilter, query.nearest != nil || query.ranked != nil {
            return try prefiltered(query, prefilter, cancellation: cancellation)
        }
        var (candidates, notes, _) = try candidates(query, cancellation: cancellation)
        if let ranked = query.ranked, candidates.count > ranked {
            candidates.sort(by: Self.ranksBefore)
            candidates.removeSubrange(max(0, ranked)...)
        } else if let nearest = query.nearest, candidates.count > nearest {
            candidates.sort { $0.distance < $1.distance }
            let cut = candidates[nearest - 1].distance
            candidates = candidates.filter { $0.distance <= cut }
        }
        let placed = try venues(for: candidates, everyField: query.everyField)
        var answer = Answer(venues: placed.map(\.venue), notes: notes, matches: placed.map(\.match))
        if let prefilter = query.prefilter {
            // The whole circle: every venue judged.
            let judged = prefilter.kept(Array(zip(answer.venues, answer.matches)), upTo: nil) { $0.0 }
            answer.venues = judged.kept.map(\.0)
            answer.matches = judged.kept.map(\.1)
            answer.filtered = judged.counts
        }
        return answer
    }

    /// The venues that may answer `query`, with how they were found and whether they are every
    /// accepted venue of the query's circle (`complete`), or of a smaller circle around the
    /// centre that holds at least ``Query/nearest`` of them.
    func candidates(
        _ query: Query,
        cancellation: CancellationFlag?
    ) throws -> (candidates: [Candidate], notes: [String], complete: Bool) {
        var reached = query.radius
        var notes: [String] = []
        let filter = try CandidateFilter(query: query, categoryBit: categoryBit, sameRules: sameRules)
        if !sameRules {
            notes.append(
                "index \(info.name) was built with other venue rules: categories and terms are checked on its stored tags (import it again to speed this up)"
            )
        }
        var found: [Candidate]?
        // The venues that may match the term, when the words find few enough to be worth
        // knowing, but too many to read each one's row: the R-tree then reads only theirs.
        var textMatches: SortedElements?
        if let term = query.selection.searchTerm, !term.isWhole {
            let words = try indexWords()
            let rarest = try rarestWord(of: term, in: words)
            let word = SearchWords.string(term.words[rarest.index])
            if rarest.venues <= directTextCandidateLimit(query) {
                let elements = try words.elements(of: rarest.ids, statement: prepared(words.elementsSQL))
                found = try textCandidates(elements, query: query, filter: filter)
                notes.append(
                    "index \(info.name): \(elements.count) venue(s) with a word matching '\(word)', read one by one"
                )
            } else if soughtTextCandidateOverride.map({ rarest.venues <= $0 })
                ?? (rarest.venues <= Self.textCandidateLimit
                    || Double(rarest.venues) <= expectedVenues(within: query.radius)
                        * Self.textCandidatesPerCircleVenue)
            {
                let make = {
                    SortedElements(
                        sorted: try words.elements(
                            of: rarest.ids,
                            statement: self.prepared(words.elementsSQL)
                        )
                    )
                }
                let elements =
                    try recentElements?.list(for: WordsKey(generation: generation, ids: rarest.ids), make: make)
                    ?? make()
                textMatches = elements
                notes.append(
                    "index \(info.name): \(elements.count) venue(s) with a word matching '\(word)', sought by position"
                )
            } else {
                notes.append(
                    "index \(info.name): \(rarest.venues) venue(s) with a word matching '\(word)', too many: every venue of the circle checked"
                )
            }
        }
        if found == nil {
            let (candidates, rounds, radius) = try spatialCandidates(
                query: query,
                filter: filter,
                among: textMatches,
                cancellation: cancellation
            )
            found = candidates
            reached = radius
            notes.append(
                "index \(info.name): \(candidates.count) venue(s) within \(Int(radius.rounded())) m from the R-tree in \(rounds) round(s)"
            )
        }
        return (found ?? [], notes, reached >= query.radius)
    }

    /// Relevance order: the better match, then the nearer, then the element.
    static func ranksBefore(_ lhs: Candidate, _ rhs: Candidate) -> Bool {
        if let first = VenueMatch.ranksFirst(lhs.match, rhs.match) { return first }
        if lhs.distance != rhs.distance { return lhs.distance < rhs.distance }
        return lhs.element < rhs.element
    }

    /// The index's words, read once.
    func indexWords() throws -> IndexWords {
        if let words { return words }
        let loaded = try IndexWords(connection: connection)
        words = loaded
        return loaded
    }

    /// The term's rarest word: the one whose matching index words (`ids`) have the fewest
    /// venues (`venues`, counted with repeats). Every venue that matches the whole term has one
    /// of those words.
    func rarestWord(of term: SearchTerm, in words: IndexWords) throws -> (ids: [Int], venues: Int, index: Int) {
        var best: (ids: [Int], venues: Int, index: Int) = ([], .max, 0)
        for index in term.words.indices {
            let (ids, venues) = try words.matching(term, word: index) { ids throws(SQLiteError) in
                try IndexWords.venueCount(of: ids, statement: prepared(words.venueCountSQL))
            }
            if venues < best.venues { best = (ids, venues, index) }
            if venues == 0 { break }
        }
        return best
    }

    /// The most venues of a term's words whose rows are read one by one; more are sought through the
    /// R-tree. Reading a row costs about what going over a few R-tree entries does, so this is
    /// a quarter of the venues the circle is expected to hold (at least 256).
    func directTextCandidateLimit(_ query: Query) -> Int {
        directTextCandidateOverride ?? max(256, Int(min(expectedVenues(within: query.radius) / 4, 1e7)))
    }

    /// The candidates among the venues of a term's words: their rows read one by one.
    func textCandidates(_ elements: [Int64], query: Query, filter: CandidateFilter) throws -> [Candidate] {
        let row = try candidateRow()
        var result: [Candidate] = []
        for element in elements {
            guard let (candidate, accepted) = try check(element, row: row, within: query.radius, of: query, filter),
                accepted
            else { continue }
            result.append(candidate)
        }
        return result
    }

    /// The statement ``check(_:row:within:of:_:)`` reads a venue's row with (and its tags, to
    /// read its hours, during a walk with ``candidateHours``).
    func candidateRow() throws -> SQLiteStatement {
        try prepared(
            candidateHours == nil
                ? "SELECT latitude, longitude, categories, search FROM venue WHERE element = ?"
                : "SELECT latitude, longitude, categories, search, tags FROM venue WHERE element = ?"
        )
    }

    /// The venue `element` as a candidate, read with `row` (``candidateRow()``), when it lies
    /// within `radius` of the query's centre, and whether `filter` accepts it; `nil` when it
    /// lies farther or has no row.
    func check(
        _ element: Int64,
        row: SQLiteStatement,
        within radius: Double,
        of query: Query,
        _ filter: CandidateFilter
    ) throws -> (candidate: Candidate, accepted: Bool)? {
        try row.bind(element, at: 1)
        defer { row.reset() }
        guard try row.step(), let coordinate = Self.coordinate(row, latitude: 0, longitude: 1) else { return nil }
        let distance = coordinate.distance(to: query.center)
        guard distance <= radius else { return nil }
        let verdict = try filter.verdict(
            categories: row.int64(2),
            search: { body in row.withBlob(3) { body($0.assumingMemoryBound(to: UInt8.self)) } },
            tags: { try self.tags(of: element) }
        )
        let categories = row.int64(2)
        guard case .accepted(let match) = verdict else {
            return (
                Candidate(element: element, coordinate: coordinate, distance: distance, categories: categories), false
            )
        }
        var hours = CandidateHours.unread
        if candidateHours != nil {
            // Where the index keeps the hours bit, a venue without it has no hours, unread.
            if let bit = info.hoursBit, categories & (Int64(1) << Int64(bit)) == 0 {
                hours = CandidateHours.none
            } else {
                hours = row.withBlob(4) { candidateHours?.number(ofTags: $0) } ?? CandidateHours.unread
            }
        }
        return (
            Candidate(
                element: element,
                coordinate: coordinate,
                distance: distance,
                match: match,
                categories: categories,
                hours: hours
            ),
            true
        )
    }
}

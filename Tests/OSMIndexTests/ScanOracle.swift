import Foundation
import OSMFiles
import OSMModel
import OverpassProvider
import VenuesCore
import VenuesTestSupport

/// What a search of an OSM file (the provider's scan, ``OverpassProvider`` with a `.file`
/// endpoint) returns, for many queries at once: one real scan gives every venue and its
/// position; one pass of the XML reader gives every element's tags; a query is then the scan's
/// tag rules (``OSMSelection/passesRules(_:)``), radius rule (haversine, `<=`) and order
/// (distance, then id) applied to them. A term of three letters or more is matched, and a text
/// search ranked, by ``ReferenceSearchMatcher`` (docs/search.md written out again), not by the
/// matcher the index and the scan share, so that a mistake in it fails the parity tests too; a
/// shorter term, which the reference does not read, by ``OSMSelection/matches(_:)``.
///
/// The parity tests check the oracle itself against real scans for a sample of queries.
struct ScanOracle: Sendable {
    struct Entry: Sendable {
        var venue: Venue
        var tags: OSMTags
    }

    let entries: [Entry]
    /// Which entries a selection with no term selects, by categories (computed once each).
    private let selected = SelectionCache()

    final class SelectionCache: @unchecked Sendable {
        let lock = NSLock()
        var byCategories: [Set<Category>: [Bool]] = [:]
    }

    /// Scans `file` once for everything.
    static func load(_ file: URL, around center: Coordinate) async throws -> ScanOracle {
        let scan = IndexTest.provider(.file(file))
        let all = try await scan.nearby(VenueQuery(center: center, radius: 100_000, limit: 1_000_000, timeout: 600))
        let tags = try await offCooperativePool {
            var tags: [String: OSMTags] = [:]
            _ = try OSMXMLReader(options: .init(tags: true)).read(.file(file)) { element in
                if !element.tags.isEmpty { tags["\(element.kind.name)/\(element.id)"] = element.tags.compacted() }
                return .next
            }
            return tags
        }
        return ScanOracle(entries: all.venues.map { Entry(venue: $0, tags: tags[$0.id.native] ?? OSMTags()) })
    }

    /// What the scan answers to a query: for a text search in relevance order the best
    /// `limit` by ``SearchTerm`` match of the venue, then distance, then id.
    func answer(_ query: VenueQuery) throws -> [Answer] {
        if let limit = query.rankedLimit, let term = query.term {
            let byID = Dictionary(uniqueKeysWithValues: entries.map { ($0.venue.id, $0.venue) })
            let all = try answer(center: query.center!, radius: query.radius, categories: query.categories, term: term)
            let reference = ReferenceSearchMatcher(term: term)
            guard !reference.isWholeTerm else {
                return SearchTerm(term).ranked(all.map { byID[$0.id]! }, around: query.center!).prefix(limit).map {
                    Answer(id: $0.venue.id, distance: $0.distance)
                }
            }
            // The better match first (a higher score, then fewer edits), then the nearer, then by id.
            let scored = all.map { (answer: $0, match: reference.match(Self.fields(of: byID[$0.id]!))!) }
            let ordered = scored.sorted { lhs, rhs in
                if lhs.match.score != rhs.match.score { return lhs.match.score > rhs.match.score }
                if lhs.match.edits != rhs.match.edits { return lhs.match.edits < rhs.match.edits }
                return lhs.answer < rhs.answer
            }
            return ordered.prefix(limit).map(\.answer)
        }
        return try answer(
            center: query.center!,
            radius: query.radius,
            categories: query.categories,
            term: query.term,
            limit: query.limit
        )
    }

    /// The fields a venue is searched by: its name, brand, cuisine and other names (those the
    /// brand gave are the brand already).
    static func fields(of venue: Venue) -> ReferenceSearchMatcher.Fields {
        ReferenceSearchMatcher.Fields(
            name: venue.name,
            brand: venue.extras["brand"],
            cuisine: venue.extras["cuisine"],
            otherNames: venue.names.filter { $0.text != venue.name && $0.source != "brand" }.map(\.text)
        )
    }

    /// `(id, distance)` of what the scan answers, in its order.
    func answer(
        center: Coordinate,
        radius: Int,
        categories: Set<Category> = [],
        term: String? = nil,
        limit: Int = 1_000_000
    ) throws -> [Answer] {
        let selection = try OSMSelection(categories: categories, term: term)
        var chosen: [Bool]
        if term == nil, let known = selected.lock.withLock({ selected.byCategories[categories] }) {
            chosen = known
        } else if let term, case let reference = ReferenceSearchMatcher(term: term), !reference.isWholeTerm {
            // The circle first: the reference is slow, and most venues are outside it.
            chosen = entries.map { entry in
                entry.venue.coordinate.distance(to: center) <= Double(radius) && selection.passesRules(entry.tags)
                    && reference.match(Self.fields(of: entry.venue)) != nil
            }
        } else {
            chosen = entries.map { selection.matches($0.tags) }
            if term == nil { selected.lock.withLock { selected.byCategories[categories] = chosen } }
        }
        let matches = zip(entries, chosen).compactMap { entry, isChosen -> Answer? in
            guard isChosen else { return nil }
            let distance = entry.venue.coordinate.distance(to: center)
            guard distance <= Double(radius) else { return nil }
            return Answer(id: entry.venue.id, distance: distance)
        }
        return Array(matches.sorted().prefix(limit))
    }
}

/// One venue of an answer: its id and exact distance.
struct Answer: Comparable, Sendable, CustomStringConvertible {
    var id: VenueID
    var distance: Double

    static func < (lhs: Answer, rhs: Answer) -> Bool {
        lhs.distance != rhs.distance ? lhs.distance < rhs.distance : lhs.id < rhs.id
    }

    var description: String { "\(id)@\(distance)" }

    /// `nil` when the answers are the same; else what differs, briefly.
    static func difference(_ actual: [Answer], _ expected: [Answer]) -> String? {
        guard actual != expected else { return nil }
        let actualIDs = Set(actual.map(\.id))
        let expectedIDs = Set(expected.map(\.id))
        let missing = expected.filter { !actualIDs.contains($0.id) }.prefix(5)
        let extra = actual.filter { !expectedIDs.contains($0.id) }.prefix(5)
        let firstMismatch = zip(actual, expected).first { $0 != $1 }
        return "\(actual.count) venues, expected \(expected.count); missing \(Array(missing)); extra \(Array(extra))"
            + (firstMismatch.map { "; first difference \($0.0) instead of \($0.1)" } ?? "")
    }

    /// The answers of a provider response, in its order.
    static func of(_ venues: [Venue], center: Coordinate) -> [Answer] {
        venues.map { Answer(id: $0.id, distance: $0.coordinate.distance(to: center)) }
    }
}

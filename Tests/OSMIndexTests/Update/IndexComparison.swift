import Foundation
import OSMModel
import Testing
import VenuesCore
import VenuesSQLite

@testable import OSMIndex

/// Compares two indexes as searches see them: every venue (ids, positions, every field),
/// nearby and text searches (ids and distances), and the word index (each word's venues).
enum IndexComparison {
    /// The differences between the answers of `updated` and `imported`, as messages (none when
    /// they answer alike).
    static func differences(updated: URL, imported: URL, around center: Coordinate, terms: [String]) throws -> [String]
    {
        let left = try OSMIndexReader(url: updated)
        let right = try OSMIndexReader(url: imported)
        var found: [String] = []
        func compare(_ label: String, _ query: OSMIndexReader.Query) throws {
            let answers = (try left.search(query), try right.search(query))
            let a = answers.0.venues.sorted { $0.id < $1.id }
            let b = answers.1.venues.sorted { $0.id < $1.id }
            let order = (ranked(answers.0, around: center), ranked(answers.1, around: center))
            guard a != b || order.0 != order.1 else { return }
            guard a != b else {
                found.append(
                    "\(label): the same venues, ranked otherwise: updated \(order.0.prefix(6)), imported \(order.1.prefix(6))"
                )
                return
            }
            let onlyUpdated = Set(a).subtracting(b).map { "\($0.id) \($0.name) \($0.coordinate)" }.sorted()
            let onlyImported = Set(b).subtracting(a).map { "\($0.id) \($0.name) \($0.coordinate)" }.sorted()
            found.append(
                "\(label): only in the updated index \(onlyUpdated.prefix(6)); only in the imported one \(onlyImported.prefix(6))"
            )
        }
        try compare(
            "every venue",
            .init(
                center: center,
                radius: 20_000,
                categories: [],
                selection: try OSMSelection(categories: [], term: nil),
                nearest: nil
            )
        )
        for radius in [150.0, 400, 900] {
            try compare(
                "nearest 25 within \(Int(radius)) m",
                .init(
                    center: center,
                    radius: radius,
                    categories: [],
                    selection: try OSMSelection(categories: [], term: nil),
                    nearest: 25
                )
            )
        }
        for term in terms {
            try compare(
                "search '\(term)'",
                .init(
                    center: center,
                    radius: 3_000,
                    categories: [],
                    selection: try OSMSelection(categories: [], term: term),
                    nearest: nil,
                    ranked: 20
                )
            )
        }
        let leftWords = try words(of: updated)
        let rightWords = try words(of: imported)
        if leftWords != rightWords {
            let differing = Set(leftWords.keys).union(rightWords.keys).filter { leftWords[$0] != rightWords[$0] }
                .sorted()
            found.append("the word indexes differ in \(differing.count) word(s): \(differing.prefix(8))")
        }
        return found
    }

    /// An answer's venues as a search shows them, the best match first, then the nearest, then
    /// by id (``SearchTerm/ranked(_:around:)`` over the reader's own matches), each with how it
    /// matched: `osm:node/1 80/0/name`.
    static func ranked(_ answer: OSMIndexReader.Answer, around center: Coordinate) -> [String] {
        let matched = answer.venues.indices.map { index in
            SuggestedVenue(
                venue: answer.venues[index],
                match: index < answer.matches.count ? answer.matches[index] : nil
            )
        }
        return SearchTerm.ranked(matched, around: center).map { item in
            "\(item.venue.id) " + (item.match.map { "\($0.score)/\($0.edits)/\($0.field.rawValue)" } ?? "-")
        }
    }

    /// Each word of the word index with its venues, updates' changes applied (words without
    /// venues left out).
    static func words(of index: URL) throws -> [String: Set<Int64>] {
        let connection = try SQLiteConnection(path: index.path, access: .readOnly, immutable: false)
        let rows = try connection.prepare(
            "SELECT w.word, w.elements, c.added, c.removed FROM word w LEFT JOIN word_change c ON c.id = w.id"
        )
        var result: [String: Set<Int64>] = [:]
        while try rows.step() {
            let word = rows.text(0) ?? ""
            var elements = decoded(rows.blob(1))
            elements.subtract(decoded(rows.blob(3)))
            elements.formUnion(decoded(rows.blob(2)))
            if !elements.isEmpty { result[word, default: []].formUnion(elements) }
        }
        return result
    }

    /// The elements of a list (``IDListCoding``); a damaged list fails the test.
    static func decoded(_ bytes: [UInt8]) -> Set<Int64> {
        guard let ids = IDListCoding.decode(bytes) else {
            Issue.record("a damaged word list")
            return []
        }
        return Set(ids)
    }
}

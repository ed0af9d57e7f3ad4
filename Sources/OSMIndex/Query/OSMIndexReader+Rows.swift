import Foundation
package import OSMModel
package import VenuesCore
import VenuesSQLite

/// Rows into venues: the statements, the whole or partial venue of a row, the lookup by element,
/// and the tag keys.
extension OSMIndexReader {
    /// The statement for `sql`, compiled on first use and kept: a reader kept open by the pool
    /// answers many searches, and compiling costs about what a small search does. Handed out
    /// rewound; used by one caller at a time (a reader is not shared), never nested.
    func prepared(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let statement = statements[sql] {
            statement.reset()
            return statement
        }
        let statement = try connection.prepare(sql, persistent: true)
        statements[sql] = statement
        return statement
    }

    /// The venues of the candidates, with every field, from their stored tags, and how each
    /// matches the term.
    func venues(for candidates: [Candidate], everyField: Bool) throws -> [(venue: Venue, match: VenueMatch?)] {
        let row = try venueRow()
        var result: [(venue: Venue, match: VenueMatch?)] = []
        result.reserveCapacity(candidates.count)
        // A summary decodes only the tags it reads.
        let wanted = everyField ? nil : try summaryKeys()
        for candidate in candidates.sorted(by: { $0.element < $1.element }) {
            if let venue = try venue(of: candidate, row: row, everyField: everyField, keeping: wanted) {
                result.append((venue, candidate.match))
            }
        }
        return result
    }

    /// The statement ``venue(of:row:everyField:keeping:)`` reads a venue's tags and extent with.
    func venueRow() throws -> SQLiteStatement {
        try prepared(
            "SELECT tags, min_latitude, min_longitude, max_latitude, max_longitude FROM venue WHERE element = ?"
        )
    }

    /// The candidate's venue, read with `row` (``venueRow()``), with every field or as a summary
    /// (of the tags `keeping` names); `nil` when it has no row or the mapper makes no venue of it.
    func venue(
        of candidate: Candidate,
        row: SQLiteStatement,
        everyField: Bool,
        keeping wanted: [Int]?
    ) throws -> Venue? {
        try venue(of: candidate, row: row, keeping: wanted) { kind, id, tags, extent in
            everyField
                ? mapper.venue(kind, id, candidate.coordinate, tags, extent)
                : mapper.summary(kind, id, candidate.coordinate, tags)
        }
    }

    /// What `make` makes of the candidate's row, read with `row` (``venueRow()``): its kind, id,
    /// tags (only those of `keeping`, when given) and extent.
    func venue(
        of candidate: Candidate,
        row: SQLiteStatement,
        keeping wanted: [Int]?,
        make: (OSMElement.Kind, Int64, OSMTags, BoundingBox?) -> Venue?
    ) throws -> Venue? {
        guard let (kind, id) = OSMIndexSchema.kindAndID(element: candidate.element) else { return nil }
        try row.bind(candidate.element, at: 1)
        defer { row.reset() }
        guard try row.step(), let tags = decodeTags(row, column: 0, keeping: wanted) else { return nil }
        return make(kind, id, tags, Self.extent(row, firstColumn: 1))
    }

    /// The venue with this type and id, or `nil` when the index does not have it.
    package func venue(kind: OSMElement.Kind, id: Int64) throws(OSMIndexError) -> Venue? {
        try onSnapshot { try storedVenue(kind: kind, id: id) }
    }

    func storedVenue(kind: OSMElement.Kind, id: Int64) throws(OSMIndexError) -> Venue? {
        do {
            let row = try prepared(
                """
                SELECT latitude, longitude, tags, min_latitude, min_longitude, max_latitude, max_longitude
                FROM venue WHERE element = ?
                """
            )
            try row.bind(OSMIndexSchema.element(kind: kind, id: id), at: 1)
            guard try row.step(), let coordinate = Self.coordinate(row, latitude: 0, longitude: 1),
                let tags = decodeTags(row, column: 2)
            else { return nil }
            return mapper.venue(kind, id, coordinate, tags, Self.extent(row, firstColumn: 3))
        } catch {
            throw OSMIndexError.reading(error, path: url.path)
        }
    }

    /// A way's or relation's stored extent (four INTEGER columns of 1e-7 degrees from
    /// `firstColumn`: south, west, north, east), or `nil` when it has none (nodes).
    static func extent(_ statement: SQLiteStatement, firstColumn: Int32) -> BoundingBox? {
        let columns = (firstColumn..<firstColumn + 4)
        guard columns.allSatisfy({ statement.type($0) == .integer }) else { return nil }
        let edges = columns.map { FixedPoint.degrees(Int32(truncatingIfNeeded: statement.int64($0))) }
        return try? BoundingBox(south: edges[0], west: edges[1], north: edges[2], east: edges[3])
    }

    /// A stored position: INTEGER 1e-7 degrees, or REAL degrees.
    static func coordinate(_ statement: SQLiteStatement, latitude: Int32, longitude: Int32) -> Coordinate? {
        func degrees(_ column: Int32) -> Double {
            statement.type(column) == .integer
                ? FixedPoint.degrees(Int32(truncatingIfNeeded: statement.int64(column))) : statement.double(column)
        }
        return try? Coordinate(latitude: degrees(latitude), longitude: degrees(longitude))
    }

    /// The stored tags of an element.
    func tags(of element: Int64) throws -> OSMTags {
        let row = try prepared(
            "SELECT tags, min_latitude, min_longitude, max_latitude, max_longitude FROM venue WHERE element = ?"
        )
        try row.bind(element, at: 1)
        defer { row.reset() }
        guard try row.step(), let tags = decodeTags(row, column: 0) else { return OSMTags() }
        return tags
    }

    /// The ids of the keys a summary reads, or `nil` when the mapper reads every key.
    func summaryKeys() throws -> [Int]? {
        guard let names = mapper.summaryKeys else { return nil }
        if let summaryKeyIDs { return summaryKeyIDs }
        let ids = try keyIDs(of: names)
        summaryKeyIDs = ids
        return ids
    }

    /// The ids of the mapper's ``IndexVenueMapper/hoursSummary`` keys in `tag_key`.
    func hoursSummaryKeys() throws -> [Int]? {
        guard let names = mapper.hoursSummary?.keys else { return nil }
        if let hoursSummaryKeyIDs { return hoursSummaryKeyIDs }
        let ids = try keyIDs(of: names)
        hoursSummaryKeyIDs = ids
        return ids
    }

    /// The ids in `tag_key` of those of `names` the index has.
    func keyIDs(of names: Set<String>) throws -> [Int] {
        let statement = try prepared("SELECT id FROM tag_key WHERE key = ?")
        var ids: [Int] = []
        for name in names {
            try statement.bind(name, at: 1)
            defer { statement.reset() }
            if try statement.step() { ids.append(Int(statement.int64(0))) }
        }
        return ids
    }

    /// The tags of a row's blob; with `keeping`, only the keys of those ids.
    func decodeTags(_ statement: SQLiteStatement, column: Int32, keeping: [Int]? = nil) -> OSMTags? {
        statement.withBlob(column) { bytes in
            TagCoding.decode(bytes, keeping: keeping.map { ids in { ids.contains($0) } }) { id in
                if let known = keyNames[id] { return known }
                let name = try? keyName(id)
                if let name { keyNames[id] = name }
                return name
            }
        }
    }

    func keyName(_ id: Int) throws -> String? {
        if keyQuery == nil {
            keyQuery = try prepared("SELECT key FROM tag_key WHERE id = ?")
        }
        guard let statement = keyQuery else { return nil }
        try statement.bind(id, at: 1)
        defer { statement.reset() }
        return try statement.step() ? statement.text(0) : nil
    }
}

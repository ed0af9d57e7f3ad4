package import Foundation
package import OSMModel
package import VenuesCore
import VenuesSQLite

/// An index file opened for searching (read-only: a search never writes, not even a journal).
///
/// - Nearby: the R-tree gives the venues in rectangles around the circle, which are measured
///   (the same haversine distance as everywhere else) and filtered by category. When only the
///   nearest `limit` are wanted, the rectangle starts small and grows until it holds that many
///   venues within its own radius: the nearest are then certainly among them.
/// - Text: the index's words (``IndexWords``) that each word of the term matches, typos and
///   all, and so the venues that may match the whole term: those of the term's rarest word.
///   When they are few, they are checked and measured one by one; when there are more, the
///   search goes by position and reads only their rows; when there are more still (a common
///   word), or the term has one or two letters, the search goes by position, as for nearby,
///   checking each venue's folded text.
///
/// Either way every candidate is checked exactly as a search of the OSM file checks it
/// (categories by the same tag rules, the term with ``SearchTerm`` on the same
/// ``OSMSearchText``), so both give the same venues at the same distances. In relevance order
/// the best `ranked` by match, then distance, are kept.
package final class OSMIndexReader {
    /// What to find.
    package struct Query: Sendable {
        package var center: Coordinate
        /// Metres.
        package var radius: Double
        /// The categories asked for (empty: all).
        package var categories: Set<Category>
        /// The filter built from the categories and the term.
        package var selection: OSMSelection
        /// The nearest this many are wanted (every venue at the distance of the last one too);
        /// `nil` for every venue in the circle.
        package var nearest: Int?
        /// For a text search, the best this many by how well they match the term, then by
        /// distance (``VenueQuery/rankedLimit``); `nil` for no such cut.
        package var ranked: Int?
        /// A test of single venues (opening hours): ``nearest`` and ``ranked`` then count only
        /// the venues that pass, judged nearest (or best) first until enough have passed, and
        /// the answer counts those left out on the way (``Answer/filtered``).
        package var prefilter: VenuePrefilter?
        /// Whether the venues carry every field (address, phone, links…), or only what a
        /// suggestion shows: id, name, position and categories (``OSMVenueMapper/summary(kind:id:coordinate:tags:)``).
        package var everyField = true

        package init(
            center: Coordinate,
            radius: Double,
            categories: Set<Category>,
            selection: OSMSelection,
            nearest: Int?,
            ranked: Int? = nil
        ) {
            self.center = center
            self.radius = radius
            self.categories = categories
            self.selection = selection
            self.nearest = nearest
            self.ranked = ranked
        }
    }

    /// The venues found (in no particular order) and how they were found.
    package struct Answer: Sendable {
        package var venues: [Venue]
        package var notes: [String]
        /// How each of ``venues`` matches the term, in the same order (`nil` without a term).
        package var matches: [VenueMatch?] = []
        /// The venues the query's ``Query/prefilter`` judged and left out.
        package var filtered = FilterCounts()
    }

    /// The index file.
    package let url: URL
    /// Its `meta` (read again when an update has changed the file).
    package private(set) var info: OSMIndexInfo
    private let connection: SQLiteConnection
    /// Whether the file may be written while it is read (schema 3, WAL mode: updates write it
    /// in place): each search then reads one snapshot, in a read transaction, and what the
    /// reader keeps is dropped when ``generation`` moves on. Files of earlier schemas are only
    /// ever replaced, and opened immutable.
    package let isLive: Bool
    /// meta `generation`: 0 at import, one more per update.
    private(set) var generation: Int64 = 0
    private var keyNames: [Int: String] = [:]
    private var keyQuery: SQLiteStatement?
    /// The ids of the mapper's ``IndexVenueMapper/summaryKeys`` in `tag_key` (of this
    /// generation: an update may add keys), found at the first summary.
    private var summaryKeyIDs: [Int]?
    /// The ids of the mapper's ``IndexVenueMapper/hoursSummary`` keys, as ``summaryKeyIDs``.
    private var hoursSummaryKeyIDs: [Int]?
    /// The hours of a prefiltered walk's candidates, while one runs whose prefilter reads only
    /// hours: ``check(_:row:within:of:_:)`` then reads each candidate's hours with its row.
    private var candidateHours: CandidateHours?
    /// The statements of the searches, compiled once per reader (``prepared(_:)``).
    private var statements: [String: SQLiteStatement] = [:]
    /// Whether the stored category bits and folded texts were made by this build's rules.
    private let sameRules: Bool
    private let categoryBit: [Category: Int]
    /// How rows become venues.
    private let mapper: IndexVenueMapper

    /// The most word matches read one by one, when a test sets it (to see every way of
    /// searching happen on small files); else ``directTextCandidateLimit(_:)`` decides.
    private let directTextCandidateOverride: Int?
    /// The most word matches sought through the R-tree, when a test sets it (more: every venue
    /// of the circle is checked); else ``textCandidateLimit`` and the circle's size decide.
    private let soughtTextCandidateOverride: Int?
    /// The index's words, read at the first text search.
    private var words: IndexWords?
    /// The venues of the words matched by recent searches, shared by the readers of this file
    /// that a pool keeps (``OSMIndexReaderPool``); `nil` for a reader of its own.
    var recentElements: RecentElements?
    /// The venues of recently searched circles, shared as ``recentElements`` is.
    var recentCircles: RecentCircles?
    /// The venues of the grid cells recent searches read, shared as ``recentElements`` is.
    var recentCells: RecentCells?

    /// The venues of the term's words are sought through the R-tree when there are at most this
    /// many, or no more than this many times the venues the circle is expected to hold; more
    /// are not worth collecting, and every venue of the circle is checked instead. Reading a
    /// venue's row costs about what decoding and looking up a few hundred of them does, and the
    /// average density understates a city's.
    static let textCandidateLimit = 1 << 20
    static let textCandidatesPerCircleVenue = 256.0

    /// Opens the index at `url`.
    ///
    /// Throws ``OSMIndexError/notFound(path:)`` when there is no file, ``OSMIndexError/notAnIndex(path:reason:)``
    /// for a file that is not one (not SQLite, another program's database), ``OSMIndexError/damaged(path:reason:)``
    /// for an index SQLite finds malformed or cut short, and
    /// ``OSMIndexError/newerSchema(path:version:)`` for an index of a newer venues.
    /// `directTextCandidates` and `soughtTextCandidates` are for tests: the most venues of a
    /// term's words whose rows are read one by one, and the most sought through the R-tree,
    /// instead of numbers made from the circle's size (so that every way of searching happens on
    /// a small file).
    package init(
        url: URL,
        directTextCandidates: Int? = nil,
        soughtTextCandidates: Int? = nil,
        mapper: IndexVenueMapper = .openStreetMap,
        immutable: Bool? = nil
    ) throws(OSMIndexError) {
        self.url = url
        self.mapper = mapper
        self.directTextCandidateOverride = directTextCandidates
        self.soughtTextCandidateOverride = soughtTextCandidates
        let path = url.path
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw .notFound(path: path) }
            throw .notAnIndex(path: path, reason: String(cString: strerror(errno)))
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw .notAnIndex(path: path, reason: "not a regular file")
        }
        let meta: [String: OSMIndexInfo.MetaValue]
        let version: Int64
        var live = !(immutable ?? !Self.isWriteAheadLog(path: path))
        do {
            let applicationID: Int64?
            (connection, applicationID, live) = try Self.openConnection(path: path, live: live)
            guard applicationID == OSMIndexSchema.applicationID else {
                throw OSMIndexError.notAnIndex(path: path, reason: "an SQLite database of another program")
            }
            version = try connection.integer("PRAGMA user_version") ?? 0
            guard version <= OSMIndexSchema.version else {
                throw OSMIndexError.newerSchema(path: path, version: version)
            }
            guard version >= OSMIndexSchema.version else {
                guard version >= 1 else {
                    throw OSMIndexError.notAnIndex(path: path, reason: "unknown schema version \(version)")
                }
                throw OSMIndexError.olderSchema(path: path, version: version)
            }
            meta = try Self.readMeta(connection)
        } catch let error as OSMIndexError {
            throw error
        } catch let error as SQLiteError {
            throw OSMIndexError.reading(error, path: path, reason: "cannot open it")
        } catch {
            throw .notAnIndex(path: path, reason: "\(error)")
        }
        isLive = live
        info = OSMIndexInfo(
            name: Self.name(of: url),
            url: url,
            fileBytes: Int(status.st_size),
            schemaVersion: version,
            meta: meta
        )
        generation = info.generation
        sameRules = info.venueRules == VenueRules.fingerprint
        var bits: [Category: Int] = [:]
        for (bit, name) in info.categoryBits.enumerated() {
            if let category = Category(rawValue: name) { bits[category] = bit }
        }
        categoryBit = bits
    }

    /// Opens the file read-only — immutable unless `live` — and reads its application id.
    /// A live (WAL) file in a folder this process cannot write (a read-only copy on a server)
    /// has no `-shm` to share (SQLite says CANTOPEN or READONLY): nobody can update it there
    /// either, and it is opened immutable (the last value `false`).
    private static func openConnection(
        path: String,
        live: Bool
    ) throws(SQLiteError) -> (SQLiteConnection, Int64?, Bool) {
        let connection = try SQLiteConnection(path: path, access: .readOnly, immutable: !live)
        do {
            // A WAL reader waits its turn rather than failing "database is locked": the first
            // readers of a file build its shared index (-shm) under an exclusive lock, and an
            // update's checkpoint holds locks for a moment.
            if live { try connection.execute("PRAGMA busy_timeout = 10000") }
            return (connection, try connection.integer("PRAGMA application_id"), live)
        } catch {
            let primary = error.code & 0xFF
            guard live, primary == 14 || primary == 8 else { throw error }
        }
        let immutable = try SQLiteConnection(path: path, access: .readOnly, immutable: true)
        return (immutable, try immutable.integer("PRAGMA application_id"), false)
    }

    /// Every `meta` entry.
    private static func readMeta(_ connection: SQLiteConnection) throws(SQLiteError) -> [String: OSMIndexInfo.MetaValue]
    {
        var values: [String: OSMIndexInfo.MetaValue] = [:]
        let rows = try connection.prepare("SELECT key, value FROM meta")
        while try rows.step() {
            guard let key = rows.text(0) else { continue }
            switch rows.type(1) {
            case .integer: values[key] = .integer(rows.int64(1))
            case .float: values[key] = .real(rows.double(1))
            case .text, .blob: values[key] = rows.text(1).map { .text($0) }
            case .null: break
            }
        }
        return values
    }

    /// Whether the SQLite file at `path` is in WAL mode (its header's read and write versions
    /// are 2), read from the header without opening it as a database.
    static func isWriteAheadLog(path: String) -> Bool {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var versions: (UInt8, UInt8) = (0, 0)
        let count = withUnsafeMutableBytes(of: &versions) { pread(descriptor, $0.baseAddress, 2, 18) }
        return count == 2 && versions.0 == 2 && versions.1 == 2
    }

    /// Runs `body` on one snapshot of the file: for a live file, in a read transaction, after
    /// dropping what was kept from an older generation. Its errors become ``OSMIndexError``s
    /// naming the file.
    private func onSnapshot<T>(_ body: () throws -> T) throws(OSMIndexError) -> T {
        do {
            return try onSnapshotUnmapped(body)
        } catch let error as OSMIndexError {
            throw error
        } catch let error as SQLiteError {
            throw OSMIndexError.reading(error, path: url.path)
        } catch {
            throw .notAnIndex(path: url.path, reason: "\(error)")
        }
    }

    private func onSnapshotUnmapped<T>(_ body: () throws -> T) throws -> T {
        guard isLive else { return try body() }
        try connection.execute("BEGIN")
        defer {
            // A statement stepped but not reset would keep the snapshot (and hold back checkpoints).
            for statement in statements.values { statement.reset() }
            try? connection.execute("COMMIT")
        }
        let statement = try prepared("SELECT value FROM meta WHERE key = 'generation'")
        let current = try statement.step() ? statement.int64(0) : 0
        statement.reset()
        if current != generation {
            info = OSMIndexInfo(
                name: info.name,
                url: url,
                fileBytes: info.fileBytes,
                schemaVersion: info.schemaVersion,
                meta: try Self.readMeta(connection)
            )
            generation = current
            words = nil
            summaryKeyIDs = nil
            hoursSummaryKeyIDs = nil
        }
        return try body()
    }

    /// An index's name: its file name without `.sqlite`.
    package static func name(of url: URL) -> String {
        let file = url.lastPathComponent
        let suffix = "." + OSMIndexFiles.fileExtension
        return file.hasSuffix(suffix) ? String(file.dropLast(suffix.count)) : file
    }

    /// Entries in the position R-tree.
    func positionCount() throws(OSMIndexError) -> Int {
        do {
            return Int(try connection.integer("SELECT count(*) FROM venue_position_rowid") ?? 0)
        } catch {
            throw OSMIndexError.reading(error, path: url.path, reason: "cannot count its venues")
        }
    }

    // MARK: Searching

    /// The venues of the query (see the type's description).
    package func search(_ query: Query, cancellation: CancellationFlag? = nil) throws(OSMIndexError) -> Answer {
        try onSnapshot { try run(query, cancellation: cancellation) }
    }

    /// A candidate: its element, position, distance and how it matches the term.
    private struct Candidate {
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

    private func run(_ query: Query, cancellation: CancellationFlag?) throws -> Answer {
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
    private func candidates(
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

    /// The nearest ``Query/nearest`` (or best ``Query/ranked``) venues that pass `prefilter`:
    /// the candidates are judged in that order until enough have passed (with every venue at
    /// the distance of the last one), so the circle's thousands are not all read. When the
    /// candidates of a smaller circle run out first, the circle grows by the share that passed.
    private func prefiltered(
        _ query: Query,
        _ prefilter: VenuePrefilter,
        cancellation: CancellationFlag?
    ) throws -> Answer {
        let wanted = max(1, query.ranked ?? query.nearest ?? 1)
        let row = try venueRow()
        let summaryKeys = query.everyField ? nil : try summaryKeys()
        // A prefilter that reads only hours judges a venue made of its id, name, position and
        // hours; the rest of the row is read for the venues it keeps.
        let hoursSummary =
            prefilter.readsHoursOnly
            ? try mapper.hoursSummary.map { (make: $0.make, keys: try hoursSummaryKeys()) } : nil
        // The candidates' hours are read with the rows they are checked with, and each
        // candidate is judged as a stand-in with its hours at its position (all such a
        // prefilter reads): the rows of the venues it leaves out are never decoded.
        if hoursSummary != nil, let keyID = try keyIDs(of: ["opening_hours"]).first {
            candidateHours = CandidateHours(keyID: keyID)
        }
        defer { candidateHours = nil }
        // Each venue is read and judged once, whatever the rounds.
        var judged: [Int64: Judgement] = [:]
        // The whole venues of those kept (few: they are the answer).
        var keptVenues: [Int64: Venue] = [:]
        var round = query
        while true {
            let (found, notes, complete) = try candidates(round, cancellation: cancellation)
            let ordered =
                query.ranked == nil
                ? found.sorted { $0.distance != $1.distance ? $0.distance < $1.distance : $0.element < $1.element }
                : found.sorted(by: Self.ranksBefore)
            var kept: [(venue: Venue, match: VenueMatch?)] = []
            var counts = FilterCounts()
            var cut: Double?
            for (index, candidate) in ordered.enumerated() {
                if index & 0xFF == 0, cancellation?.isCancelled == true { throw OSMIndexError.cancelled }
                if kept.count >= wanted {
                    // Nearest first, every venue at the distance of the last one stays too.
                    guard query.ranked == nil, let cut, candidate.distance <= cut else { break }
                }
                let decided: Judgement
                if let known = judged[candidate.element] {
                    decided = known
                } else {
                    if judged.isEmpty { judged.reserveCapacity(ordered.count) }
                    let (judgement, whole) = try judge(
                        candidate,
                        by: prefilter,
                        row: row,
                        everyField: query.everyField,
                        summaryKeys: summaryKeys,
                        hoursSummary: hoursSummary
                    )
                    decided = judgement
                    judged[candidate.element] = decided
                    keptVenues[candidate.element] = whole
                }
                switch decided {
                case .kept:
                    guard let venue = keptVenues[candidate.element] else { continue }
                    kept.append((venue, candidate.match))
                    if kept.count == wanted { cut = candidate.distance }
                case .leftOut(.leftOutUnknown): counts.unknown += 1
                case .leftOut: counts.leftOut += 1
                case .noVenue: continue
                }
            }
            guard kept.count < wanted, !complete, let asked = round.nearest else {
                var answer = Answer(venues: kept.map(\.venue), notes: notes, matches: kept.map(\.match))
                answer.filtered = counts
                var note =
                    "index \(info.name): \(judged.count) venue(s) judged by \(prefilter.identity), \(kept.count) kept"
                if let candidateHours {
                    note +=
                        " (\(candidateHours.judgedWithHours) by their hours read with the candidates: \(candidateHours.distinctValues) distinct value(s))"
                }
                answer.notes.append(note)
                return answer
            }
            // Too few passed among the nearest: ask for as many more as the share that passed
            // suggests (at least twice as many).
            let share = Double(max(1, kept.count)) / Double(max(1, ordered.count))
            round.nearest = max(asked * 2, Int((Double(wanted) / share * 1.25).rounded(.up)))
        }
    }

    /// What a prefiltered walk decided of a venue: kept, left out (and why), or no venue at all
    /// (the mapper makes none of its row).
    private enum Judgement {
        case kept
        case leftOut(FilterVerdict)
        case noVenue
    }

    /// Judges one candidate by `prefilter`, and reads the whole venue (with `row`) only when it
    /// is kept (then returned beside the judgement). With `hoursSummary` (a prefilter that reads
    /// only hours, and the mapper's hours summary with the ids of its keys), the candidate is
    /// judged as the stand-in of its hours (``CandidateHours``) when they were read with it,
    /// else as the summary of its row.
    private func judge(
        _ candidate: Candidate,
        by prefilter: VenuePrefilter,
        row: SQLiteStatement,
        everyField: Bool,
        summaryKeys: [Int]?,
        hoursSummary: (make: (OSMElement.Kind, Int64, Coordinate, OSMTags) -> Venue?, keys: [Int]?)?
    ) throws -> (Judgement, Venue?) {
        let verdict: FilterVerdict
        if let hoursSummary, candidate.hours != CandidateHours.unread,
            let standInVerdict = candidateHours?.verdict(
                for: candidate.hours,
                element: candidate.element,
                at: candidate.coordinate,
                make: hoursSummary.make,
                judge: prefilter.verdict
            )
        {
            verdict = standInVerdict
        } else if let hoursSummary {
            let light = try venue(of: candidate, row: row, keeping: hoursSummary.keys) { kind, id, tags, _ in
                hoursSummary.make(kind, id, candidate.coordinate, tags)
            }
            guard let light else { return (.noVenue, nil) }
            verdict = prefilter.verdict(light)
        } else {
            guard let whole = try venue(of: candidate, row: row, everyField: everyField, keeping: summaryKeys) else {
                return (.noVenue, nil)
            }
            verdict = prefilter.verdict(whole)
            return verdict == .kept ? (.kept, whole) : (.leftOut(verdict), nil)
        }
        guard verdict == .kept else { return (.leftOut(verdict), nil) }
        guard let whole = try venue(of: candidate, row: row, everyField: everyField, keeping: summaryKeys) else {
            return (.noVenue, nil)
        }
        return (.kept, whole)
    }

    /// Relevance order: the better match, then the nearer, then the element.
    private static func ranksBefore(_ lhs: Candidate, _ rhs: Candidate) -> Bool {
        if let first = VenueMatch.ranksFirst(lhs.match, rhs.match) { return first }
        if lhs.distance != rhs.distance { return lhs.distance < rhs.distance }
        return lhs.element < rhs.element
    }

    /// The statement for `sql`, compiled on first use and kept: a reader kept open by the pool
    /// answers many searches, and compiling costs about what a small search does. Handed out
    /// rewound; used by one caller at a time (a reader is not shared), never nested.
    private func prepared(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let statement = statements[sql] {
            statement.reset()
            return statement
        }
        let statement = try connection.prepare(sql, persistent: true)
        statements[sql] = statement
        return statement
    }

    /// The index's words, read once.
    private func indexWords() throws -> IndexWords {
        if let words { return words }
        let loaded = try IndexWords(connection: connection)
        words = loaded
        return loaded
    }

    /// The term's rarest word: the one whose matching index words (`ids`) have the fewest
    /// venues (`venues`, counted with repeats). Every venue that matches the whole term has one
    /// of those words.
    private func rarestWord(of term: SearchTerm, in words: IndexWords) throws -> (ids: [Int], venues: Int, index: Int) {
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
    private func directTextCandidateLimit(_ query: Query) -> Int {
        directTextCandidateOverride ?? max(256, Int(min(expectedVenues(within: query.radius) / 4, 1e7)))
    }

    /// The candidates among the venues of a term's words: their rows read one by one.
    private func textCandidates(_ elements: [Int64], query: Query, filter: CandidateFilter) throws -> [Candidate] {
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
    private func candidateRow() throws -> SQLiteStatement {
        try prepared(
            candidateHours == nil
                ? "SELECT latitude, longitude, categories, search FROM venue WHERE element = ?"
                : "SELECT latitude, longitude, categories, search, tags FROM venue WHERE element = ?"
        )
    }

    /// The venue `element` as a candidate, read with `row` (``candidateRow()``), when it lies
    /// within `radius` of the query's centre, and whether `filter` accepts it; `nil` when it
    /// lies farther or has no row.
    private func check(
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

    /// Candidates from the R-tree: every accepted venue within the radius, or — when only the
    /// nearest are wanted — within a smaller radius that holds enough of them.
    ///
    /// The R-tree's own position (1e-7 degrees, rounded: within a centimetre) rules out what lies
    /// outside the circle before the venue's row is read; a venue inside one round's circle is
    /// decided once, not again in the wider rounds after it. With `among`, only those venues'
    /// rows are read.
    private func spatialCandidates(
        query: Query,
        filter: CandidateFilter,
        among allowed: SortedElements?,
        cancellation: CancellationFlag?
    ) throws -> (candidates: [Candidate], rounds: Int, radius: Double) {
        let row = try candidateRow()
        var radius = query.radius
        if let nearest = query.nearest { radius = min(query.radius, initialRadius(for: nearest)) }
        var rounds = 0
        // Venues inside an earlier round's circle, accepted or not.
        var decided = Set<Int64>()
        var found: [Candidate] = []
        // One round among a word's venues, with a pool's cells: the venues of the cells that
        // cover a small circle, or else the circle's own venues, from there.
        if let allowed, query.nearest == nil, let recentCells,
            let cells = PositionCell.cells(
                covering: CircleBox.boxes(around: query.center, radius: radius),
                generation: generation
            )
        {
            let reach = radius + 1
            for key in cells {
                if cancellation?.isCancelled == true { throw OSMIndexError.cancelled }
                let cell = try recentCells.list(for: key) { try cellVenues(key) }
                try allowed.forEachCommon(with: cell.elements) { index in
                    // The R-tree's position rules out what lies outside before the row is read.
                    if let approximate = try? Coordinate(
                        latitude: FixedPoint.degrees(cell.latitudes[index]),
                        longitude: FixedPoint.degrees(cell.longitudes[index])
                    ), approximate.distance(to: query.center) > reach {
                        return
                    }
                    guard
                        let (candidate, accepted) = try check(
                            cell.elements[index],
                            row: row,
                            within: radius,
                            of: query,
                            filter
                        )
                    else { return }
                    if accepted { found.append(candidate) }
                }
            }
            return (found, 1, radius)
        }
        if let allowed, query.nearest == nil, let recentCircles {
            let key = CircleKey(
                generation: generation,
                latitude: query.center.latitude,
                longitude: query.center.longitude,
                radius: radius
            )
            let circle = try recentCircles.list(for: key) {
                var elements: [Int64] = []
                try forEachVenue(
                    within: radius,
                    of: query.center,
                    cancellation: cancellation,
                    body: { elements.append($0) }
                )
                // In id order: checked against a word's venues in one pass (``SortedElements/common(with:)``).
                return elements.sorted()
            }
            for (index, element) in allowed.common(with: circle).enumerated() {
                if index & 0x3FF == 0, cancellation?.isCancelled == true { throw OSMIndexError.cancelled }
                guard let (candidate, accepted) = try check(element, row: row, within: radius, of: query, filter)
                else { continue }
                if accepted { found.append(candidate) }
            }
            return (found, 1, radius)
        }
        while true {
            rounds += 1
            let round = rounds
            try forEachVenue(
                within: radius,
                of: query.center,
                cancellation: cancellation,
                where: { element in (round == 1 || !decided.contains(element)) && (allowed?.contains(element) ?? true)
                },
                body: { element in
                    guard let (candidate, accepted) = try check(element, row: row, within: radius, of: query, filter)
                    else { return }
                    // Only a later, wider round needs to know what this one decided.
                    if query.nearest != nil { decided.insert(element) }
                    if accepted { found.append(candidate) }
                }
            )
            guard let nearest = query.nearest, found.count < nearest, radius < query.radius else {
                return (found, rounds, radius)
            }
            // Too few within this radius: widen it (by the density seen, at least twice).
            let growth = found.isEmpty ? 4 : max(2, (Double(nearest) / Double(found.count)).squareRoot() * 1.2)
            radius = min(query.radius, radius * growth)
        }
    }

    /// The venues the R-tree places in `cell`.
    private func cellVenues(_ cell: PositionCell) throws -> CellVenues {
        let bounds = cell.bounds
        let positions = try positions(
            south: bounds.minLatitude,
            north: bounds.maxLatitude,
            west: bounds.minLongitude,
            east: bounds.maxLongitude
        )
        defer { positions.reset() }
        var rows: [(element: Int64, latitude: Int32, longitude: Int32)] = []
        while try positions.step() {
            rows.append(
                (
                    positions.int64(0), Int32(truncatingIfNeeded: positions.int64(1)),
                    Int32(truncatingIfNeeded: positions.int64(2))
                )
            )
        }
        return CellVenues(unordered: rows)
    }

    /// The statement that steps through the venues whose position lies in a rectangle (1e-7
    /// degrees, inclusive), each row its element and position; reset it when done.
    private func positions(south: Int64, north: Int64, west: Int64, east: Int64) throws -> SQLiteStatement {
        let positions = try prepared(
            """
            SELECT element, min_latitude, min_longitude FROM venue_position
            WHERE max_latitude >= ?1 AND min_latitude <= ?2 AND max_longitude >= ?3 AND min_longitude <= ?4
            """
        )
        try positions.bind(south, at: 1)
        try positions.bind(north, at: 2)
        try positions.bind(west, at: 3)
        try positions.bind(east, at: 4)
        return positions
    }

    /// Calls `body` with every venue the R-tree places within `radius` of `center` (its positions
    /// are rounded to a centimetre: a metre more is allowed) that `wanted` accepts; `wanted` is
    /// asked first, as it costs less than a distance.
    private func forEachVenue(
        within radius: Double,
        of center: Coordinate,
        cancellation: CancellationFlag?,
        where wanted: (Int64) -> Bool = { _ in true },
        body: (Int64) throws -> Void
    ) throws {
        let reach = radius + 1
        for box in CircleBox.boxes(around: center, radius: radius) {
            let positions = try positions(
                south: Int64(box.minLatitude),
                north: Int64(box.maxLatitude),
                west: Int64(box.minLongitude),
                east: Int64(box.maxLongitude)
            )
            defer { positions.reset() }
            var rows = 0
            while try positions.step() {
                rows += 1
                if rows & 0x3FF == 0, cancellation?.isCancelled == true { throw OSMIndexError.cancelled }
                let element = positions.int64(0)
                guard wanted(element) else { continue }
                if let approximate = try? Coordinate(
                    latitude: Double(positions.int64(1)) / 1e7,
                    longitude: Double(positions.int64(2)) / 1e7
                ), approximate.distance(to: center) > reach {
                    continue
                }
                try body(element)
            }
        }
    }

    /// A first radius likely to hold `count` venues, from the index's average density (at least
    /// 100 m).
    private func initialRadius(for count: Int) -> Double {
        guard let density = averageDensity, density > 0 else { return 100 }
        return max(100, (Double(count) * 2 / (.pi * density)).squareRoot())
    }

    /// How many venues a circle of this radius holds at the index's average density.
    private func expectedVenues(within radius: Double) -> Double {
        (averageDensity ?? 0) * .pi * radius * radius
    }

    /// Venues per square metre over the index's bounds.
    private var averageDensity: Double? {
        guard let bounds = info.bounds, info.venues > 0 else { return nil }
        let metresPerDegree = Coordinate.earthRadius * .pi / 180
        let middle = (bounds.minLatitude + bounds.maxLatitude) / 2 * .pi / 180
        let area =
            max(1e-9, bounds.maxLatitude - bounds.minLatitude) * metresPerDegree
            * max(1e-9, bounds.maxLongitude - bounds.minLongitude) * metresPerDegree * cos(middle)
        return Double(info.venues) / max(area, 1)
    }

    /// The venues of the candidates, with every field, from their stored tags, and how each
    /// matches the term.
    private func venues(for candidates: [Candidate], everyField: Bool) throws -> [(venue: Venue, match: VenueMatch?)] {
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
    private func venueRow() throws -> SQLiteStatement {
        try prepared(
            "SELECT tags, min_latitude, min_longitude, max_latitude, max_longitude FROM venue WHERE element = ?"
        )
    }

    /// The candidate's venue, read with `row` (``venueRow()``), with every field or as a summary
    /// (of the tags `keeping` names); `nil` when it has no row or the mapper makes no venue of it.
    private func venue(
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
    private func venue(
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

    // MARK: Lookup

    /// The venue with this type and id, or `nil` when the index does not have it.
    package func venue(kind: OSMElement.Kind, id: Int64) throws(OSMIndexError) -> Venue? {
        try onSnapshot { try storedVenue(kind: kind, id: id) }
    }

    private func storedVenue(kind: OSMElement.Kind, id: Int64) throws(OSMIndexError) -> Venue? {
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

    // MARK: Rows

    /// A way's or relation's stored extent (four INTEGER columns of 1e-7 degrees from
    /// `firstColumn`: south, west, north, east), or `nil` when it has none (nodes).
    private static func extent(_ statement: SQLiteStatement, firstColumn: Int32) -> BoundingBox? {
        let columns = (firstColumn..<firstColumn + 4)
        guard columns.allSatisfy({ statement.type($0) == .integer }) else { return nil }
        let edges = columns.map { FixedPoint.degrees(Int32(truncatingIfNeeded: statement.int64($0))) }
        return try? BoundingBox(south: edges[0], west: edges[1], north: edges[2], east: edges[3])
    }

    /// A stored position: INTEGER 1e-7 degrees, or REAL degrees.
    private static func coordinate(_ statement: SQLiteStatement, latitude: Int32, longitude: Int32) -> Coordinate? {
        func degrees(_ column: Int32) -> Double {
            statement.type(column) == .integer
                ? FixedPoint.degrees(Int32(truncatingIfNeeded: statement.int64(column))) : statement.double(column)
        }
        return try? Coordinate(latitude: degrees(latitude), longitude: degrees(longitude))
    }

    /// The stored tags of an element.
    fileprivate func tags(of element: Int64) throws -> OSMTags {
        let row = try prepared(
            "SELECT tags, min_latitude, min_longitude, max_latitude, max_longitude FROM venue WHERE element = ?"
        )
        try row.bind(element, at: 1)
        defer { row.reset() }
        guard try row.step(), let tags = decodeTags(row, column: 0) else { return OSMTags() }
        return tags
    }

    /// The ids of the keys a summary reads, or `nil` when the mapper reads every key.
    private func summaryKeys() throws -> [Int]? {
        guard let names = mapper.summaryKeys else { return nil }
        if let summaryKeyIDs { return summaryKeyIDs }
        let ids = try keyIDs(of: names)
        summaryKeyIDs = ids
        return ids
    }

    /// The ids of the mapper's ``IndexVenueMapper/hoursSummary`` keys in `tag_key`.
    private func hoursSummaryKeys() throws -> [Int]? {
        guard let names = mapper.hoursSummary?.keys else { return nil }
        if let hoursSummaryKeyIDs { return hoursSummaryKeyIDs }
        let ids = try keyIDs(of: names)
        hoursSummaryKeyIDs = ids
        return ids
    }

    /// The ids in `tag_key` of those of `names` the index has.
    private func keyIDs(of names: Set<String>) throws -> [Int] {
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
    private func decodeTags(_ statement: SQLiteStatement, column: Int32, keeping: [Int]? = nil) -> OSMTags? {
        statement.withBlob(column) { bytes in
            TagCoding.decode(bytes, keeping: keeping.map { ids in { ids.contains($0) } }) { id in
                if let known = keyNames[id] { return known }
                let name = try? keyName(id)
                if let name { keyNames[id] = name }
                return name
            }
        }
    }

    private func keyName(_ id: Int) throws -> String? {
        if keyQuery == nil {
            keyQuery = try prepared("SELECT key FROM tag_key WHERE id = ?")
        }
        guard let statement = keyQuery else { return nil }
        try statement.bind(id, at: 1)
        defer { statement.reset() }
        return try statement.step() ? statement.text(0) : nil
    }
}

@available(*, unavailable)
extension OSMIndexReader: Sendable {}

/// Whether a stored venue passes the query's categories and term, and how it matches the term,
/// decided as a search of the OSM file decides it: from the stored category bits and search text
/// when the index was built with this build's rules, else from its stored tags.
private struct CandidateFilter {
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

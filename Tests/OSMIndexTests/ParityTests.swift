import Foundation
import OSMIndex
import OSMModel
import OverpassProvider
import Testing
import VenuesCore
import VenuesTestSupport

/// The index and the scan of the same file return the same venues at the same distances, for
/// random circles, terms and categories, on the bundled extract and on a generated larger one.
@Suite("OSM index: same answers as the scan", .timeLimit(.minutes(10)))
struct ParityTests {
    /// Terms: pieces of real names (all lengths, any case), accented and unaccented forms,
    /// one- and two-letter terms, regex and quoting characters, other scripts.
    static func terms(from oracle: ScanOracle, count: Int, using generator: inout SeededGenerator) -> [String] {
        var terms = [
            "a", "ä", "Ö", "k", "ca", "Ca", "é", "café", "CAFE", "Cafe", "kahvila", "ravintola", "pizza", "sushi",
            ".*", "(", "[a", "\\", "^", "$", "a|b", "+", "?", "'", "\"", "&", "& ", "Bar & Grill", "寿司", "Москва",
            "ø", "oe", "ß", "İ", "e\u{301}", "x", "zzzz not a name",
        ]
        let names = oracle.entries.map(\.venue.name)
        while terms.count < count {
            let name = Array(names[Int.random(in: 0..<names.count, using: &generator)])
            let length = Int.random(in: 1...min(8, name.count), using: &generator)
            let start = Int.random(in: 0...(name.count - length), using: &generator)
            var piece = String(name[start..<start + length]).trimmingCharacters(in: .whitespaces)
            if piece.isEmpty { continue }
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: piece = piece.uppercased()
            case 1: piece = piece.lowercased()
            default: break
            }
            terms.append(piece)
        }
        return terms
    }

    /// One query of the comparison, with the scan's answer.
    struct Case: Sendable {
        var query: VenueQuery
        var expected: [Answer]
    }

    /// 200 random circles (nearby: every venue, the nearest 50, or a category) and 100 terms, each
    /// in a random circle, sometimes with categories and the nearest 50; with what the scan
    /// answers. Computed off the cooperative pool: it is a few seconds of work in a debug build.
    static func cases(osm: URL, bounds: OSMBounds, seed: UInt64) async throws -> [Case] {
        let oracle = try await ScanOracle.load(osm, around: IndexTest.helsinki)
        return try await offCooperativePool {
            var generator = SeededGenerator(state: seed)
            func randomCentre() throws -> Coordinate {
                try Coordinate(
                    latitude: Double.random(in: bounds.minLatitude...bounds.maxLatitude, using: &generator),
                    longitude: Double.random(in: bounds.minLongitude...bounds.maxLongitude, using: &generator)
                )
            }
            func randomRadius() -> Int { Int(exp(Double.random(in: log(50.0)...log(5000.0), using: &generator))) }
            var cases: [Case] = []
            for round in 0..<200 {
                let query = VenueQuery(
                    center: try randomCentre(),
                    radius: randomRadius(),
                    categories: round % 4 == 3 ? [Category.allCases.randomElement(using: &generator)!] : [],
                    limit: round % 8 == 0 ? 100_000 : 50
                )
                cases.append(Case(query: query, expected: try oracle.answer(query)))
            }
            for (round, term) in terms(from: oracle, count: 100, using: &generator).enumerated() {
                let query = VenueQuery(
                    center: try randomCentre(),
                    radius: randomRadius() * 2,
                    term: term,
                    categories: round % 5 == 4 ? [.restaurant, .shop] : [],
                    limit: round % 2 == 0 ? 50 : 100_000
                )
                cases.append(Case(query: query, expected: try oracle.answer(query)))
            }
            return cases
        }
    }

    /// Checks the cases; returns how the index answered the searches by a term (the kinds of
    /// ``TextPath``), from its notes.
    @discardableResult
    func checkParity(osm: URL, index: URL, seed: UInt64) async throws -> Set<TextPath> {
        let bounds = try OSMIndexReader(url: index).info.bounds!
        let cases = try await Self.cases(osm: osm, bounds: bounds, seed: seed)
        #expect(cases.count == 300)
        #expect(cases.filter { !$0.expected.isEmpty }.count > 150, "most queries find something")
        let provider = IndexTest.provider(.index(index))
        var paths = Set<TextPath>()
        for item in cases {
            let response = try await provider.run(item.query)
            if item.query.term != nil, let path = TextPath(notes: response.notes) { paths.insert(path) }
            #expect(response.source?.hasPrefix("index:") == true)
            let center = item.query.center!
            let difference = Answer.difference(Answer.of(response.venues, center: center), item.expected)
            #expect(
                difference == nil,
                "\(item.query.term.map { "search \($0.debugDescription)" } ?? "nearby") \(center) \(item.query.radius) m \(item.query.categories) limit \(item.query.limit): \(difference ?? "")"
            )
        }
        return paths
    }

    /// How a search by a term went, as the index's notes say.
    enum TextPath: Hashable {
        /// The venues of the term's words, each row read.
        case wordRows
        /// The venues of the term's words, found through the R-tree.
        case wordsByPosition
        /// Every venue of the circle checked (a short or common term).
        case everyVenueByPosition

        init?(notes: [String]) {
            if notes.contains(where: { $0.contains("with a word matching") && $0.contains("sought by position") }) {
                self = .wordsByPosition
            } else if notes.contains(where: { $0.contains("with a word matching") && $0.contains("read one by one") }) {
                self = .wordRows
            } else if notes.contains(where: { $0.contains("from the R-tree") }) {
                self = .everyVenueByPosition
            } else {
                return nil
            }
        }
    }

    @Test func theBundledExtract() async throws {
        try await checkParity(osm: IndexTest.sampleFile, index: try await IndexTest.sampleIndex.value, seed: 12)
    }

    @Test func aGeneratedLargerExtract() async throws {
        let files = try await IndexTest.largerFiles.value
        let paths = try await checkParity(osm: files.osm, index: files.index, seed: 34)
        #expect(paths.isSuperset(of: [.wordRows, .everyVenueByPosition]), "every way of searching by a term")
    }

    /// The venues of a term's words sought through the R-tree are the venues found by reading
    /// each one's row: the same 100 searches with every match read, and with as many as possible
    /// sought by position (the third way, checking every venue of the circle, is compared with
    /// the scan above).
    @Test func wordMatchesSoughtByPositionAreThoseReadOneByOne() async throws {
        let files = try await IndexTest.largerFiles.value
        let reading = try OSMIndexReader(url: files.index, directTextCandidates: Int.max)
        let seeking = try OSMIndexReader(url: files.index, directTextCandidates: 0)
        let bounds = reading.info.bounds!
        let oracle = try await ScanOracle.load(files.osm, around: IndexTest.helsinki)
        var generator = SeededGenerator(state: 56)
        var sought = 0
        for (round, term) in Self.terms(from: oracle, count: 100, using: &generator).enumerated() {
            guard let selection = try? OSMSelection(categories: round % 5 == 4 ? [.restaurant] : [], term: term) else {
                continue
            }
            let query = OSMIndexReader.Query(
                center: try Coordinate(
                    latitude: Double.random(in: bounds.minLatitude...bounds.maxLatitude, using: &generator),
                    longitude: Double.random(in: bounds.minLongitude...bounds.maxLongitude, using: &generator)
                ),
                radius: Double.random(in: 50...1_500, using: &generator),
                categories: round % 5 == 4 ? [.restaurant] : [],
                selection: selection,
                nearest: round % 2 == 0 ? 20 : nil
            )
            let read = try reading.search(query)
            let found = try seeking.search(query)
            if TextPath(notes: found.notes) == .wordsByPosition { sought += 1 }
            #expect(
                Set(found.venues.map(\.id)) == Set(read.venues.map(\.id)),
                "search \(term.debugDescription) \(query.center) \(Int(query.radius)) m: \(found.notes) vs \(read.notes)"
            )
        }
        #expect(sought > 20, "searches sought by position: \(sought)")
    }

    /// The oracle is the scan: for a sample of queries, the real scan of the file gives the same
    /// answer as the index.
    @Test(
        arguments: [
            (500, nil, Set<Category>(), 50), (2000, "kahvila", [], 100_000), (300, nil, [.cafe, .bar], 100_000),
            (4000, "Café", [], 20),
        ] as [(Int, String?, Set<Category>, Int)]
    )
    func theIndexAnswersAsTheScanItself(radius: Int, term: String?, categories: Set<Category>, limit: Int) async throws
    {
        let index = try await IndexTest.sampleIndex.value
        let query = VenueQuery(
            center: IndexTest.helsinki,
            radius: radius,
            term: term,
            categories: categories,
            limit: limit
        )
        let scan = try await IndexTest.provider(.file(IndexTest.sampleFile)).run(query)
        let indexed = try await IndexTest.provider(.index(index)).run(query)
        #expect(!scan.venues.isEmpty)
        #expect(
            Answer.of(indexed.venues, center: IndexTest.helsinki) == Answer.of(scan.venues, center: IndexTest.helsinki)
        )
        #expect(indexed.venues == scan.venues, "every field of every venue")
        #expect(scan.source == "file" && indexed.source == "index:helsinki-centre")
    }
}

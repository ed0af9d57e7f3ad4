import Foundation
import Testing
import VenuesCore
import VenuesHTTP
import VenuesTestSupport

@testable import OverpassProvider

/// A text search on a remote Overpass server forgives as a local file does: against a fake
/// server that reads the QL sent and answers from the bundled extract, a typo, words in another
/// order and a word left out find the same venues in the same order as the extract file; past
/// the bound, or when the server refuses, the answer says why venues may be missing.
// Serialized: each test streams the 10 MB extract and the fake reads it, enough work on two
// cores to slow the loopback servers of other suites when the six cases run at once.
@Suite("Overpass remote search: typos and word order", .serialized, .timeLimit(.minutes(5)))
struct RemoteForgivingSearchTests {
    /// Every request's deadline: generous, none of these tests is about time.
    static let deadline: Double = 45

    let file = OverpassProvider(
        configuration: .init(endpoint: .file(OverpassTest.sampleFile)),
        httpClient: FailingHTTPClient()
    )

    func remote(
        _ fake: OverpassExtractServer,
        bound: OverpassProvider.Configuration.ForgivingBound = .standard
    ) -> OverpassProvider {
        OverpassProvider(
            configuration: .init(endpoint: .remote(fake.url), forgivingBound: bound),
            httpClient: CurlHTTPClient()
        )
    }

    func query(_ term: String, radius: Int = 1500, limit: Int = 10, sort: VenueSort = .relevance) -> VenueQuery {
        VenueQuery(
            center: OverpassTest.helsinki,
            radius: radius,
            term: term,
            limit: limit,
            sort: sort,
            timeout: Self.deadline
        )
    }

    /// A typo (`Stokcmann`, `Stockman`), words in another order (`coffee roberts`, `hotel
    /// original`), a word left out (`sokos vaakuna` for Original Sokos Hotel Vaakuna), all of
    /// which the term as a pattern does not find, and a plain word.
    @Test(arguments: ["Stokcmann", "Stockman", "coffee roberts", "hotel original", "sokos vaakuna", "kahvila"])
    func findsWhatTheExtractFileFinds(term: String) async throws {
        let fake = try await OverpassExtractServer.start()
        let remoteAnswer = try await remote(fake).search(query(term))
        let fileAnswer = try await file.search(query(term))
        let queries = await fake.queries
        await fake.stop()

        #expect(!fileAnswer.venues.isEmpty)
        #expect(remoteAnswer.venues.map(\.id) == fileAnswer.venues.map(\.id))
        #expect(remoteAnswer.venues == fileAnswer.venues)
        #expect(remoteAnswer.warnings.isEmpty)
        // One query: the circle's named venues (no term, the bound's count).
        #expect(queries.count == 1)
        #expect(queries.first?.contains("~") == false)
        #expect(queries.first?.hasSuffix("out bb tags 20000;\n") == true)
    }

    /// Three names within 1 km of the centre (seeded), each with two letters of its first word
    /// swapped, its words reversed and its first word left out, ranked by match or by name.
    @Test func slipsOnNamesOfTheExtractFindWhatTheFileFinds() async throws {
        let scan = try await ExtractLineScan.loadSample()
        for draw in SeededGenerator.draws("slipsOnNamesOfTheExtract", seed: 49) {
            var (seed, generator) = draw
            let names = scan.nodes.values.filter(\.isNamedPOI).filter { node in
                guard let position = node.position,
                    let coordinate = try? Coordinate(latitude: position.latitude, longitude: position.longitude)
                else { return false }
                return coordinate.distance(to: OverpassTest.helsinki) < 1000
            }.compactMap { $0.tags["name"] }.filter { $0.split(separator: " ").count >= 2 && $0.count >= 8 }.sorted()
            #expect(names.count > 100)
            var terms: [String] = []
            for _ in 0..<3 {
                let name = names[Int.random(in: 0..<names.count, using: &generator)]
                let words = name.split(separator: " ").map(String.init)
                var letters = Array(words[0])
                if letters.count >= 5 { letters.swapAt(1, 2) }
                terms.append(([String(letters)] + words.dropFirst()).joined(separator: " "))
                terms.append(words.reversed().joined(separator: " "))
                terms.append(words.dropFirst().joined(separator: " "))
            }
            let fake = try await OverpassExtractServer.start()
            let provider = remote(fake)
            var compared = 0
            for (index, term) in terms.enumerated() {
                let sort: VenueSort = index.isMultiple(of: 2) ? .relevance : .name
                let fileAnswer = try await file.search(query(term, radius: 1200, limit: 25, sort: sort))
                let remoteAnswer = try await provider.search(query(term, radius: 1200, limit: 25, sort: sort))
                #expect(remoteAnswer.venues.map(\.id) == fileAnswer.venues.map(\.id), "\(term), \(sort), seed \(seed)")
                if !fileAnswer.venues.isEmpty { compared += 1 }
            }
            await fake.stop()
            // The reversed and the shortened names find at least their own venue.
            #expect(compared >= 2 * terms.count / 3, "seed \(seed)")
        }
    }

    /// A word of many names whose first page, ranked by the matcher, holds a venue the pattern
    /// does not find: `shop` is in the English name of Kulma (`Science&coffee+shop`), an
    /// other name, which ranks before the names that have `shop` inside a longer word. Asking
    /// the pattern first and stopping at a full page of its venues once missed it.
    @Test func aCommonWordFindsTheFilesFirstPageWithAnOtherName() async throws {
        let fake = try await OverpassExtractServer.start()
        let term = query("Shop", radius: 1200, limit: 25)
        let remoteAnswer = try await remote(fake).search(term)
        let fileAnswer = try await file.search(term)
        let queries = await fake.queries
        await fake.stop()
        #expect(fileAnswer.venues.count == 25)
        #expect(fileAnswer.venues.contains { $0.id == (try? VenueID(parsing: "osm:node/4553415349")) })
        #expect(remoteAnswer.venues.map(\.id) == fileAnswer.venues.map(\.id))
        #expect(queries.count == 1)
    }

    @Test func aNearbySearchSendsOneQuery() async throws {
        let fake = try await OverpassExtractServer.start()
        let answer = try await remote(fake).nearby(
            VenueQuery(center: OverpassTest.helsinki, radius: 300, limit: 500, timeout: Self.deadline)
        )
        let queries = await fake.queries
        await fake.stop()
        #expect(!answer.venues.isEmpty && answer.venues.count < 500)
        #expect(queries.count == 1)
        #expect(answer.warnings.isEmpty)
    }

    @Test func pastTheRadiusTheAnswerSaysWhyVenuesMayBeMissing() async throws {
        let fake = try await OverpassExtractServer.start()
        let bound = OverpassProvider.Configuration.ForgivingBound(radius: 1000, elements: 20000)
        let answer = try await remote(fake, bound: bound).search(query("Stokcmann", radius: 1500))
        let standard = try await remote(fake).search(query("Stokcmann", radius: 3500))
        let queries = await fake.queries
        await fake.stop()
        #expect(answer.venues.isEmpty)
        #expect(
            answer.warnings == [
                "typos and word order are forgiven only within 1 km on the remote server; import an extract with `venues osm import` to search the whole region"
            ]
        )
        #expect(standard.warnings.first?.hasPrefix("typos and word order are forgiven only within 3 km") == true)
        // The pattern each, no circle fetched.
        #expect(queries.count == 2)
        #expect(queries.allSatisfy { $0.contains("[\"name\"~") })
    }

    @Test func aRefusedCircleLeavesTheExactAnswerWithAWarning() async throws {
        let runtimeError = try OverpassTest.fixture("real-error-runtime.xml")
        let fake = try await OverpassExtractServer.start { query in
            query.contains("~") ? nil : OverpassTest.osm(runtimeError)
        }
        // The circle is asked for, and refused: the pattern is asked instead.
        let answer = try await remote(fake).search(query("Stockmann"))
        let typo = try await remote(fake).search(query("Stokcmann"))
        let queries = await fake.queries
        await fake.stop()
        #expect(queries.count == 4)
        #expect(queries.enumerated().allSatisfy { $0.offset.isMultiple(of: 2) != $0.element.contains("~") })
        #expect(answer.venues.map(\.name).contains("Stockmann"))
        #expect(answer.warnings.count == 1)
        #expect(answer.warnings.first?.contains("the remote server refused the circle's venues") == true)
        #expect(typo.venues.isEmpty)
        #expect(typo.warnings.first?.hasPrefix("typos and word order were not forgiven") == true)
    }

    @Test func aCircleFullerThanTheBoundSaysSo() async throws {
        let fake = try await OverpassExtractServer.start()
        let bound = OverpassProvider.Configuration.ForgivingBound(radius: 3000, elements: 40)
        let answer = try await remote(fake, bound: bound).search(query("Stokcmann"))
        let queries = await fake.queries
        await fake.stop()
        // The circle, cut at the bound, then the pattern for what the cut may have left out.
        #expect(queries.count == 2)
        #expect(queries.first?.hasSuffix("out bb tags 40;\n") == true)
        #expect(queries.last?.contains("[\"name\"~") == true)
        #expect(
            answer.warnings == [
                "typos and word order were forgiven among only 40 of the 1500 m circle's venues on the remote server; import an extract with `venues osm import` to search the whole region"
            ]
        )
    }

    /// A circle cut at the bound, and the pattern then refused: the circle's matches stand,
    /// with the warning that venues may be missing; the search does not fail.
    @Test func aCutCircleStandsWhenThePatternIsRefused() async throws {
        let runtimeError = try OverpassTest.fixture("real-error-runtime.xml")
        let fake = try await OverpassExtractServer.start { query in
            query.contains("~") ? OverpassTest.osm(runtimeError) : nil
        }
        let bound = OverpassProvider.Configuration.ForgivingBound(radius: 3000, elements: 400)
        let answer = try await remote(fake, bound: bound).search(query("ravintola", radius: 3000))
        let queries = await fake.queries
        await fake.stop()
        #expect(queries.count == 2)
        #expect(!answer.venues.isEmpty)
        #expect(answer.warnings.count == 1)
        #expect(answer.warnings.first?.hasPrefix("typos and word order were forgiven among only 400") == true)
        #expect(answer.notes.contains { $0.hasPrefix("the term as a pattern was not answered: ") }, "\(answer.notes)")
    }

    @Test func theNotesNameEachQueryAndItsTime() async throws {
        let fake = try await OverpassExtractServer.start()
        let answer = try await remote(fake).search(query("Stokcmann"))
        let past = try await remote(fake).search(query("Stokcmann", radius: 3500))
        await fake.stop()
        let lines = (answer.notes + past.notes).filter { $0.hasPrefix("Overpass query in ") }
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.contains(" ms, ") && $0.contains(" element(s): [out:xml]") })
        #expect(lines.allSatisfy { !$0.contains("\n") })
        #expect(lines.first?.contains("nwr(around:1500,60.171634,24.944295)[\"name\"]") == true)
        #expect(lines.first?.contains("out bb tags 20000;") == true)
        #expect(lines.last?.contains("nwr(around:3500,60.171634,24.944295)[\"name\"~\"") == true)
    }

    @Test func aLongQueryIsShortenedOnOneLine() {
        let query =
            "[out:xml][timeout:10];\n(\n" + String(repeating: "  nwr(around:5,1,2)[\"name\"];\n", count: 40)
            + ");\nout bb tags;\n"
        let line = OverpassRemoteSearch.oneLine(query, limit: 100)
        #expect(line.hasPrefix("[out:xml][timeout:10]; ( nwr(around:5,1,2)[\"name\"]; nwr("))
        #expect(line.hasSuffix(" more characters)"))
        #expect(line.count < 130)
        #expect(OverpassRemoteSearch.oneLine("a;\n  b;\n") == "a; b;")
    }
}

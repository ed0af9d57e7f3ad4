import Foundation
import OSMIndex
import OSMModel
import OverpassProvider
import Testing
import VenuesCore
import VenuesHTTP
import VenuesTestSupport

/// The sample cut into parts (the tests' own smart cutter) and imported side by side: every
/// index that meets a circle answers, together they answer as the whole does, and when they
/// hold only part of a circle the provider says how much — asking the server online, answering
/// what they hold offline.
@Suite("OSM index: regions side by side", .serialized, .timeLimit(.minutes(5)))
struct RegionIndexesTests {
    static let remote = OverpassProvider.Configuration.Endpoint.remote(
        URL(string: "http://127.0.0.1:9/api/interpreter")!
    )
    /// The sample's declared bounds.
    static let sample = OSMBounds(
        minLatitude: 60.164155,
        minLongitude: 24.9351762,
        maxLatitude: 60.179113,
        maxLongitude: 24.9534145
    )
    /// The meridian and parallel through the sample's middle, where the parts meet.
    static let middleLongitude = 24.9443
    static let middleLatitude = 60.1716

    /// Cuts the sample into `boxes` and imports each part into a new directory. Serialized, and
    /// the halves imported once: imports are seconds of work each in a debug build, and many at
    /// once starve the other suites' loopback servers.
    static func regions(_ boxes: [OSMBounds], declaresBounds: Bool, label: String) async throws -> URL {
        try await offCooperativePool {
            let directory = IndexTest.directory(label)
            let files = IndexTest.directory("\(label)-files")
            let elements = try OSMTextElement.elements(of: IndexTest.sampleFile)
            for (number, box) in boxes.enumerated() {
                let part = files.appendingPathComponent("part-\(number).osm")
                try ExtractCutter.cut(elements, to: box, declaresBounds: declaresBounds, destination: part)
                try IndexTest.importIndex(part, into: directory.appendingPathComponent("part-\(number).sqlite"))
            }
            return directory
        }
    }

    /// The halves with declared bounds, imported once for the tests that only read them.
    static let importedHalves = Task<URL, any Error> {
        try await regions(halves(), declaresBounds: true, label: "halves")
    }

    /// West and east halves, meeting on ``middleLongitude`` (`overlap` degrees of each reach into the other).
    static func halves(overlap: Double = 0) -> [OSMBounds] {
        var west = sample
        west.maxLongitude = middleLongitude + overlap
        var east = sample
        east.minLongitude = middleLongitude - overlap
        return [west, east]
    }

    /// Four quarters meeting at the sample's middle, each reaching `overlap` degrees into its neighbours.
    static func quarters(overlap: Double) -> [OSMBounds] {
        [(false, false), (false, true), (true, false), (true, true)].map { north, east in
            OSMBounds(
                minLatitude: north ? middleLatitude - overlap : sample.minLatitude,
                minLongitude: east ? middleLongitude - overlap : sample.minLongitude,
                maxLatitude: north ? sample.maxLatitude : middleLatitude + overlap,
                maxLongitude: east ? sample.maxLongitude : middleLongitude + overlap
            )
        }
    }

    /// The whole sample's index answering as the endpoint, alone.
    static func whole() async throws -> OverpassProvider {
        IndexTest.provider(.index(try await IndexTest.sampleIndex.value))
    }

    /// Ids and distances, in the order given.
    static func answer(_ response: ProviderResponse, around center: Coordinate) -> [String] {
        response.venues.map { "\($0.id) \(Int(($0.coordinate.distance(to: center) * 1000).rounded()))" }
    }

    /// Circles on the border (and the corner) where the parts meet, all inside the sample.
    static let borderQueries: [VenueQuery] = {
        let centres = [
            (middleLatitude, middleLongitude, 300), (60.168, middleLongitude, 400), (60.175, middleLongitude, 250),
            (middleLatitude, middleLongitude + 0.001, 350),
        ]
        return centres.flatMap { latitude, longitude, radius in
            let center = try! Coordinate(latitude: latitude, longitude: longitude)
            return [
                VenueQuery(center: center, radius: radius, limit: 1000),
                VenueQuery(center: center, radius: radius, limit: 7),
                VenueQuery(center: center, radius: radius, term: "ravintola", limit: 1000),
                VenueQuery(center: center, radius: radius, term: "kahvla", limit: 5),
            ]
        }
    }()

    static func expectSameAnswers(directory: URL) async throws {
        let parts = OverpassProvider(
            configuration: .init(endpoint: remote, indexDirectory: directory),
            httpClient: NoNetwork()
        )
        let whole = try await whole()
        var answered = 0
        for query in borderQueries {
            let center = try #require(query.center)
            let expected = try await query.isTextSearch ? whole.search(query) : whole.nearby(query)
            let found = try await query.isTextSearch ? parts.search(query) : parts.nearby(query)
            answered += expected.venues.count
            #expect(Self.answer(found, around: center) == Self.answer(expected, around: center), "\(query)")
            #expect(Set(found.venues.map(\.id)).count == found.venues.count, "no venue twice")
            #expect(found.coverage == 1 && found.warnings.isEmpty, "\(found.warnings)")
            #expect(found.source?.hasPrefix("index:part-") == true, "\(found.source ?? "")")
        }
        #expect(answered > 500, "the queries find venues: \(answered)")
    }

    /// The indexes a source names, in any order (newer data first, which depends on the parts).
    static func names(_ source: String?) -> Set<String> {
        Set((source ?? "").split(separator: "+").map(String.init))
    }

    @Test("two halves with declared bounds answer a circle on their border as the whole index does")
    func halvesAnswerAsTheWhole() async throws {
        let directory = try await Self.importedHalves.value
        try await Self.expectSameAnswers(directory: directory)
        let parts = OverpassProvider(
            configuration: .init(endpoint: Self.remote, indexDirectory: directory),
            httpClient: NoNetwork()
        )
        let border = try await parts.nearby(
            VenueQuery(
                center: try Coordinate(latitude: Self.middleLatitude, longitude: Self.middleLongitude),
                radius: 300
            )
        )
        #expect(Self.names(border.source) == ["index:part-0", "index:part-1"], "\(border.source ?? "")")
        let inner = try await parts.nearby(
            VenueQuery(center: try Coordinate(latitude: 60.17, longitude: 24.939), radius: 200)
        )
        #expect(inner.source == "index:part-0", "a circle inside one part is answered by it alone")
    }

    @Test("four overlapping quarters without bounds (derived) answer as the whole, each venue once")
    func overlappingQuartersWithoutBounds() async throws {
        let directory = try await Self.regions(Self.quarters(overlap: 0.002), declaresBounds: false, label: "quarters")
        for area in OSMIndexCatalog(directory: directory).areas() {
            guard case .cells = area.coverage else {
                Issue.record("\(area.name): bounds not derived from its cells")
                continue
            }
        }
        try await Self.expectSameAnswers(directory: directory)
    }

    /// A circle across the sample's north edge: the parts hold about half of it.
    static let northEdge = VenueQuery(
        center: try! Coordinate(latitude: 60.1790, longitude: middleLongitude),
        radius: 500,
        limit: 1000
    )

    @Test(
        "offline (overpass.offline): a circle partly outside every index gets what they hold, the share, and a warning"
    )
    func offlineAnswersWhatTheIndexesHold() async throws {
        let directory = try await Self.importedHalves.value
        let parts = OverpassProvider(
            configuration: .init(endpoint: Self.remote, indexDirectory: directory, offline: true),
            httpClient: NoNetwork()
        )
        let found = try await parts.nearby(Self.northEdge)
        let expected = try await Self.whole().nearby(Self.northEdge)
        let center = try #require(Self.northEdge.center)
        #expect(Self.answer(found, around: center) == Self.answer(expected, around: center))
        let coverage = try #require(found.coverage)
        #expect(0.3 < coverage && coverage < 0.7, "\(coverage)")
        #expect(found.warnings.count == 1)
        #expect(
            found.warnings.first?.contains("hold only \(Int((coverage * 100).rounded())) % of the 500 m circle")
                == true,
            "\(found.warnings)"
        )
        #expect(found.warnings.first?.contains("overpass.offline is set") == true)

        // No index meets the circle at all: offline, that is an error, not an empty list.
        let far = VenueQuery(center: try Coordinate(latitude: 61, longitude: 25), radius: 500)
        await #expect(throws: ProviderError.self) { try await parts.nearby(far) }
    }

    @Test("the server unreachable: the indexes answer what they hold, with the share and a warning")
    func unreachableServerFallsBackToTheIndexes() async throws {
        let directory = try await Self.importedHalves.value
        let server = CountingOverpass(failure: .unreachable("connection refused"))
        let parts = OverpassProvider(
            configuration: .init(endpoint: Self.remote, indexDirectory: directory),
            httpClient: server
        )
        let found = try await parts.nearby(Self.northEdge)
        #expect(server.requests == 1, "the server is tried first")
        #expect(found.coverage ?? 1 < 1 && !found.venues.isEmpty)
        #expect(found.warnings.first?.contains("Overpass unreachable") == true, "\(found.warnings)")
        #expect(Self.names(found.source) == ["index:part-0", "index:part-1"], "\(found.source ?? "")")
    }

    @Test("online, a circle partly outside the indexes is asked of the server, and the answer is the server's")
    func partialCoverageOnlineAsksTheServer() async throws {
        let directory = try await Self.importedHalves.value
        let server = CountingOverpass()
        let parts = OverpassProvider(
            configuration: .init(endpoint: Self.remote, indexDirectory: directory),
            httpClient: server
        )
        let found = try await parts.nearby(Self.northEdge)
        #expect(server.requests == 1)
        #expect(found.source == "overpass" && found.coverage == nil && found.warnings.isEmpty)
        #expect(
            found.notes.contains { $0.contains("hold") && $0.contains("of the 500 m circle, asking Overpass") },
            "\(found.notes)"
        )
    }

    @Test("the same element in two indexes is one venue, from the index with the newer data")
    func newerDataWins() async throws {
        let directory = IndexTest.directory("newer")
        let old = """
            <?xml version='1.0' encoding='UTF-8'?>
            <osm version="0.6"><bounds minlat="60.0" minlon="24.0" maxlat="60.1" maxlon="24.1"/>
            <node id="7" version="1" timestamp="2020-01-01T00:00:00Z" lat="60.05" lon="24.05"><tag k="amenity" v="cafe"/><tag k="name" v="Old Name"/></node>
            </osm>
            """
        let new = old.replacingOccurrences(of: "2020-01-01", with: "2024-01-01").replacingOccurrences(
            of: "Old Name",
            with: "New Name"
        )
        try await offCooperativePool {
            // "a-old" sorts first by name: the data's time, not the name, must decide.
            try IndexTest.importIndex(IndexTest.write(old), into: directory.appendingPathComponent("a-old.sqlite"))
            try IndexTest.importIndex(IndexTest.write(new), into: directory.appendingPathComponent("b-new.sqlite"))
        }
        let provider = OverpassProvider(
            configuration: .init(endpoint: Self.remote, indexDirectory: directory),
            httpClient: NoNetwork()
        )
        let found = try await provider.nearby(
            VenueQuery(center: try Coordinate(latitude: 60.05, longitude: 24.05), radius: 100)
        )
        #expect(found.venues.map(\.name) == ["New Name"])
        #expect(found.source == "index:b-new+index:a-old")
    }
}

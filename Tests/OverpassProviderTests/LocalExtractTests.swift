import Foundation
import OSMIndex
import OSMModel
import OSMSpill
import Testing
import VenuesCore
import VenuesHTTP
import VenuesTestKit
import VenuesTestSupport

@testable import OverpassProvider

/// The local extract mode on the bundled `Config/samples/helsinki-centre.osm`.
@Suite("Overpass local extract")
struct LocalExtractTests {
    let provider = OverpassProvider(
        configuration: .init(endpoint: .file(OverpassTest.sampleFile)),
        httpClient: FailingHTTPClient()
    )

    /// An independent count, without libxml2: a line scan of the osmium-formatted file for
    /// `<node … lat lon>` blocks with a `name` tag and one of amenity/shop/tourism/leisure,
    /// within `radius` metres by the haversine formula.
    static func scanNamedPOINodes(within radius: Double, of center: Coordinate) throws -> Set<String> {
        let text = try String(contentsOf: OverpassTest.sampleFile, encoding: .utf8)
        var result = Set<String>()
        var current: (id: String, coordinate: Coordinate)?
        var keys = Set<String>()
        func attribute(_ name: String, in line: Substring) -> String? {
            guard let start = line.range(of: " \(name)=\"") else { return nil }
            let rest = line[start.upperBound...]
            return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
        }
        func finish() {
            if let node = current, keys.contains("name"),
                !keys.isDisjoint(with: ["amenity", "shop", "tourism", "leisure"]),
                node.coordinate.distance(to: center) <= radius
            {
                result.insert(node.id)
            }
            current = nil
            keys = []
        }
        for line in text.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("<node ") {
                finish()
                guard let id = attribute("id", in: trimmed),
                    let lat = attribute("lat", in: trimmed).flatMap(Double.init),
                    let lon = attribute("lon", in: trimmed).flatMap(Double.init)
                else { continue }
                current = (id, try Coordinate(latitude: lat, longitude: lon))
                if trimmed.hasSuffix("/>") { finish() }
            } else if trimmed.hasPrefix("<tag "), current != nil, let key = attribute("k", in: trimmed) {
                keys.insert(key)
            } else if trimmed.hasPrefix("</node>") || trimmed.hasPrefix("<way ") {
                finish()
            }
        }
        finish()
        return result
    }

    @Test(arguments: [(100, 18), (200, 91), (300, 235), (500, 642), (1000, 1149)])
    func namedNodesWithinRadiusMatchTheIndependentCounts(radius: Int, readmeCount: Int) async throws {
        let expected = try await offCooperativePool {
            try Self.scanNamedPOINodes(within: Double(radius), of: OverpassTest.helsinki)
        }
        #expect(expected.count == readmeCount, "the line scan agrees with the data README")
        let response = try await provider.nearby(
            VenueQuery(center: OverpassTest.helsinki, radius: radius, limit: 10_000)
        )
        let nodes = response.venues.filter { $0.id.native.hasPrefix("node/") }
        #expect(Set(nodes.map { String($0.id.native.dropFirst(5)) }) == expected)
        for venue in response.venues {
            #expect(venue.coordinate.distance(to: OverpassTest.helsinki) <= Double(radius))
        }
        let distances = response.venues.map { $0.coordinate.distance(to: OverpassTest.helsinki) }
        #expect(distances == distances.sorted())
    }

    /// The README's offline quick start: `VENUES_OVERPASS_URL=Config/samples/helsinki-centre.osm
    /// venues nearby --providers osm --near 60.1699,24.9384 --radius 500`, from the package root.
    @Test func offlineQuickStart() async throws {
        let root = OverpassTest.sampleFile.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let endpoint = try OverpassProvider.Configuration.endpoint(parsing: "Config/samples/helsinki-centre.osm")
        let relativeToCWD = FileManager.default.currentDirectoryPath == root.path
        if relativeToCWD { #expect(endpoint == .file(OverpassTest.sampleFile.standardizedFileURL)) }
        let provider = OverpassProvider(
            configuration: .init(endpoint: relativeToCWD ? endpoint : .file(OverpassTest.sampleFile)),
            httpClient: FailingHTTPClient()
        )
        let center = try Coordinate(parsing: "60.1699,24.9384")
        let response = try await provider.nearby(VenueQuery(center: center, radius: 500, limit: 10_000))
        let expected = try await offCooperativePool { try Self.scanNamedPOINodes(within: 500, of: center) }
        let nodes = response.venues.filter { $0.id.native.hasPrefix("node/") }
        #expect(Set(nodes.map { String($0.id.native.dropFirst(5)) }) == expected)
        #expect(expected.count > 300)
        // The default limit keeps the 50 nearest.
        let limited = try await provider.nearby(VenueQuery(center: center, radius: 500))
        #expect(limited.venues == Array(response.venues.prefix(VenueQuery.defaultLimit)))
    }

    @Test func waysAndRelationsGetCentresFromTheirNodes() async throws {
        // The whole file: 1,205 named POIs (1,149 nodes, 47 ways, 9 relations) per the data README.
        // Ways and relations whose nodes all lie outside the cut are skipped and counted.
        let response = try await provider.nearby(VenueQuery(center: OverpassTest.helsinki, radius: 5000, limit: 10_000))
        let ways = response.venues.filter { $0.id.native.hasPrefix("way/") }
        let relations = response.venues.filter { $0.id.native.hasPrefix("relation/") }
        let nodes = response.venues.count - ways.count - relations.count
        #expect(nodes == 1149)
        let skipped = response.notes.compactMap { note -> Int? in
            guard note.hasPrefix("skipped "), note.hasSuffix("whose nodes are not in the file") else { return nil }
            return Int(note.split(separator: " ")[1])
        }.reduce(0, +)
        #expect(ways.count + relations.count + skipped == 47 + 9)
        #expect(ways.count > 40)
        #expect(relations.count >= 1)
        // The National Theatre (way 122595207): Overpass gave its centre as 60.1724652, 24.9438301.
        let theatre = try #require(ways.first { $0.id.native == "way/122595207" })
        #expect(theatre.coordinate.distance(to: try Coordinate(latitude: 60.1724652, longitude: 24.9438301)) < 5)
        #expect(theatre.categories == [.theatre])
        #expect(response.notes.contains { $0.contains("streaming pass") })
    }

    @Test func categoryAndTermFiltersMatchTheOverpassSemantics() async throws {
        let cafes = try await provider.nearby(
            VenueQuery(center: OverpassTest.helsinki, radius: 500, categories: [.cafe], limit: 1000)
        )
        #expect(!cafes.venues.isEmpty)
        #expect(
            cafes.venues.allSatisfy { $0.providerCategories.contains("amenity=cafe") && $0.categories.contains(.cafe) }
        )

        let found = try await provider.search(
            VenueQuery(center: OverpassTest.helsinki, radius: 1000, term: "fazer", limit: 1000)
        )
        #expect(!found.venues.isEmpty)
        for venue in found.venues {
            let haystack = [venue.name, venue.extras["brand"] ?? "", venue.extras["cuisine"] ?? ""].joined(
                separator: "\n"
            )
            #expect(haystack.localizedCaseInsensitiveContains("fazer"))
        }
        // Metacharacters are literal: "." does not match any character.
        let dot = try await provider.search(
            VenueQuery(center: OverpassTest.helsinki, radius: 1000, term: "...", limit: 1000)
        )
        #expect(dot.venues.allSatisfy { $0.name.contains("...") })
    }

    @Test func limitKeepsTheNearest() async throws {
        let all = try await provider.nearby(VenueQuery(center: OverpassTest.helsinki, radius: 300, limit: 10_000))
        let five = try await provider.nearby(VenueQuery(center: OverpassTest.helsinki, radius: 300, limit: 5))
        #expect(five.venues == Array(all.venues.prefix(5)))
    }

    @Test func lookupByID() async throws {
        let node = try await provider.venue(try VenueID(parsing: "osm:node/25389429"))
        #expect(node.name == "Helsinki")
        #expect(node.coordinate == (try Coordinate(latitude: 60.1713198, longitude: 24.9414566)))
        let theatre = try await provider.venue(try VenueID(parsing: "osm:way/122595207"))
        #expect(theatre.name == "Suomen Kansallisteatteri")
        await #expect(throws: ProviderError.notFound(try VenueID(parsing: "osm:node/1"))) {
            try await provider.venue(try VenueID(parsing: "osm:node/1"))
        }
    }

    @Test(arguments: ["/nonexistent/x.osm", "/nonexistent.osm"])
    func missingFileIsAClearError(path: String) async throws {
        let missing = OverpassProvider(
            configuration: .init(endpoint: try OverpassProvider.Configuration.endpoint(parsing: path)),
            httpClient: FailingHTTPClient()
        )
        let error = await #expect(throws: ProviderError.misconfigured("OSM file not found: \(path)")) {
            try await missing.nearby(VenueQuery(center: OverpassTest.helsinki, radius: 100))
        }
        // What the CLI prints after `warning: osm: `: the path, no generic prefix.
        #expect(error?.message == "OSM file not found: \(path)")
        #expect(error?.kind == "misconfigured")
        await #expect(throws: ProviderError.misconfigured("OSM file not found: \(path)")) {
            try await missing.venue(try VenueID(parsing: "osm:node/1"))
        }
    }

    /// A relative path is resolved from the current directory, and the message shows where
    /// the file was looked for.
    @Test func missingRelativePathNamesTheResolvedFile() async throws {
        let endpoint = try OverpassProvider.Configuration.endpoint(parsing: "no-such-dir/x.osm")
        let expected = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            .appendingPathComponent("no-such-dir/x.osm").standardizedFileURL.path
        let missing = OverpassProvider(configuration: .init(endpoint: endpoint), httpClient: FailingHTTPClient())
        await #expect(throws: ProviderError.misconfigured("OSM file not found: \(expected)")) {
            try await missing.nearby(VenueQuery(center: OverpassTest.helsinki, radius: 100))
        }
    }

    @Test func conformance() async throws {
        try await VenueProviderConformance(
            provider: provider,
            center: OverpassTest.helsinki,
            radius: 300,
            knownTerm: "Fazer",
            unknownID: try VenueID(parsing: "osm:node/999999999999")
        )
        .run()
    }
}

/// An HTTP client that must not be called (local mode uses no network).
struct FailingHTTPClient: HTTPClient {
    func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        Issue.record("unexpected HTTP request \(request.redactedDescription)")
        throw .unreachable("no network in this test")
    }
}

@Suite("Overpass local extract errors")
struct LocalExtractErrorTests {
    func provider(_ url: URL) -> OverpassProvider {
        OverpassProvider(configuration: .init(endpoint: .file(url)), httpClient: FailingHTTPClient())
    }

    @Test func directoryIsRejected() async {
        let directory = URL(fileURLWithPath: NSTemporaryDirectory())
        await #expect {
            try await provider(directory).nearby(VenueQuery(center: OverpassTest.helsinki, radius: 100))
        } throws: { error in
            guard case ProviderError.unreachable(let message) = error else { return false }
            return message.hasSuffix("is a directory, not an OSM XML file")
        }
    }

    /// A file named `.osm.pbf` goes to the PBF reader, whose message names the offset.
    @Test func cutPBFFileIsAnInvalidResponseNamingTheOffset() async throws {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("venues-test-\(UUID()).osm.pbf")
        try Data([0x00, 0x00, 0x00, 0x0D, 0x0A, 0x09, 0x4F, 0x53, 0x4D, 0x48]).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        await #expect {
            try await provider(url).nearby(VenueQuery(center: OverpassTest.helsinki, radius: 100))
        } throws: { error in
            guard case ProviderError.invalidResponse(let message) = error else { return false }
            return message.contains("is not readable OSM PBF: at byte 4: the file ends inside a block header")
        }
    }

    @Test func nonXMLFileIsAnInvalidResponse() async throws {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("venues-test-\(UUID()).osm")
        try Data([0x00, 0x01, 0x00, 0x0D, 0x0A, 0x09, 0x4F, 0x53, 0x4D, 0x48]).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        await #expect {
            try await provider(url).nearby(VenueQuery(center: OverpassTest.helsinki, radius: 100))
        } throws: { error in
            guard case ProviderError.invalidResponse(let message) = error else { return false }
            return message.contains("is not readable OSM XML")
        }
    }

    @Test func truncatedFileIsAnError() async throws {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("venues-test-\(UUID()).osm")
        try Data(#"<osm version="0.6"><node id="1" lat="60.17" lon="24.94"><tag k="name" v="x"/>"#.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        await #expect(throws: ProviderError.self) {
            try await provider(url).nearby(VenueQuery(center: OverpassTest.helsinki, radius: 100))
        }
    }
}

@Suite("Overpass local extract: the OSM files' errors as the provider reports them")
struct OSMFileErrorTranslationTests {
    @Test func everyFileErrorHasItsProviderError() {
        let cases: [(OSMFileError, ProviderError)] = [
            (.notFound(path: "/x.osm"), .misconfigured("OSM file not found: /x.osm")),
            (.isDirectory(path: "/d", format: "OSM XML"), .unreachable("/d is a directory, not an OSM XML file")),
            (
                .unreadable(path: "/x", reason: "Permission denied"),
                .unreachable("cannot open the OSM file /x: Permission denied")
            ),
            (.readFailed("x.osm: Input/output error"), .unreachable("x.osm: Input/output error")),
            (.temporaryFile("No space left on device"), .unreachable("No space left on device")),
            (
                .malformed("x.osm is not readable OSM XML: line 3"),
                .invalidResponse("x.osm is not readable OSM XML: line 3")
            ),
            (.cancelled, .cancelled),
        ]
        for (fileError, providerError) in cases {
            #expect(ProviderError(fileError) == providerError)
        }
        #expect(
            ProviderError(OSMIndexError.source(.notFound(path: "/x.osm")))
                == .misconfigured("OSM file not found: /x.osm")
        )
        #expect(ProviderError(OSMIndexError.cancelled) == .cancelled)
    }
}

@Suite("Overpass local extract: index and re-reading passes agree")
struct ExtractStrategyTests {
    @Test func spillIndexAndRereadingPassesGiveTheSameVenues() async throws {
        let selection = try OSMSelection(categories: [], term: nil)
        let criterion = OSMExtractSearch.Criterion.nearby(selection, center: OverpassTest.helsinki, radius: 5000)
        // Whole-file passes are blocking work: off the cooperative pool, as the provider does.
        let indexed = try await offCooperativePool {
            try OSMExtractSearch(file: OverpassTest.sampleFile, criterion: criterion).run()
        }
        let reread = try await offCooperativePool {
            var rereading = OSMExtractSearch(file: OverpassTest.sampleFile, criterion: criterion)
            rereading.usesSpillFiles = false
            return try rereading.run()
        }
        #expect(indexed.passes == 1)
        #expect(indexed.notes.contains { $0.contains("temporary index") })
        #expect(reread.passes == 3)
        #expect(indexed.venues.count > 1149)
        #expect(indexed.venues.sorted { $0.id < $1.id } == reread.venues.sorted { $0.id < $1.id })
    }

    /// A document whose ids are not ascending and whose types are interleaved: the search cannot
    /// stop early, and must still place the way and the relation, from the spill files in one
    /// pass, and by reading the file again without them.
    @Test(arguments: [true, false])
    func unsortedFileIsPlaced(usesSpillFiles: Bool) async throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <osm version="0.6">
              <node id="30" lat="60.1700" lon="24.9400"/>
              <node id="20" lat="60.1710" lon="24.9410"/>
              <way id="7"><nd ref="30"/><nd ref="20"/><nd ref="10"/>
                <tag k="name" v="Square Café"/><tag k="amenity" v="cafe"/></way>
              <node id="10" lat="60.1720" lon="24.9420"/>
              <way id="5"><nd ref="40"/><nd ref="10"/></way>
              <node id="40" lat="60.1730" lon="24.9430"/>
              <relation id="3"><member type="way" ref="5" role="outer"/>
                <tag k="name" v="Museum Block"/><tag k="tourism" v="museum"/></relation>
              <node id="2" lat="60.1705" lon="24.9405"><tag k="name" v="Kiosk"/><tag k="shop" v="kiosk"/></node>
            </osm>
            """
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("venues-test-\(UUID()).osm")
        try Data(xml.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let center = try Coordinate(latitude: 60.171, longitude: 24.941)
        var search = OSMExtractSearch(
            file: url,
            criterion: .nearby(try OSMSelection(categories: [], term: nil), center: center, radius: 1000)
        )
        search.usesSpillFiles = usesSpillFiles
        let configured = search
        let response = try await offCooperativePool { try configured.run() }
        let byID = Dictionary(uniqueKeysWithValues: response.venues.map { ($0.id.description, $0) })
        #expect(byID.keys.sorted() == ["osm:node/2", "osm:relation/3", "osm:way/7"])
        // Bounding-box centres: way 7 over nodes 30, 20, 10; relation 3 over way 5's nodes 40, 10.
        let way = try #require(byID["osm:way/7"])
        let relation = try #require(byID["osm:relation/3"])
        #expect(way.coordinate.distance(to: try Coordinate(latitude: 60.171, longitude: 24.941)) < 0.01)
        #expect(relation.coordinate.distance(to: try Coordinate(latitude: 60.1725, longitude: 24.9425)) < 0.01)
        #expect(response.passes == (usesSpillFiles ? 1 : 3))
    }
}

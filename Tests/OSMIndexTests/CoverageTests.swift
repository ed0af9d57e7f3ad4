import Foundation
import OSMIndex
import OSMModel
import OverpassProvider
import Testing
import VenuesCore
import VenuesTestSupport

/// What an index says it holds: the cells where its data lies when its file declares no
/// bounds, the share of a circle a set of indexes holds, and the directory's cache of areas.
@Suite("OSM index: coverage", .timeLimit(.minutes(3)))
struct CoverageTests {
    static func cells(_ points: [(Double, Double)]) -> CoverageCells {
        CoverageCells(cells: Set(points.map { CoverageCells.cell(latitude: $0.0, longitude: $0.1) }))
    }

    @Test("cells between held cells in both their row and column are held; a notch open on one side is not")
    func holesAreFilledNotchesAreNot() throws {
        // A ring of cells 0.1° wide around an empty lake, and a U open to the north.
        var ring: [(Double, Double)] = []
        for step in 0...10 {
            let offset = Double(step) / 100
            ring += [(60.0, 24.0 + offset), (60.1, 24.0 + offset), (60.0 + offset, 24.0), (60.0 + offset, 24.1)]
        }
        let lake = Self.cells(ring)
        #expect(lake.contains(latitude: 60.05, longitude: 24.05), "the lake inside the ring is held")
        #expect(!lake.contains(latitude: 60.05, longitude: 24.2), "outside the ring is not")
        let u = Self.cells(
            ring.filter { $0.0 < 60.1 || $0.1 == 24.0 || $0.1 == 24.1 }.filter {
                !($0.0 >= 60.1 && $0.1 > 24.0 && $0.1 < 24.1)
            }
        )
        #expect(!u.contains(latitude: 60.08, longitude: 24.05), "a notch open to the north is not held")
        #expect(CoverageCells(encoded: lake.encoded) == lake, "the meta text reads back the same")
        #expect(CoverageCells(encoded: "12:5-3") == nil && CoverageCells(encoded: "x") == nil)
    }

    @Test("the share of a circle held is exact when whole, measured otherwise, and never 100 % when part is missing")
    func shareOfACircle() throws {
        let center = try Coordinate(latitude: 60, longitude: 24)
        let box = OSMBounds(minLatitude: 59, minLongitude: 23, maxLatitude: 61, maxLongitude: 25)
        let whole = CircleCoverage.measure(center: center, radius: 1000, areas: [.rectangle(box)])
        #expect(whole.isComplete && whole.fraction == 1)
        var west = box
        west.maxLongitude = 24
        var east = box
        east.minLongitude = 24
        let split = CircleCoverage.measure(center: center, radius: 1000, areas: [.rectangle(west), .rectangle(east)])
        #expect(split.isComplete, "two rectangles meeting on the centre's meridian hold it together")
        let half = CircleCoverage.measure(center: center, radius: 1000, areas: [.rectangle(west)])
        #expect(!half.isComplete && abs(half.fraction - 0.5) <= 0.02, "\(half)")
        // A sliver missing at the edge, thinner than the lattice's spacing.
        var almost = box
        almost.maxLongitude = 24.0178
        let sliver = CircleCoverage.measure(center: center, radius: 1000, areas: [.rectangle(almost)])
        #expect(!sliver.isComplete && sliver.fraction == 0.99, "\(sliver)")
        #expect(CircleCoverage.measure(center: center, radius: 1000, areas: []).fraction == 0)
    }

    /// Venues in a 0.05° square, and a long river way from its middle far to the east with its
    /// nodes: a smart cut carries them, and the rectangle around the nodes would reach 24.6°.
    static let straggling: String = {
        var lines = [
            "<?xml version='1.0' encoding='UTF-8'?>", #"<osm version="0.6" generator="venues tests">"#,
        ]
        var id = 1
        for row in 0..<6 {
            for column in 0..<6 {
                let latitude = 60.0 + Double(row) * 0.01
                let longitude = 24.0 + Double(column) * 0.01
                lines.append(
                    #"<node id="\#(id)" version="1" lat="\#(latitude)" lon="\#(longitude)"><tag k="amenity" v="cafe"/><tag k="name" v="Cafe \#(id)"/></node>"#
                )
                id += 1
            }
        }
        for step in 0...20 {
            lines.append(#"<node id="\#(1000 + step)" version="1" lat="60.02" lon="\#(24.03 + Double(step) * 0.03)"/>"#)
        }
        lines.append(
            #"<way id="1" version="1">"# + (0...20).map { #"<nd ref="\#(1000 + $0)"/>"# }.joined()
                + #"<tag k="waterway" v="river"/></way>"#
        )
        lines.append("</osm>")
        return lines.joined(separator: "\n")
    }()

    @Test("a file without bounds: the index holds the cells of its venues, not the rectangle of the stragglers' nodes")
    func derivedBoundsDoNotOverstate() async throws {
        let directory = IndexTest.directory("derived")
        let summary = try await offCooperativePool {
            try IndexTest.importIndex(
                IndexTest.write(Self.straggling),
                into: directory.appendingPathComponent("square.sqlite")
            )
        }
        #expect(summary.notes.contains { $0.contains("declares no bounds") }, "\(summary.notes)")
        let info = try OSMIndexReader(url: directory.appendingPathComponent("square.sqlite")).info
        #expect(info.boundsOrigin == "derived")
        let bounds = try #require(info.bounds)
        #expect(bounds.maxLongitude <= 24.06 + 1e-9 && bounds.minLongitude >= 24.0 - 1e-9, "\(bounds)")
        let catalog = OSMIndexCatalog(directory: directory)
        let onTheRiver = try Coordinate(latitude: 60.02, longitude: 24.4)
        #expect(
            catalog.areas(meeting: onTheRiver, radius: 1000).isEmpty,
            "far along the river, no index meets the circle"
        )

        // Online, that circle goes to the server; inside the square, the index answers alone.
        let server = CountingOverpass()
        let provider = OverpassProvider(
            configuration: .init(endpoint: RegionIndexesTests.remote, indexDirectory: directory),
            httpClient: server
        )
        _ = try await provider.nearby(VenueQuery(center: onTheRiver, radius: 1000))
        #expect(server.requests == 1)
        let inside = try await provider.nearby(
            VenueQuery(center: try Coordinate(latitude: 60.025, longitude: 24.025), radius: 1000)
        )
        #expect(server.requests == 1 && inside.source == "index:square" && inside.coverage == 1)
        #expect(!inside.venues.isEmpty)
    }

    @Test("the directory's cache of areas follows a new import, and a damaged cache is ignored and rewritten")
    func areaCacheFollowsTheFiles() async throws {
        let directory = IndexTest.directory("cache")
        let index = directory.appendingPathComponent("city.sqlite")
        try FileManager.default.copyItem(at: try await IndexTest.sampleIndex.value, to: index)
        let catalog = OSMIndexCatalog(directory: directory, areaMemo: nil)
        #expect(catalog.areas().map(\.name) == ["city"])
        let cache = directory.appendingPathComponent(".areas.tsv")
        #expect(FileManager.default.fileExists(atPath: cache.path))
        #expect(catalog.areas(meeting: IndexTest.helsinki, radius: 300).map(\.name) == ["city"])

        // A new import renames a new file into place: the cache must not keep the old area.
        try await offCooperativePool {
            try IndexTest.importIndex(IndexTest.write(Self.straggling), into: index)
        }
        #expect(catalog.areas(meeting: IndexTest.helsinki, radius: 300).isEmpty)
        #expect(
            catalog.areas(meeting: try Coordinate(latitude: 60.025, longitude: 24.025), radius: 300).map(\.name) == [
                "city"
            ]
        )

        try Data("venues index areas 1\ncity\tnot\ta\tline\n".utf8).write(to: cache)
        #expect(catalog.areas().map(\.name) == ["city"])
        #expect(try String(contentsOf: cache, encoding: .utf8).contains("cells"))
        try FileManager.default.removeItem(at: index)
        #expect(catalog.areas().isEmpty)
    }

    @Test("the memo finds no index in a directory that does not exist yet, and the indexes of it once it does")
    func areaMemoOfAMissingDirectory() async throws {
        let directory = IndexTest.directory("memo-missing").appendingPathComponent("osm", isDirectory: true)
        let memo = OSMIndexAreaMemo()
        let catalog = OSMIndexCatalog(directory: directory, areaMemo: memo)
        #expect(catalog.areas(meeting: IndexTest.helsinki, radius: 300).isEmpty)
        #expect(catalog.areas(meeting: IndexTest.helsinki, radius: 300).isEmpty)

        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        try FileManager.default.copyItem(
            at: try await IndexTest.sampleIndex.value,
            to: directory.appendingPathComponent("city.sqlite")
        )
        #expect(catalog.areas(meeting: IndexTest.helsinki, radius: 300).map(\.name) == ["city"])
    }

    @Test("the process's memo of areas follows a new import, a file changed in place, a new index and a removal")
    func areaMemoFollowsTheFiles() async throws {
        let directory = IndexTest.directory("memo")
        let index = directory.appendingPathComponent("city.sqlite")
        try FileManager.default.copyItem(at: try await IndexTest.sampleIndex.value, to: index)
        let memo = OSMIndexAreaMemo()
        let catalog = OSMIndexCatalog(directory: directory, areaMemo: memo)
        let straggling = try Coordinate(latitude: 60.025, longitude: 24.025)
        #expect(catalog.areas(meeting: IndexTest.helsinki, radius: 300).map(\.name) == ["city"])
        #expect(catalog.areas(meeting: IndexTest.helsinki, radius: 300).map(\.name) == ["city"])

        // A new import renames a new file into place.
        try await offCooperativePool { try IndexTest.importIndex(IndexTest.write(Self.straggling), into: index) }
        #expect(catalog.areas(meeting: IndexTest.helsinki, radius: 300).isEmpty)
        #expect(catalog.areas(meeting: straggling, radius: 300).map(\.name) == ["city"])

        // The file changed in place (the directory does not change): its area is read again.
        let handle = try FileHandle(forWritingTo: index)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: try Data(contentsOf: try await IndexTest.sampleIndex.value))
        try handle.close()
        #expect(catalog.areas(meeting: IndexTest.helsinki, radius: 300).map(\.name) == ["city"])

        // Another index beside it, then the first removed.
        try FileManager.default.copyItem(at: index, to: directory.appendingPathComponent("town.sqlite"))
        #expect(catalog.areas(meeting: IndexTest.helsinki, radius: 300).map(\.name).sorted() == ["city", "town"])
        try FileManager.default.removeItem(at: index)
        #expect(catalog.areas(meeting: IndexTest.helsinki, radius: 300).map(\.name) == ["town"])
    }
}

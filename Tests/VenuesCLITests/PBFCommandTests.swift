import Foundation
import OSMPBFTestSupport
import Testing
import VenuesTestSupport

/// `.osm.pbf` files as a user meets them, through the built executable: imported with
/// `venues osm import`, and searched in place as the OSM endpoint.
@Suite(.timeLimit(.minutes(5)))
struct PBFCommandTests {
    /// The bundled extract written as PBF (several zlib blocks of dense nodes) in `home`.
    static func samplePBF(in home: OSMIndexCommandTests.Home) throws -> URL {
        let url = home.root.appendingPathComponent("helsinki-centre.osm.pbf")
        var options = PBFTestFile.Options()
        options.elementsPerBlock = 4000
        options.boundingBox = (24_935_176_200, 24_953_414_500, 60_179_113_000, 60_164_155_000)
        try PBFTestFile.convert(xml: OSMIndexCommandTests.sample, to: url, options)
        return url
    }

    /// The venues of a JSON listing.
    static func venues(_ output: EndToEndProcess.Output) throws -> [NSDictionary] {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? NSDictionary)
        return try #require(document["venues"] as? [NSDictionary])
    }

    @Test func importAPBFFileAndSearchItInPlace() async throws {
        var home = try OSMIndexCommandTests.Home()
        let pbf = try Self.samplePBF(in: home)
        let imported = try await home.run(["osm", "import", pbf.path])
        #expect(imported.status == 0, "\(imported.transcript)")
        #expect(
            imported.stdout.contains(
                "Imported 1,205 venues (1,149 nodes, 47 ways, 9 relations) from helsinki-centre.osm.pbf"
            ),
            "\(imported.stdout)"
        )
        #expect(imported.stdout.contains(home.indexes.appendingPathComponent("helsinki-centre.sqlite").path))

        // The same listing from the index, the PBF file and the XML file.
        let search = ["nearby", "--providers", "osm", "--near", "60.1716,24.9443", "--radius", "700", "--limit", "500"]
        home.environment["VENUES_OVERPASS_URL"] = home.indexes.appendingPathComponent("helsinki-centre.sqlite").path
        let fromIndex = try await home.run(search + ["--format", "json"])
        #expect(fromIndex.status == 0, "\(fromIndex.transcript)")
        home.environment["VENUES_OVERPASS_URL"] = pbf.path
        let fromPBF = try await home.run(search + ["--format", "json", "--no-index"])
        #expect(fromPBF.status == 0, "\(fromPBF.transcript)")
        home.environment["VENUES_OVERPASS_URL"] = OSMIndexCommandTests.sample.path
        let fromXML = try await home.run(search + ["--format", "json", "--no-index"])
        let expected = try Self.venues(fromXML)
        #expect(expected.count > 400)
        #expect(try Self.venues(fromPBF) == expected)
        #expect(try Self.venues(fromIndex) == expected)
    }

    @Test func aDamagedPBFFileExitsWithTheOffsetAndLeavesTheOldIndex() async throws {
        var home = try OSMIndexCommandTests.Home()
        let pbf = try Self.samplePBF(in: home)
        #expect(try await home.run(["osm", "import", pbf.path, "--name", "city"]).status == 0)
        let index = home.indexes.appendingPathComponent("city.sqlite")
        let before = try Data(contentsOf: index)

        let bytes = try Data(contentsOf: pbf)
        let cut = home.root.appendingPathComponent("cut.osm.pbf")
        try bytes.prefix(bytes.count - 1000).write(to: cut)
        let failed = try await home.run(["osm", "import", cut.path, "--name", "city"])
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("cut.osm.pbf is not readable OSM PBF: at byte "), "\(failed.stderr)")
        #expect(failed.stderr.contains("it is truncated"), "\(failed.stderr)")
        #expect(try Data(contentsOf: index) == before)
        #expect(home.temporaryFiles().isEmpty)

        home.environment["VENUES_OVERPASS_URL"] = cut.path
        let searched = try await home.run(["nearby", "--providers", "osm", "--near", "60.17,24.94", "--no-index"])
        #expect(searched.status == 1, "\(searched.transcript)")
        #expect(searched.stderr.contains("cut.osm.pbf is not readable OSM PBF: at byte "), "\(searched.stderr)")
    }
}

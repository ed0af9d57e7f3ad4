import Foundation
import OSMModel
import Testing
import VenuesCore
import VenuesTestSupport

@testable import OverpassProvider

/// Every name an element goes by (its name tags) and its extent (`out bb`, or the bounding
/// box of its nodes in a local extract), for the merge.
@Suite("Overpass names and extents")
struct NamesAndExtentTests {
    /// An `out bb tags` answer as `output_xml.cc` prints it: nodes keep `lat`/`lon`, ways and
    /// relations have `<bounds>` in place of `<center>`.
    static let boundsAnswer = Data(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6" generator="Overpass API 0.7.62.1 084b4234">
        <note>The data included in this document is from www.openstreetmap.org. The data is made available under ODbL.</note>
        <meta osm_base="2024-03-20T12:00:00Z"/>

          <node id="2116538313" lat="60.1707129" lon="24.9412167">
            <tag k="name" v="Lyhdynkantajat"/>
            <tag k="name:en" v="The Lantern Carriers"/>
            <tag k="name:sv" v="Lyktbärarna"/>
            <tag k="tourism" v="artwork"/>
          </node>
          <way id="289767497">
            <bounds minlat="60.1680421" minlon="24.9372263" maxlat="60.1689943" maxlon="24.9392845"/>
            <tag k="name" v="Forum"/>
            <tag k="alt_name" v="Kauppakeskus Forum;Forum Shopping Centre"/>
            <tag k="name:etymology:wikidata" v="Q1"/>
            <tag k="brand" v="Forum"/>
            <tag k="shop" v="mall"/>
          </way>
          <relation id="9630">
            <bounds minlat="60.1693000" minlon="24.9398000" maxlat="60.1703000" maxlon="24.9421000"/>
            <tag k="name" v="Kauppakeskus Citycenter"/>
            <tag k="shop" v="mall"/>
          </relation>
          <way id="7">
            <tag k="name" v="Nowhere"/>
            <tag k="shop" v="mall"/>
          </way>

        </osm>
        """.utf8
    )

    @Test func boundsPlaceWaysAndRelationsAndBecomeTheirExtent() throws {
        let (venues, notes, elements) = try OverpassResponseDecoder.decode(Self.boundsAnswer)
        try #require(venues.map(\.id.native) == ["node/2116538313", "way/289767497", "relation/9630"])
        #expect(notes == ["skipped 1 way(s)/relation(s) without a usable <center> or <bounds>"])
        #expect(elements == 4)

        let statue = venues[0]
        #expect(statue.extent == nil)
        #expect(statue.coordinate == (try Coordinate(latitude: 60.1707129, longitude: 24.9412167)))

        let forum = venues[1]
        let extent = try #require(forum.extent)
        #expect(extent.south == 60.1680421 && extent.west == 24.9372263)
        #expect(extent.north == 60.1689943 && extent.east == 24.9392845)
        // The centre of the box, which is what Overpass prints for `out center`.
        #expect(abs(forum.coordinate.latitude - 60.1685182) < 1e-7)
        #expect(abs(forum.coordinate.longitude - 24.9382554) < 1e-7)
        #expect(venues[2].extent != nil)
    }

    @Test func everyNameTagIsANameWithItsKey() throws {
        let (venues, _, _) = try OverpassResponseDecoder.decode(Self.boundsAnswer)
        try #require(venues.count == 3)
        #expect(
            venues[0].names == [
                VenueName("Lyhdynkantajat", source: "name"),
                VenueName("The Lantern Carriers", source: "name:en", language: "en"),
                VenueName("Lyktbärarna", source: "name:sv", language: "sv"),
            ]
        )
        // Each value of a `;` list once; `name:etymology:…` is not a name; a brand equal to the
        // name adds nothing.
        #expect(
            venues[1].names == [
                VenueName("Forum", source: "name"),
                VenueName("Kauppakeskus Forum", source: "alt_name"),
                VenueName("Forum Shopping Centre", source: "alt_name"),
            ]
        )
        // Only `name`: nothing more to say.
        #expect(venues[2].names.isEmpty)
        #expect(venues[2].allNames == [VenueName("Kauppakeskus Citycenter", source: "name")])
    }

    @Test(
        "language subtags and other name keys",
        arguments: [
            ("name:zh-Hant", true), ("name:sr-Latn", true), ("name:fil", true), ("short_name", true),
            ("official_name", true), ("old_name", true), ("name:left", false), ("name:prefix", false),
            ("name:EN", false), ("not:name", false),
        ]
    )
    func nameKeys(key: String, isName: Bool) {
        var tags = OSMTags()
        tags.append(key: "name", value: "Savoy")
        tags.append(key: key, value: "Other")
        #expect(OSMVenueMapper.names(tags, name: "Savoy").contains { $0.source == key } == isName)
    }

    /// The local extract gives ways and relations the bounding box of their nodes in the file:
    /// checked against the independent line scan of the sample.
    @Test func localExtractExtentsAreTheBoxesOfTheNodesInTheFile() async throws {
        let provider = OverpassProvider(
            configuration: .init(endpoint: .file(OverpassTest.sampleFile)),
            httpClient: FailingHTTPClient()
        )
        let scan = try await ExtractLineScan.loadSample()
        let response = try await provider.nearby(VenueQuery(center: OverpassTest.helsinki, radius: 1000, limit: 10_000))
        var checked = 0
        for venue in response.venues where venue.id.native.hasPrefix("way/") {
            let way = try #require(scan.ways[String(venue.id.native.dropFirst(4))])
            let positions = way.nodes.compactMap { scan.nodes[$0]?.position }
            let extent = try #require(venue.extent, "\(venue.id)")
            #expect(extent.south == positions.map(\.latitude).min())
            #expect(extent.north == positions.map(\.latitude).max())
            #expect(extent.west == positions.map(\.longitude).min())
            #expect(extent.east == positions.map(\.longitude).max())
            #expect(venue.coordinate.distance(to: extent.center) < 0.01)
            checked += 1
        }
        #expect(checked > 20)
        #expect(response.venues.filter { $0.id.native.hasPrefix("node/") }.allSatisfy { $0.extent == nil })
        // Kiasma's outline is about 134 m across.
        let kiasma = try #require(response.venues.first { $0.id.native == "way/8042215" })
        #expect((120...150).contains(try #require(kiasma.extent).diagonal))
    }
}

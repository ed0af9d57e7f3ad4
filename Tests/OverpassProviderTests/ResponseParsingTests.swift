import Foundation
import OSMFiles
import OSMModel
import Testing
import VenuesCore

@testable import OverpassProvider

@Suite("Overpass XML parsing")
struct ResponseParsingTests {
    func decode(_ name: String) throws -> (venues: [Venue], notes: [String]) {
        let decoded = try OverpassResponseDecoder.decode(try OverpassTest.fixture(name))
        return (decoded.venues, decoded.notes)
    }

    @Test func realSmallAnswer() throws {
        let (venues, notes) = try decode("real-small.xml")
        // 19 elements: 16 nodes, 2 ways, 1 relation, all named (the query asked for [name]).
        #expect(venues.count == 19)
        #expect(notes.isEmpty)
        #expect(venues.filter { $0.id.native.hasPrefix("node/") }.count == 16)
        #expect(venues.filter { $0.id.native.hasPrefix("way/") }.count == 2)
        #expect(venues.filter { $0.id.native.hasPrefix("relation/") }.count == 1)
        let ids = Set(venues.map(\.id))
        #expect(ids.count == venues.count)
        for venue in venues where !venue.id.native.hasPrefix("relation/") {
            #expect(venue.coordinate.distance(to: OverpassTest.helsinki) < 150)
        }
        // The real server gave the tram-pub route relation a centre far away (-15.41, -87.53):
        // `around` matched a member near the point, and the radius rule drops it.
        let shaped = VenueSelectionShaper.shape(
            venues,
            center: OverpassTest.helsinki,
            for: VenueQuery(center: OverpassTest.helsinki, radius: 100, limit: 50)
        )
        #expect(!shaped.venues.contains { $0.id.native == "relation/335178" })
        #expect(shaped.notes.contains("dropped 1 venue(s) whose centre is outside the 100 m radius"))
        for venue in venues {
            #expect(venue.providerCategories.contains { $0.hasPrefix("amenity=") })
            #expect(venue.links.first?.url == "https://www.openstreetmap.org/\(venue.id.native)")
        }
    }

    @Test func realSmallFieldsComeFromTheTags() throws {
        let data = try OverpassTest.fixture("real-small.xml")
        let text = String(decoding: data, as: UTF8.self)
        let (venues, _) = try decode("real-small.xml")
        // Cross-check every venue against the raw text: its name appears XML-escaped in the file.
        for venue in venues {
            let escaped = venue.name.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(
                of: "\"",
                with: "&quot;"
            )
            #expect(text.contains("<tag k=\"name\" v=\"\(escaped)\"/>"), "\(venue.name)")
        }
        #expect(venues.contains { $0.name.contains("&") }, "an &amp; name is decoded")
        #expect(venues.contains { $0.name.unicodeScalars.contains { !$0.isASCII } }, "non-ASCII names survive")
    }

    @Test func wayWithCentreBeforeNodesAndTags() throws {
        // way-03.xml: four untagged nodes, then a way with <center> before <nd> and tags
        // (shop=florist, no name): parsed, but no venue.
        let data = try OverpassTest.fixture("way-03.xml")
        var seen: [(OSMElement.Kind, Int64, Double?, Double?, String?)] = []
        _ = try OSMXMLReader(options: .init(tags: true, references: true)).read(.memory(data)) { element in
            seen.append((element.kind, element.id, element.latitude, element.longitude, element.tags["shop"]))
            return .next
        }
        #expect(seen.count == 5)
        #expect(seen.prefix(4).allSatisfy { $0.0 == .node && $0.2 != nil && $0.4 == nil })
        #expect(seen.last?.0 == .way)
        #expect(seen.last?.1 == 225_576_797)
        #expect(seen.last?.2 == 41.8954998)
        #expect(seen.last?.3 == 12.5032265)
        #expect(seen.last?.4 == "florist")
        let (venues, notes) = try decode("way-03.xml")
        #expect(venues.isEmpty)
        #expect(notes == ["skipped 5 element(s) without a name"])
    }

    @Test func emptyCentreIsSkippedAndCounted() throws {
        let (venues, notes) = try decode("way-04.xml")
        #expect(venues.isEmpty)
        #expect(notes == ["skipped 1 way(s)/relation(s) without a usable <center> or <bounds>"])
    }

    @Test func relationWithoutCentreIsSkippedAndRelationWithCentreIsKept() throws {
        // relation-02.xml: nodes, a way and a relation printed without `center`.
        let (venues02, notes02) = try decode("relation-02.xml")
        #expect(venues02.allSatisfy { $0.id.native.hasPrefix("node/") })
        #expect(notes02.contains { $0.contains("without a usable <center>") })
        // relation-03.xml: a relation with <center> before its members.
        let data = try OverpassTest.fixture("relation-03.xml")
        var relations: [(Int64, Double?, Double?, Int)] = []
        _ = try OSMXMLReader(options: .init(tags: true, references: true)).read(.memory(data)) { element in
            if element.kind == .relation {
                relations.append(
                    (
                        element.id, element.latitude, element.longitude,
                        element.memberWays.count + element.memberNodes.count
                    )
                )
            }
            return .next
        }
        #expect(relations.count == 1)
        #expect(relations.first?.1 != nil && relations.first?.2 != nil)
        #expect((relations.first?.3 ?? 0) > 10)
    }

    @Test func nodesWithAndWithoutTags() throws {
        let data = try OverpassTest.fixture("node-01.xml")
        var nodes: [(Int64, Double?, Int)] = []
        let summary = try OSMXMLReader().read(.memory(data)) { element in
            nodes.append((element.id, element.latitude, element.tags.pairs.count))
            return .next
        }
        #expect(summary.elements == nodes.count)
        #expect(nodes.count == 3)
        #expect(nodes.allSatisfy { $0.1 != nil })
        #expect(nodes.contains { $0.2 == 0 } && nodes.contains { $0.2 > 0 })
    }

    @Test func areasAndMetaAreIgnored() throws {
        let (venues, notes) = try decode("area-01.xml")
        #expect(venues.isEmpty)
        #expect(notes.isEmpty)
    }

    @Test func emptyAnswerIsAnEmptyList() throws {
        let (venues, notes) = try decode("real-empty.xml")
        #expect(venues.isEmpty)
        #expect(notes.isEmpty)
    }

    @Test func realLargeAnswer() throws {
        let (venues, _) = try decode("real-large.xml")
        // 591 elements (567 nodes, 22 ways, 2 relations), all named.
        #expect(venues.count == 591)
        #expect(venues.filter { $0.id.native.hasPrefix("node/") }.count == 567)
        let nearest = VenueQuery(center: OverpassTest.helsinki, radius: 1000, limit: 10)
        let shaped = VenueSelectionShaper.shape(venues, center: OverpassTest.helsinki, for: nearest)
        #expect(shaped.venues.count == 10)
        let distances = shaped.venues.map { $0.coordinate.distance(to: OverpassTest.helsinki) }
        #expect(distances == distances.sorted())
    }

    /// `--sort name --limit 10` must list the first ten names of the whole circle, so the
    /// provider keeps every venue of the circle for the aggregator to sort, not its nearest ten.
    @Test(arguments: [VenueSort.name, .rating])
    func anotherOrderKeepsTheWholeCircle(sort: VenueSort) throws {
        let (venues, _) = try decode("real-large.xml")
        let query = VenueQuery(center: OverpassTest.helsinki, radius: 1000, limit: 10, sort: sort)
        let shaped = VenueSelectionShaper.shape(venues, center: OverpassTest.helsinki, for: query)
        let inCircle = venues.filter { $0.coordinate.distance(to: OverpassTest.helsinki) <= 1000 }
        #expect(shaped.venues.count == inCircle.count)
        #expect(shaped.venues.count > 10)
        let firstNames = inCircle.map(\.name).sorted { $0.localizedStandardCompare($1) == .orderedAscending }.prefix(10)
        let kept = Set(shaped.venues.map(\.name))
        #expect(firstNames.allSatisfy(kept.contains))
    }

    @Test func categoriesAreKeptToTheOnesAsked() throws {
        let (venues, _) = try decode("real-large.xml")
        let query = VenueQuery(center: OverpassTest.helsinki, radius: 1000, categories: [.cafe], limit: 1000)
        let shaped = VenueSelectionShaper.shape(venues, center: OverpassTest.helsinki, for: query)
        #expect(!shaped.venues.isEmpty)
        #expect(shaped.venues.allSatisfy { $0.categories.contains(.cafe) })
        #expect(shaped.notes.contains { $0.contains("outside the requested categories") })
    }

    @Test func htmlIsNotOSM() throws {
        #expect(throws: ProviderError.self) { try decode("real-error-syntax.xml") }
        #expect(throws: ProviderError.self) { try OverpassResponseDecoder.decode(Data("<osm><node id=\"1\"".utf8)) }
        #expect(throws: ProviderError.self) { try OverpassResponseDecoder.decode(Data()) }
    }

    @Test func externalEntitiesAreNotLoaded() throws {
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE osm [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
            <osm><node id="1" lat="1" lon="2"><tag k="name" v="&secret;"/><tag k="amenity" v="cafe"/></node></osm>
            """
        // Refused before parsing: no entity is declared, expanded or loaded (see EntityRefusalTests).
        #expect {
            try OverpassResponseDecoder.decode(Data(xml.utf8))
        } throws: { error in
            guard case ProviderError.invalidResponse(let message) = error else { return false }
            return message.contains("DOCTYPE")
        }
    }

    /// Attribute values as XML defines them: references decoded (`&amp;` and `&#38;` alike,
    /// while `&amp;#38;` stays the text `&#38;`), literal tabs and line breaks normalised to
    /// spaces, character references kept as written.
    @Test func attributeValuesAreDecodedAsXMLDefines() throws {
        let xml = """
            <osm version="0.6"><node id="-7" lat="-33.5" lon="+151.25">
              <tag k="a" v="Fish &amp; Chips"/><tag k="b" v="&#38;"/><tag k="c" v="&amp;#38;"/>
              <tag k="d" v="&lt;&gt;&quot;&apos;"/><tag k="e" v="&#x263A;&#9731;"/><tag k="f" v="a&#9;b&#10;c"/>
              <tag k="g" v="a\tb\nc"/><tag k="h&amp;" v=""/><tag k="i" v="Ca&#x301;fe&amp;&amp;"/>
            </node></osm>
            """
        var tags: [String: String] = [:]
        var position: (Int64, Double?, Double?)?
        _ = try OSMXMLReader().read(.memory(Data(xml.utf8))) { element in
            for pair in element.tags.pairs { tags[pair.key] = pair.value }
            position = (element.id, element.latitude, element.longitude)
            return .next
        }
        #expect(
            tags == [
                "a": "Fish & Chips", "b": "&", "c": "&#38;", "d": #"<>"'"#, "e": "☺☃", "f": "a\tb\nc", "g": "a b c",
                "h&": "", "i": "Ca\u{301}fe&&",
            ]
        )
        #expect(position?.0 == -7 && position?.1 == -33.5 && position?.2 == 151.25)
    }

    /// The visitor's `stop` ends the pass: no element after it is read.
    @Test func visitorStopEndsThePass() throws {
        let data = try OverpassTest.fixture("real-large.xml")
        var seen = 0
        let summary = try OSMXMLReader().read(.memory(data)) { _ in
            seen += 1
            return seen == 3 ? .stop : .next
        }
        #expect(seen == 3)
        #expect(summary.stoppedEarly)
        #expect(summary.elements == 3)
    }

    @Test func foreignRootAndTruncationAreMalformed() {
        #expect(throws: OSMFileError.malformed("not OSM XML: the document's root element is <html>")) {
            try OSMXMLReader().read(.memory(Data("<html><osm/></html>".utf8))) { _ in .next }
        }
        do {
            _ = try OSMXMLReader().read(.memory(Data(#"<osm><node id="1"><tag k="a" v="b"/>"#.utf8))) { _ in .next }
            Issue.record("a truncated document must fail")
        } catch {
            guard case .malformed(let message) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(message.hasPrefix("malformed XML: line 1: "), "\(message)")
        }
    }

    @Test func tagsMapOntoVenueFields() throws {
        let xml = """
            <osm version="0.6"><node id="42" lat="60.17" lon="24.94">
              <tag k="amenity" v="cafe"/><tag k="name" v=" Café Ekberg "/><tag k="addr:street" v="Bulevardi"/>
              <tag k="addr:housenumber" v="9"/><tag k="addr:postcode" v="00120"/><tag k="addr:city" v="Helsinki"/>
              <tag k="contact:phone" v="+358 9 6811 8660"/><tag k="url" v="https://ekberg.fi"/>
              <tag k="opening_hours" v="Mo-Fr 07:30-19:00"/><tag k="cuisine" v="coffee_shop"/><tag k="wheelchair" v="yes"/>
              <tag k="shop" v="bakery"/>
            </node></osm>
            """
        let venue = try #require(try OverpassResponseDecoder.decode(Data(xml.utf8)).venues.first)
        #expect(venue.id.description == "osm:node/42")
        #expect(venue.name == "Café Ekberg")
        #expect(venue.address == "Bulevardi 9, 00120 Helsinki")
        #expect(venue.phone == "+358 9 6811 8660")
        #expect(venue.website == "https://ekberg.fi")
        #expect(venue.openingHours == "Mo-Fr 07:30-19:00")
        #expect(venue.categories == [.bakery, .cafe, .shop])
        #expect(venue.providerCategories == ["amenity=cafe", "shop=bakery"])
        #expect(venue.extras == ["cuisine": "coffee_shop", "wheelchair": "yes"])
        #expect(
            venue.links == [
                VenueLink(kind: .providerPage, url: "https://www.openstreetmap.org/node/42", title: "OpenStreetMap")
            ]
        )
    }
}

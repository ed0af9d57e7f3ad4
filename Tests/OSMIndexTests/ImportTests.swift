import Foundation
import OSMModel
import OverpassProvider
import Testing
import VenuesCore
import VenuesSQLite
import VenuesTestSupport

@testable import OSMIndex

/// What an import writes: the venues the scan finds, placed where the scan places them, and a
/// file anyone can open with `sqlite3`.
@Suite("OSM index: import", .timeLimit(.minutes(5)))
struct ImportTests {
    /// Every venue of a file, by id, as a search of the file (the scan) and of its index give them.
    static func everything(_ osm: URL) async throws -> (scan: [Venue], index: [Venue], summary: OSMImportSummary) {
        let index = IndexTest.directory("import").appendingPathComponent("t.sqlite")
        let summary = try await offCooperativePool { try IndexTest.importIndex(osm, into: index) }
        let query = VenueQuery(center: try Coordinate(latitude: 0, longitude: 0), radius: 100_000, limit: 100_000)
        // A 100 km circle around each venue's area is enough for the small hand-made files.
        let centre = try Coordinate(latitude: 60.17, longitude: 24.94)
        var wide = query
        wide.center = centre
        let scan = try await IndexTest.provider(.file(osm)).nearby(wide).venues
        let indexed = try await IndexTest.provider(.index(index)).nearby(wide).venues
        return (scan.sorted { $0.id < $1.id }, indexed.sorted { $0.id < $1.id }, summary)
    }

    @Test func theBundledExtract() async throws {
        let index = try await IndexTest.sampleIndex.value
        let reader = try OSMIndexReader(url: index)
        #expect(reader.info.venues == 1205)
        #expect(reader.info.name == "helsinki-centre")
        #expect(reader.info.boundsOrigin == "declared")
        #expect(
            reader.info.bounds
                == OSMBounds(
                    minLatitude: 60.164155,
                    minLongitude: 24.9351762,
                    maxLatitude: 60.179113,
                    maxLongitude: 24.9534145
                )
        )
        #expect(reader.info.dataTimestamp == "2019-04-21T09:50:14Z")
        #expect(reader.info.sourceName == "helsinki-centre.osm")
        // SQLite's own checks of the R-tree (packed by the importer) and of the file.
        let database = try SQLiteConnection(path: index.path, access: .readOnly)
        #expect(try database.text("SELECT rtreecheck('venue_position')") == "ok")
        #expect(try database.text("PRAGMA integrity_check") == "ok")
        #expect(try database.integer("SELECT count(*) FROM venue WHERE osm_type = 'way'") == 47)
        #expect(try database.integer("SELECT count(*) FROM venue WHERE osm_type = 'relation'") == 9)
        #expect(try database.integer("SELECT osm_id FROM venue WHERE element = 59622323 * 4") == 59_622_323)
        // The word index lists every venue that has a word, and only those.
        let viaWords = try database.integer("SELECT venues FROM word WHERE word = 'kahvila'")
        var withWord = 0
        let rows = try database.prepare("SELECT search FROM venue")
        while try rows.step() {
            let words = SearchWords.words(rows.text(0) ?? "").map { SearchWords.string($0) }
            if words.contains("kahvila") { withWord += 1 }
        }
        #expect(viaWords == Int64(withWord) && withWord > 0)
    }

    /// The words are gathered on another thread and written at the end: every word of every
    /// venue's search text is listed once, in byte order, with exactly the venues that have it.
    @Test func theWordIndexListsEveryWordWithItsVenues() async throws {
        let directory = IndexTest.directory("word-index")
        let index = directory.appendingPathComponent("t.sqlite")
        try await offCooperativePool { try IndexTest.importIndex(IndexTest.sampleFile, into: index) }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["t.sqlite"],
            "nothing left beside it"
        )
        let database = try SQLiteConnection(path: index.path, access: .readOnly)
        var expected: [String: Set<Int64>] = [:]
        let rows = try database.prepare("SELECT element, search FROM venue")
        while try rows.step() {
            for word in SearchWords.words(rows.text(1) ?? "") {
                expected[SearchWords.string(word), default: []].insert(rows.int64(0))
            }
        }
        let list = try database.prepare("SELECT words FROM word_list WHERE id = 1")
        #expect(try list.step())
        let listed = String(decoding: list.blob(0), as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(listed == expected.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        let words = try database.prepare("SELECT id, word, venues, elements FROM word ORDER BY id")
        var count = 0
        while try words.step() {
            let word = words.text(1) ?? ""
            #expect(Int(words.int64(0)) == count && listed[count] == word)
            let elements = Self.decodeElements(words.blob(3))
            #expect(Set(elements) == expected[word], "\(word)")
            #expect(elements.count == Int(words.int64(2)), "\(word): each venue once")
            count += 1
        }
        #expect(count == expected.count && count > 1000)
    }

    /// `word.elements`: varints of zigzag differences.
    static func decodeElements(_ bytes: [UInt8]) -> [Int64] {
        var result: [Int64] = []
        var value: Int64 = 0
        var raw: UInt64 = 0
        var shift: UInt64 = 0
        for byte in bytes {
            raw |= UInt64(byte & 0x7F) << shift
            shift += 7
            guard byte < 0x80 else { continue }
            value &+= Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
            result.append(value)
            raw = 0
            shift = 0
        }
        return result
    }

    @Test func waysAndRelationsArePlacedAtTheCentreOfTheNodesPresent() async throws {
        let osm = IndexTest.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <osm version="0.6">
              <node id="1" lat="60.1000000" lon="24.9000000"/>
              <node id="2" lat="60.1020000" lon="24.9040000"/>
              <node id="3" lat="60.1010000" lon="24.9100000"/>
              <node id="5" lat="60.2000000" lon="25.0000000"><tag k="name" v="Node venue"/><tag k="amenity" v="cafe"/></node>
              <way id="10"><nd ref="1"/><nd ref="2"/><nd ref="99"/><tag k="name" v="Way, one node missing"/><tag k="shop" v="bakery"/></way>
              <way id="11"><nd ref="98"/><nd ref="97"/><tag k="name" v="Way without nodes"/><tag k="shop" v="kiosk"/></way>
              <way id="12"><nd ref="2"/><nd ref="3"/></way>
              <relation id="20">
                <member type="node" ref="1" role=""/>
                <member type="way" ref="12" role="outer"/>
                <member type="way" ref="96" role="outer"/>
                <member type="relation" ref="21" role=""/>
                <tag k="name" v="Relation of a node and a way"/><tag k="leisure" v="park"/>
              </relation>
              <relation id="21"><member type="relation" ref="20" role=""/><tag k="name" v="Relation of a relation"/><tag k="tourism" v="museum"/></relation>
            </osm>
            """
        )
        let (scan, indexed, summary) = try await Self.everything(osm)
        #expect(indexed == scan)
        #expect(summary.nodeVenues == 1 && summary.wayVenues == 1 && summary.relationVenues == 1)
        #expect(summary.notes.contains { $0.contains("2 way(s)/relation(s)") })
        let byID = Dictionary(uniqueKeysWithValues: indexed.map { ($0.id.description, $0.coordinate) })
        #expect(byID["osm:way/10"] == (try Coordinate(latitude: 60.101, longitude: 24.902)))
        #expect(byID["osm:relation/20"] == (try Coordinate(latitude: 60.101, longitude: 24.905)))
        #expect(byID["osm:way/11"] == nil && byID["osm:relation/21"] == nil)
    }

    @Test func aFileInAnyOrderGivesTheSameIndex() async throws {
        let sorted = """
            <osm version="0.6">
              <node id="1" lat="60.1" lon="24.9"/>
              <node id="2" lat="60.2" lon="24.95"><tag k="name" v="Kahvila"/><tag k="amenity" v="cafe"/></node>
              <node id="3" lat="60.15" lon="25.0"/>
              <way id="7"><nd ref="1"/><nd ref="3"/><tag k="name" v="Halli"/><tag k="shop" v="mall"/></way>
              <way id="8"><nd ref="3"/><nd ref="2"/></way>
              <relation id="9"><member type="way" ref="8" role=""/><tag k="name" v="Puisto"/><tag k="leisure" v="park"/></relation>
            </osm>
            """
        let shuffled = """
            <osm version="0.6">
              <relation id="9"><member type="way" ref="8" role=""/><tag k="name" v="Puisto"/><tag k="leisure" v="park"/></relation>
              <way id="8"><nd ref="3"/><nd ref="2"/></way>
              <node id="3" lat="60.15" lon="25.0"/>
              <way id="7"><nd ref="1"/><nd ref="3"/><tag k="name" v="Halli"/><tag k="shop" v="mall"/></way>
              <node id="2" lat="60.2" lon="24.95"><tag k="name" v="Kahvila"/><tag k="amenity" v="cafe"/></node>
              <node id="1" lat="60.1" lon="24.9"/>
            </osm>
            """
        let first = try await Self.everything(IndexTest.write(sorted))
        let second = try await Self.everything(IndexTest.write(shuffled))
        #expect(first.index.count == 3)
        #expect(first.index == second.index)
        #expect(second.index == second.scan)
    }

    @Test func namesInEveryScriptAreStoredAndFoundAsTheScanFindsThem() async throws {
        let names = [
            "☕ Café 😀 Ängel", "مقهى الشرق", "Cafe\u{301} Decomposed", "東京カフェ", "Кафе Пушкин", "Καφενείο Ωραίο",
            "İstanbul Kebap", "Straße Bäckerei", "한글 식당", "👩‍🍳 Küche", "Tab\tand\u{A0}space", "Ümlaut &amp; Co",
            "&#x1F600; entity", "Øresund Kro", "Łódź Pierogi", "ǅemal's",
        ]
        var xml = "<osm version=\"0.6\">\n"
        for (index, name) in names.enumerated() {
            xml += "<node id=\"\(index + 1)\" lat=\"60.1\(index)\" lon=\"24.9\(index)\"><tag k=\"name\" v=\"\(name)\"/>"
            xml += "<tag k=\"amenity\" v=\"restaurant\"/><tag k=\"name:en\" v=\"English \(index)\"/></node>\n"
        }
        xml += "</osm>\n"
        let osm = IndexTest.write(xml)
        let index = IndexTest.directory("scripts").appendingPathComponent("s.sqlite")
        _ = try await offCooperativePool { try IndexTest.importIndex(osm, into: index) }
        let centre = try Coordinate(latitude: 60.15, longitude: 24.95)
        for term in [
            "cafe", "CAFÉ", "é", "😀", "مقهى", "東京", "кафе", "καφε", "istanbul", "i̇stanbul", "strasse", "straße", "식당",
            "👩‍🍳", "küche", "kuche", "and\u{A0}sp", "tab and", "& co", "😀 entity", "oresund", "lodz", "łódź", "ǆemal",
            "english 1",
        ] {
            let query = VenueQuery(center: centre, radius: 50_000, term: term, limit: 100)
            let scan = try await IndexTest.provider(.file(osm)).search(query)
            let indexed = try await IndexTest.provider(.index(index)).search(query)
            #expect(indexed.venues == scan.venues, "\(term.debugDescription)")
        }
        // Every tag comes back as it was written.
        let venue = try await IndexTest.provider(.index(index)).venue(try VenueID(parsing: "osm:node/12"))
        #expect(venue.name == "Ümlaut & Co")
        #expect(venue.extras["name:en"] == "English 11")
    }

    @Test func anElementListedTwiceIsIndexedOnce() async throws {
        let osm = IndexTest.write(
            """
            <osm version="0.6">
              <node id="1" lat="60.1" lon="24.9"><tag k="name" v="First"/><tag k="amenity" v="cafe"/></node>
              <node id="1" lat="60.1" lon="24.9"><tag k="name" v="Again"/><tag k="amenity" v="cafe"/></node>
            </osm>
            """
        )
        let index = IndexTest.directory("twice").appendingPathComponent("t.sqlite")
        let summary = try await offCooperativePool { try IndexTest.importIndex(osm, into: index) }
        #expect(summary.notes.contains { $0.contains("listed twice") })
        #expect(summary.venues == 1)
        #expect(try OSMIndexReader(url: index).info.venues == 1)
        #expect(try SQLiteConnection(path: index.path, access: .readOnly).integer("SELECT count(*) FROM venue") == 1)
    }

    @Test func aFileWithoutVenuesGivesAnEmptyIndexThatHoldsNoArea() async throws {
        let osm = IndexTest.write(
            #"<osm version="0.6"><node id="1" lat="60.1" lon="24.9"/><node id="2" lat="60.2" lon="25.1"/></osm>"#
        )
        let index = IndexTest.directory("empty").appendingPathComponent("e.sqlite")
        let summary = try await offCooperativePool { try IndexTest.importIndex(osm, into: index) }
        #expect(summary.venues == 0)
        let info = try OSMIndexReader(url: index).info
        // No bounds declared, and no venue to say where its data lies: it holds no area.
        #expect(info.boundsOrigin == "derived")
        #expect(info.bounds == nil && info.coverage == .cells(CoverageCells(cells: [])))
        let response = try await IndexTest.provider(.index(index)).nearby(
            VenueQuery(center: try Coordinate(latitude: 60.15, longitude: 25), radius: 10_000)
        )
        #expect(response.venues.isEmpty)
        #expect(response.coverage == 0 && response.warnings.count == 1, "\(response.warnings)")
        #expect(
            try SQLiteConnection(path: index.path, access: .readOnly).text("SELECT rtreecheck('venue_position')")
                == "ok"
        )
    }
}

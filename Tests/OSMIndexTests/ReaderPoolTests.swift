import Foundation
import OSMIndex
import OSMModel
import Testing
import VenuesCore
import VenuesTestSupport

/// The readers a long-running process keeps: the same answers as a reader of its own, again and
/// again (with the venues of recent words kept), and the new file's answers once an import has
/// replaced it.
@Suite("OSM index: readers kept open")
struct ReaderPoolTests {
    static func query(_ term: String, center: Coordinate = IndexTest.helsinki) throws -> OSMIndexReader.Query {
        OSMIndexReader.Query(
            center: center,
            radius: 1_500,
            categories: [],
            selection: try OSMSelection(categories: [], term: term),
            nearest: nil,
            ranked: 10
        )
    }

    @Test func keptReadersAnswerAsNewOnesAndFollowAReplacedFile() async throws {
        let directory = IndexTest.directory("pool")
        let index = directory.appendingPathComponent("city.sqlite")
        try await offCooperativePool { try IndexTest.importIndex(IndexTest.sampleFile, into: index) }
        // The venues of the words sought by position, where their lists are kept between searches.
        let pool = OSMIndexReaderPool(readers: 2, directTextCandidates: 0)
        let fresh = try OSMIndexReader(url: index)
        // The same circles again and again, with other terms (as-you-type): their venues are kept too.
        let elsewhere = try Coordinate(latitude: 60.1640, longitude: 24.9300)
        for center in [IndexTest.helsinki, elsewhere, IndexTest.helsinki] {
            for term in ["kahv", "Stokcmann", "ravintola", "kahv", "Robert's Cofee", "ravintola"] {
                let kept = try pool.withReader(index) { try $0.search(Self.query(term, center: center)) }
                let own = try fresh.search(Self.query(term, center: center))
                #expect(kept.venues == own.venues, "\(term) at \(center)")
                #expect(kept.matches == own.matches, "\(term) at \(center)")
            }
        }
        #expect(try pool.withReader(index) { try $0.search(Self.query("Stockmann")) }.venues.count > 1)
        #expect(pool.indexes(in: directory, meeting: IndexTest.helsinki, radius: 1_000) == [index])
        #expect(
            pool.indexes(in: directory, meeting: try Coordinate(latitude: 52.37, longitude: 4.9), radius: 1_000).isEmpty
        )

        // A new import renames another file into place: one with a single venue.
        let osm = IndexTest.write(
            """
            <osm version="0.6"><node id="1" lat="60.1716" lon="24.9443"><tag k="name" v="Stockmann Pop-up"/>\
            <tag k="shop" v="department_store"/></node></osm>
            """
        )
        try await offCooperativePool { try IndexTest.importIndex(osm, into: index) }
        let replaced = try pool.withReader(index) { try $0.search(Self.query("Stockmann")) }
        #expect(replaced.venues.map(\.name) == ["Stockmann Pop-up"])
        #expect(try pool.withReader(index) { try $0.search(Self.query("kahv")) }.venues.isEmpty)
    }
}

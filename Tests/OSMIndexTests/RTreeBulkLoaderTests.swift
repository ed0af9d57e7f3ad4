import Foundation
import Testing
import VenuesSQLite
import VenuesTestSupport

@testable import OSMIndex

/// The packed R-tree is one SQLite accepts and answers from exactly as a brute-force search.
@Suite("OSM index: packed R-tree")
struct RTreeBulkLoaderTests {
    @Test(arguments: [1, 46, 47, 51, 52, 2_117, 2_601, 20_000])
    func aPackedTreePassesSQLitesCheckAndFindsWhatABruteForceSearchFinds(count: Int) throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let database = try SQLiteConnection(path: scratch.file("r.sqlite").path, access: .readWriteCreate)
        try database.execute("CREATE VIRTUAL TABLE t USING rtree_i32(id, a0, a1, b0, b1)")
        for draw in SeededGenerator.draws(
            "aPackedTreePassesSQLitesCheckAndFindsWhatABruteForceSearchFinds",
            seed: 20_261_127
        ) {
            let (seed, seeded) = draw
            var generator = seeded
            var entries = (0..<count).map { index -> RTreePoint in
                RTreePoint(
                    id: Int64(index) * 4 + Int64(index % 3),
                    latitude: Int32.random(in: -900_000_000...900_000_000, using: &generator),
                    longitude: Int32.random(in: -1_800_000_000...1_800_000_000, using: &generator)
                )
            }
            let original = entries
            try database.transaction { try RTreeBulkLoader.load(&entries, into: "t", connection: database) }
            #expect(try database.text("SELECT rtreecheck('t')") == "ok")
            #expect(try database.integer("SELECT count(*) FROM t") == Int64(count))
            // Every node leaves room for an update's inserts (a node's cell count is its bytes 3–4).
            let nodes = try database.prepare("SELECT data FROM t_node")
            var fullest = 0
            while try nodes.step() {
                let data = nodes.blob(0)
                fullest = max(fullest, Int(data[2]) << 8 | Int(data[3]))
            }
            #expect(fullest == min(count, RTreeBulkLoader.cellsPerPackedNode))
            #expect(fullest < RTreeBulkLoader.cellsPerNode)

            let query = try database.prepare("SELECT id FROM t WHERE b0 <= ?4 AND b1 >= ?3 AND a0 <= ?2 AND a1 >= ?1")
            for _ in 0..<20 {
                let latitude = Int32.random(in: -900_000_000...800_000_000, using: &generator)
                let longitude = Int32.random(in: -1_800_000_000...1_700_000_000, using: &generator)
                let size = Int32.random(in: 1_000...300_000_000, using: &generator)
                try query.bind(Int64(latitude), at: 1)
                try query.bind(Int64(latitude) + Int64(size), at: 2)
                try query.bind(Int64(longitude), at: 3)
                try query.bind(Int64(longitude) + Int64(size), at: 4)
                var found = Set<Int64>()
                while try query.step() { found.insert(query.int64(0)) }
                query.reset()
                let expected = Set(
                    original.filter { entry in
                        Int64(entry.latitude) >= Int64(latitude)
                            && Int64(entry.latitude) <= Int64(latitude) + Int64(size)
                            && Int64(entry.longitude) >= Int64(longitude)
                            && Int64(entry.longitude) <= Int64(longitude) + Int64(size)
                    }.map(\.id)
                )
                #expect(found == expected, "seed \(seed), \(count) entries")
            }
            // SQLite can go on changing the packed tree.
            try database.execute("INSERT INTO t VALUES (-1, 0, 0, 0, 0); DELETE FROM t WHERE id = 0")
            #expect(try database.text("SELECT rtreecheck('t')") == "ok")
        }
    }
}

import Foundation
import OSMModel
import Testing
import VenuesCore
import VenuesTestSupport

@testable import OSMIndex

/// A pooled reader answers a text search in a small circle from the venues of the grid cells
/// that cover it, kept between searches: the same venues as a reader of its own, wherever the
/// circle falls on the grid.
@Suite("OSM index: grid cells kept between searches")
struct PositionCellTests {
    @Test func cellsAreHalfOpenAndCoverTheirBoxes() throws {
        let side = Int32(PositionCell.side)
        #expect(PositionCell.index(0) == 0)
        #expect(PositionCell.index(side - 1) == 0)
        #expect(PositionCell.index(side) == 1)
        #expect(PositionCell.index(-1) == -1)
        #expect(PositionCell.index(-side) == -1)
        #expect(PositionCell.index(-side - 1) == -2)
        #expect(PositionCell.index(1_800_000_000) == 11_520)
        #expect(PositionCell.index(-1_800_000_000) == -11_520)
        // Every point lies within the bounds of its own cell.
        for draw in SeededGenerator.draws("PositionCellTests.cellsAreHalfOpenAndCoverTheirBoxes") {
            var (seed, random) = draw
            for _ in 0..<10_000 {
                let latitude = Int32.random(in: -900_000_000...900_000_000, using: &random)
                let longitude = Int32.random(in: -1_800_000_000...1_800_000_000, using: &random)
                let cell = PositionCell(
                    generation: 0,
                    row: PositionCell.index(latitude),
                    column: PositionCell.index(longitude)
                )
                let bounds = cell.bounds
                #expect((bounds.minLatitude...bounds.maxLatitude).contains(Int64(latitude)), "seed \(seed)")
                #expect((bounds.minLongitude...bounds.maxLongitude).contains(Int64(longitude)), "seed \(seed)")
            }
            // A circle across the antimeridian: cells on both sides, each once.
            let east = try Coordinate(latitude: -17, longitude: 179.99)
            let cells = try #require(
                PositionCell.cells(covering: CircleBox.boxes(around: east, radius: 3_000), generation: 0)
            )
            #expect(Set(cells).count == cells.count)
            #expect(cells.contains { $0.column < 0 } && cells.contains { $0.column > 0 })
            // A wide circle is too many cells.
            #expect(PositionCell.cells(covering: CircleBox.boxes(around: east, radius: 50_000), generation: 0) == nil)
        }
    }

    @Test func keptCellsGiveTheVenuesOfAReaderOfItsOwn() async throws {
        let directory = IndexTest.directory("cells")
        let index = directory.appendingPathComponent("city.sqlite")
        try await offCooperativePool { try IndexTest.importIndex(IndexTest.sampleFile, into: index) }
        let fresh = try OSMIndexReader(url: index)
        // Every term's venues sought by position, so that the cells answer.
        let pooled = try OSMIndexReader(url: index, directTextCandidates: 0)
        let cells = RecentCells(budget: 300, largest: 300)
        pooled.recentCells = cells
        for draw in SeededGenerator.draws("PositionCellTests.keptCellsGiveTheVenuesOfAReaderOfItsOwn") {
            var (seed, random) = draw
            let terms = ["kahv", "Stokcmann", "ravintola", "Robert's Cofee", "pizz", "baari", "sushi", "hotel"]
            var compared = 0
            for _ in 0..<120 {
                let center = try Coordinate(
                    latitude: IndexTest.helsinki.latitude + Double.random(in: -0.02...0.02, using: &random),
                    longitude: IndexTest.helsinki.longitude + Double.random(in: -0.04...0.04, using: &random)
                )
                let query = OSMIndexReader.Query(
                    center: center,
                    radius: [150, 600, 1_500, 4_000, 12_000].randomElement(using: &random)!,
                    categories: [],
                    selection: try OSMSelection(categories: [], term: terms.randomElement(using: &random)!),
                    nearest: nil,
                    ranked: Bool.random(using: &random) ? 10 : nil
                )
                let kept = try pooled.search(query)
                let own = try fresh.search(query)
                #expect(kept.venues == own.venues, "seed \(seed): \(query.selection) at \(center), \(query.radius) m")
                #expect(kept.matches == own.matches, "seed \(seed)")
                compared += own.venues.count
            }
            #expect(compared > 100, "seed \(seed)")
            // The cells were used, and the budget held them down: it counts venues, and an empty
            // cell (the sea around Helsinki) as one, so that empty cells cannot pile up.
            #expect(cells.count > 0, "seed \(seed)")
            #expect(cells.cost <= 300, "seed \(seed)")
            #expect(cells.count <= cells.cost, "seed \(seed)")
        }
    }

    @Test func emptyListsCountAgainstTheBudget() {
        let lists = RecentVenueLists<Int, [Int64]>(budget: 10, largest: 10)
        for key in 0..<50 {
            _ = lists.list(for: key) { [] }
        }
        #expect(lists.count <= 10)
        #expect(lists.cost <= 10)
        // A kept list is found again without being made.
        _ = lists.list(for: 49) { [] }
        let again = lists.list(for: 49) {
            Issue.record("made again")
            return [1]
        }
        #expect(again.isEmpty)
    }
}

import Foundation
import Testing
import VenuesCore
import VenuesTestSupport

@testable import VenuesMerge

@Suite("Spatial grid")
struct DedupSpatialGridTests {
    /// A deterministic scatter of points over about 2 km × 2 km.
    func scatter(_ count: Int, seed: UInt64 = 42) -> [Coordinate] {
        var state = seed
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        return (0..<count).map { _ in DedupFixture.offset(north: next() * 2000, east: next() * 2000) }
    }

    @Test("candidates are the points of the 3×3 neighbourhood: all near ones, no far ones")
    func candidatesAreNeighbours() {
        let points = scatter(400)
        let grid = SpatialGrid(points, cellSize: 250)
        for i in points.indices {
            let candidates = Set(grid.candidates(of: i))
            #expect(!candidates.contains(i))
            for j in points.indices where j != i {
                let distance = points[i].distance(to: points[j])
                if distance <= 250 {
                    #expect(candidates.contains(j), "\(j) is \(distance) m from \(i) but not a candidate")
                }
                if distance > 250 * 3 * 2.squareRoot() {
                    #expect(!candidates.contains(j), "\(j) is \(distance) m from \(i) yet a candidate")
                }
            }
        }
    }

    /// The merge walks the pairs on two threads, each over its own range of cells, and over a
    /// grid renumbered in cell order: together they must visit the same pairs, once.
    @Test("the pairs of the cell ranges, and of the renumbered grid, are the pairs of the grid")
    func rangesAndRenumberingKeepThePairs() {
        let points = scatter(500, seed: 11)
        let grid = SpatialGrid(points, cellSize: 100)
        var all: [Int: Int] = [:]
        grid.forEachPair { i, j, _ in all[i * points.count + j, default: 0] += 1 }
        for parts in [1, 2, 3, 7] {
            let ranges = grid.cellRanges(parts)
            #expect(ranges.count <= parts && ranges.first?.lowerBound == 0 && ranges.last?.upperBound == grid.cellCount)
            var seen: [Int: Int] = [:]
            for range in ranges {
                grid.forEachPair(cells: range) { i, j, _ in seen[i * points.count + j, default: 0] += 1 }
            }
            #expect(seen == all, "\(parts) parts")
        }
        let renumbered = grid.reordered()
        var mapped: [Int: Int] = [:]
        renumbered.forEachPair { i, j, _ in
            let (a, b) = (Int(grid.order[i]), Int(grid.order[j]))
            mapped[min(a, b) * points.count + max(a, b), default: 0] += 1
        }
        #expect(mapped == all)
    }

    /// The squared distance of two points on the grid's plane, as the grid documents it and
    /// computed here: x = longitude · cos φ₀, y = latitude, in metres, φ₀ the latitude farthest
    /// from the equator among `points`, with the grid's margin.
    static func projection(of points: [Coordinate], cellSize: Double) -> (Coordinate, Coordinate) -> Double {
        let metresPerDegree = Coordinate.earthRadius * Double.pi / 180
        let farthest = (points.map { abs($0.latitude) }.max() ?? 0) * Double.pi / 180
        let xScale = metresPerDegree * cos(farthest + SpatialGrid.latitudeMargin(farthest, cellSize: cellSize))
        return { a, b in
            let dx = (a.longitude - b.longitude) * xScale
            let dy = (a.latitude - b.latitude) * metresPerDegree
            return dx * dx + dy * dy
        }
    }

    /// Random circles and rows along a parallel, at random latitudes (to ±88°), spans and cell
    /// sizes: the pairs within a radius are exactly the pairs, of all pairs compared here, whose
    /// distance on the plane is within it, with that distance; and the distance on the plane is
    /// never more than the true one (so that no pair within a true radius is missed).
    @Test("the pairs within a radius are those of all pairs compared, on the plane never farther than on the sphere")
    func pairsWithinARadiusAgainstAllPairs() {
        for drawn in SeededGenerator.draws("DedupSpatialGridTests.pairsWithinARadiusAgainstAllPairs", seed: 5) {
            let seed = drawn.seed
            var generator = drawn.generator
            var pairsFound = 0
            for round in 0..<40 {
                // Every fourth circle is a row along one parallel far from the equator, 20 km long in
                // cells of 400 m: there lies the worst case of the projection (the great circle
                // between two points of a parallel is shorter than the parallel, by micrometres
                // between points a kilometre apart at 70°, millimetres at 88°).
                let alongAParallel = round % 4 == 0
                let latitude =
                    alongAParallel
                    ? Double.random(in: 70...88, using: &generator) * (Bool.random(using: &generator) ? 1 : -1)
                    : Double.random(in: -88...88, using: &generator)
                let base = try! Coordinate(
                    latitude: latitude,
                    longitude: Double.random(in: -170...170, using: &generator)
                )
                let span = alongAParallel ? 20_000 : [300.0, 2_000, 20_000].randomElement(using: &generator)!
                let points = (0..<150).map { _ in
                    DedupFixture.offset(
                        base,
                        north: alongAParallel ? 0 : Double.random(in: -span / 2...span / 2, using: &generator),
                        east: Double.random(in: -span / 2...span / 2, using: &generator)
                    )
                }
                let cellSize = alongAParallel ? 400 : [25.0, 100, 400].randomElement(using: &generator)!
                let grid = SpatialGrid(points, cellSize: cellSize)
                let projected = Self.projection(of: points, cellSize: cellSize)
                let context = "seed \(seed), round \(round): \(base), span \(span) m, cells \(cellSize) m"
                for radius in [0, cellSize * 0.3, cellSize] {
                    var expected: [Int: Double] = [:]
                    for i in points.indices {
                        for j in points.indices where j > i {
                            let squared = projected(points[i], points[j])
                            if squared <= radius * radius { expected[i * points.count + j] = squared }
                        }
                    }
                    var seen: [Int: Double] = [:]
                    for range in grid.cellRanges(2) {
                        grid.forEachPair(cells: range, within: radius) { i, j, squared in
                            #expect(i < j && seen[i * points.count + j] == nil, "each pair once, \(context)")
                            seen[i * points.count + j] = squared
                        }
                    }
                    #expect(Set(seen.keys) == Set(expected.keys), "radius \(radius), \(context)")
                    for (pair, squared) in seen {
                        let wanted = expected[pair] ?? -1
                        #expect(abs(squared - wanted) <= 1e-6 * max(1, wanted), "radius \(radius), \(context)")
                    }
                    pairsFound += seen.count
                }
                grid.forEachPair { i, j, squared in
                    let metres = points[i].distance(to: points[j])
                    #expect(squared.squareRoot() <= metres * (1 + 1e-9) + 1e-6, "\(i), \(j): \(context)")
                }
            }
            #expect(pairsFound > 1_000, "seed \(seed)")
        }
    }

    @Test("forEachPair visits each near pair exactly once and agrees with candidates(of:)")
    func pairsOnce() {
        let points = scatter(300, seed: 7)
        let grid = SpatialGrid(points, cellSize: 250)
        var seen: [Int: Int] = [:]
        grid.forEachPair { i, j, _ in
            #expect(i < j)
            seen[i * points.count + j, default: 0] += 1
        }
        #expect(seen.values.allSatisfy { $0 == 1 })
        var expected = 0
        for i in points.indices {
            for j in grid.candidates(of: i) where j > i {
                expected += 1
                #expect(seen[i * points.count + j] == 1)
            }
        }
        #expect(seen.count == expected)
        for i in points.indices {
            for j in points.indices where j > i && points[i].distance(to: points[j]) <= 250 {
                #expect(seen[i * points.count + j] == 1)
            }
        }
    }

    @Test("candidate pairs grow linearly with the area at a fixed density")
    func linearGrowth() {
        // A square lattice every 50 m: the number of pairs per point is bounded by a constant for a small
        // and a 9 times larger area, as it would not be with all pairs.
        func pairsPerPoint(side: Int) -> Double {
            var points: [Coordinate] = []
            for row in 0..<side {
                for column in 0..<side {
                    points.append(DedupFixture.offset(north: Double(row) * 50, east: Double(column) * 50))
                }
            }
            var pairs = 0
            SpatialGrid(points, cellSize: 250).forEachPair { _, _, _ in pairs += 1 }
            return Double(pairs) / Double(points.count)
        }
        // 25 points per 250 m cell, each meeting at most the 9 × 25 points around it once.
        let bound = 9.0 * 25 / 2
        let small = pairsPerPoint(side: 40)
        let large = pairsPerPoint(side: 120)
        #expect(small <= bound)
        #expect(large <= bound)
        #expect(large < small * 1.15)
    }
}

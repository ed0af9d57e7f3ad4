import Foundation
public import VenuesCore

/// A uniform grid over points, for finding every pair of points closer than a radius
/// without comparing all pairs.
///
/// Points are projected onto a plane (equirectangular: x = longitude · cos φ₀, y = latitude,
/// in metres, with φ₀ a hair farther from the equator than the farthest latitude among the
/// points, so that the projected distance of two points the walk pairs never exceeds the true
/// one; below 89°) and put into square cells of side ``cellSize``. Two
/// points within ``cellSize`` metres of each other lie in the same or adjacent cells, so a
/// point's candidates are the points of its 3×3 neighbourhood. With a bounded density of
/// points, the work grows linearly with their number. (Points on both sides of the 180°
/// meridian are not paired.)
public struct SpatialGrid: Sendable {
    /// Side of a cell in metres: the largest distance ``forEachPair(_:)`` guarantees to find.
    public let cellSize: Double
    /// Projected x, y of each point, in metres.
    let xs: [Double]
    let ys: [Double]
    /// Metres per degree of longitude in the projection.
    let xScale: Double
    /// Point indices ordered by cell (nearby points are near each other in this order).
    let order: [Int32]
    /// Each occupied cell's range in ``order``.
    private let cells: [Int64: Range<Int32>]
    /// The occupied cells, in ``order``.
    private let cellKeys: [Int64]
    private let cellOf: [Int64]

    /// Metres per degree of latitude on the sphere of ``Coordinate/earthRadius``.
    static let metresPerDegree = Coordinate.earthRadius * Double.pi / 180

    /// How much farther from the equator than `latitude` (radians) the projection's parallel
    /// lies, in radians. Between two points on one parallel the great circle is shorter than the
    /// parallel, by a share of about d² tan²φ / 24R² for points d apart: cos φ alone would put
    /// such points a little farther apart on the plane (a millimetre per kilometre at 88°) than
    /// they are. The cosine of φ + d² tan φ / 12R² is smaller by twice that share, for the
    /// farthest points the walk pairs (d = 3 cells).
    static func latitudeMargin(_ latitude: Double, cellSize: Double) -> Double {
        let reach = 3 * cellSize
        return reach * reach * tan(latitude) / (12 * Coordinate.earthRadius * Coordinate.earthRadius)
    }

    /// Indexes the coordinates; point `i` is `coordinates[i]`.
    public init(_ coordinates: [Coordinate], cellSize: Double) {
        precondition(cellSize > 0, "cell size must be positive")
        self.cellSize = cellSize
        let farthest = min(89.0, coordinates.map { abs($0.latitude) }.max() ?? 0) * Double.pi / 180
        let xScale = Self.metresPerDegree * cos(farthest + Self.latitudeMargin(farthest, cellSize: cellSize))
        self.xScale = xScale
        xs = coordinates.map { $0.longitude * xScale }
        ys = coordinates.map { $0.latitude * Self.metresPerDegree }
        let cellOf = zip(xs, ys).map { x, y in
            Self.cellKey(Int32((x / cellSize).rounded(.down)), Int32((y / cellSize).rounded(.down)))
        }
        // By cell, then by index: sorting the pairs themselves reads no other array per comparison.
        var keyed = cellOf.enumerated().map { (cell: $0.element, point: Int32($0.offset)) }
        keyed.sort { $0.cell != $1.cell ? $0.cell < $1.cell : $0.point < $1.point }
        let order = keyed.map(\.point)
        var cells: [Int64: Range<Int32>] = [:]
        var cellKeys: [Int64] = []
        var start = 0
        while start < order.count {
            let key = cellOf[Int(order[start])]
            var end = start + 1
            while end < order.count, cellOf[Int(order[end])] == key { end += 1 }
            cells[key] = Int32(start)..<Int32(end)
            cellKeys.append(key)
            start = end
        }
        self.order = order
        self.cells = cells
        self.cellKeys = cellKeys
        self.cellOf = cellOf
    }

    private init(
        cellSize: Double,
        xs: [Double],
        ys: [Double],
        xScale: Double,
        order: [Int32],
        cells: [Int64: Range<Int32>],
        cellKeys: [Int64],
        cellOf: [Int64]
    ) {
        self.cellSize = cellSize
        self.xs = xs
        self.ys = ys
        self.xScale = xScale
        self.order = order
        self.cells = cells
        self.cellKeys = cellKeys
        self.cellOf = cellOf
    }

    /// The same grid over the points renumbered in ``order`` (point `k` of the result is point
    /// `order[k]` of this grid), without sorting again: the points of a cell are then
    /// consecutive numbers.
    func reordered() -> SpatialGrid {
        SpatialGrid(
            cellSize: cellSize,
            xs: order.map { xs[Int($0)] },
            ys: order.map { ys[Int($0)] },
            xScale: xScale,
            order: Array(0..<Int32(order.count)),
            cells: cells,
            cellKeys: cellKeys,
            cellOf: order.map { cellOf[Int($0)] }
        )
    }

    /// The projected position of a point, in metres.
    func project(latitude: Double, longitude: Double) -> (x: Double, y: Double) {
        (longitude * xScale, latitude * Self.metresPerDegree)
    }

    /// Calls `body(index)` for every point in the cells that a projected rectangle touches: a
    /// superset of the points inside it.
    func forEachPoint(inX x: ClosedRange<Double>, y: ClosedRange<Double>, _ body: (Int) -> Void) {
        let columns = Int32((x.lowerBound / cellSize).rounded(.down))...Int32((x.upperBound / cellSize).rounded(.down))
        let rows = Int32((y.lowerBound / cellSize).rounded(.down))...Int32((y.upperBound / cellSize).rounded(.down))
        for column in columns {
            for row in rows {
                guard let range = cells[Self.cellKey(column, row)] else { continue }
                for slot in range { body(Int(order[Int(slot)])) }
            }
        }
    }

    /// The number of occupied cells; ``forEachPair(cells:_:)`` takes ranges of `0..<cellCount`.
    var cellCount: Int { cellKeys.count }

    /// Splits the occupied cells into at most `parts` consecutive ranges holding about the
    /// same number of points.
    func cellRanges(_ parts: Int) -> [Range<Int>] {
        guard parts > 1, cellKeys.count > 1 else { return [0..<cellKeys.count] }
        var ranges: [Range<Int>] = []
        var start = 0
        var points = 0
        let share = max(1, order.count / parts)
        for (index, key) in cellKeys.enumerated() {
            points += cells[key]!.count
            if points >= share * (ranges.count + 1), ranges.count < parts - 1, index + 1 < cellKeys.count {
                ranges.append(start..<(index + 1))
                start = index + 1
            }
        }
        ranges.append(start..<cellKeys.count)
        return ranges
    }

    private static func cellKey(_ column: Int32, _ row: Int32) -> Int64 {
        Int64(column) << 32 | Int64(UInt32(bitPattern: row))
    }

    private static func column(_ key: Int64) -> Int32 { Int32(truncatingIfNeeded: key >> 32) }
    private static func row(_ key: Int64) -> Int32 { Int32(bitPattern: UInt32(truncatingIfNeeded: key)) }

    /// The points in the 3×3 cells around point `index` (itself excluded): a superset of the
    /// points within ``cellSize`` metres.
    public func candidates(of index: Int) -> [Int] {
        let key = cellOf[index]
        var result: [Int] = []
        for dx in Int32(-1)...1 {
            for dy in Int32(-1)...1 {
                let neighbour = Self.cellKey(Self.column(key) &+ dx, Self.row(key) &+ dy)
                guard let range = cells[neighbour] else { continue }
                for slot in range where Int(order[Int(slot)]) != index {
                    result.append(Int(order[Int(slot)]))
                }
            }
        }
        return result
    }

    /// Calls `body(i, j, projectedDistanceSquared)` once for each unordered pair of points in
    /// the same or adjacent cells, with `i < j`. Every pair within ``cellSize`` is among them.
    public func forEachPair(_ body: (Int, Int, Double) -> Void) {
        forEachPair(cells: 0..<cellKeys.count, body)
    }

    /// ``forEachPair(_:)`` for the pairs whose first cell (in the walk's own order) is among
    /// `cellRange`: disjoint ranges visit disjoint pairs, and ranges covering `0..<cellCount`
    /// visit every pair once.
    func forEachPair(cells cellRange: Range<Int>, _ body: (Int, Int, Double) -> Void) {
        forEachPair(cells: cellRange, within: .infinity, body)
    }

    /// ``forEachPair(cells:_:)`` for the pairs whose projected distance is at most `radius`
    /// metres (the projected distance is never more than the true one): `body(i, j,
    /// projectedDistanceSquared)`, `i < j`.
    ///
    /// Each point's neighbours are first sifted into a buffer without a branch per pair (a
    /// branch that goes either way unpredictably costs more than the arithmetic), then visited.
    func forEachPair(cells cellRange: Range<Int>, within radius: Double, _ body: (Int, Int, Double) -> Void) {
        let limit = radius * radius
        let forward: [(Int32, Int32)] = [(1, -1), (1, 0), (1, 1), (0, 1)]
        var near = [Int32](repeating: 0, count: 64)
        var nearDistance = [Double](repeating: 0, count: 64)
        for key in cellKeys[cellRange] {
            let range = cells[key]!
            let column = Self.column(key)
            let row = Self.row(key)
            // The cells a point of this one meets: the rest of its own, then the four forward.
            var others: [Range<Int32>] = []
            for (dx, dy) in forward {
                if let other = cells[Self.cellKey(column &+ dx, row &+ dy)] { others.append(other) }
            }
            let most = range.count + others.reduce(0) { $0 + $1.count }
            if near.count < most {
                near = [Int32](repeating: 0, count: most)
                nearDistance = [Double](repeating: 0, count: most)
            }
            for p in range {
                let i = Int(order[Int(p)])
                let (x, y) = (xs[i], ys[i])
                var count = 0
                near.withUnsafeMutableBufferPointer { near in
                    nearDistance.withUnsafeMutableBufferPointer { nearDistance in
                        func sift(_ slots: Range<Int32>) {
                            for q in slots {
                                let j = Int(order[Int(q)])
                                let dx = x - xs[j]
                                let dy = y - ys[j]
                                let squared = dx * dx + dy * dy
                                near[count] = Int32(j)
                                nearDistance[count] = squared
                                count += squared <= limit ? 1 : 0
                            }
                        }
                        sift((p + 1)..<range.upperBound)
                        for other in others { sift(other) }
                    }
                }
                for k in 0..<count {
                    let j = Int(near[k])
                    body(min(i, j), max(i, j), nearDistance[k])
                }
            }
        }
    }
}

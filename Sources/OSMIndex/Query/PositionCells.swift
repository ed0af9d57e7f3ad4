import Foundation
import OSMModel

/// A cell of a fixed grid over the R-tree's positions: 1/64 degree of latitude by 1/64 degree
/// of longitude (about 1.7 km by 0.9 km in Helsinki), of one generation of an index (an update
/// changes its venues).
///
/// A pooled reader (``OSMIndexReaderPool``) answers a text search inside a small circle from the
/// venues of the cells that cover it, read from the R-tree once and kept (``RecentCells``):
/// people typing in one city ask around nearby but never quite the same points, and their
/// circles share cells where they would never share a circle.
struct PositionCell: Hashable, Sendable {
    var generation: Int64
    var row: Int32
    var column: Int32

    /// A cell's side in 1e-7 degrees.
    static let side: Int64 = 156_250
    /// The most cells a circle is answered from; a larger circle is read from the R-tree as a
    /// whole (beyond about 11 km of radius in Helsinki).
    static let mostPerCircle = 400

    /// The cells that hold a point of `boxes` (``CircleBox/boxes(around:radius:)``), each once,
    /// row by row; `nil` when they are more than ``mostPerCircle``.
    static func cells(covering boxes: [CircleBox], generation: Int64) -> [PositionCell]? {
        var cells: [PositionCell] = []
        for box in boxes {
            let rows = index(box.minLatitude)...index(box.maxLatitude)
            let columns = index(box.minLongitude)...index(box.maxLongitude)
            guard cells.count + rows.count * columns.count <= mostPerCircle else { return nil }
            for row in rows {
                for column in columns {
                    let cell = PositionCell(generation: generation, row: row, column: column)
                    // The two boxes of a circle across the antimeridian lie on either side of
                    // it, in other cells; a cell counted twice would give its venues twice.
                    if boxes.count == 1 || !cells.contains(cell) { cells.append(cell) }
                }
            }
        }
        return cells
    }

    /// The row or column of a latitude or longitude in 1e-7 degrees.
    static func index(_ fixed: Int32) -> Int32 {
        Int32((Int64(fixed) - (Int64(fixed) < 0 ? side - 1 : 0)) / side)
    }

    /// The cell's rectangle, inclusive, in 1e-7 degrees: every point of the cell and no point of
    /// another.
    var bounds: (minLatitude: Int64, maxLatitude: Int64, minLongitude: Int64, maxLongitude: Int64) {
        let south = Int64(row) * Self.side
        let west = Int64(column) * Self.side
        return (south, south + Self.side - 1, west, west + Self.side - 1)
    }
}

/// The venues of one ``PositionCell``: their `venue.element`s ascending, with the R-tree's
/// position of each (1e-7 degrees).
struct CellVenues: Sendable {
    var elements: [Int64] = []
    var latitudes: [Int32] = []
    var longitudes: [Int32] = []

    /// The venues in `elements`' order, from the R-tree's rows in any order.
    init(unordered rows: [(element: Int64, latitude: Int32, longitude: Int32)]) {
        let sorted = rows.sorted { $0.element < $1.element }
        elements = sorted.map(\.element)
        latitudes = sorted.map(\.latitude)
        longitudes = sorted.map(\.longitude)
    }

    var count: Int { elements.count }
}

package import OSMModel

/// The part of the world an index holds when its file declares no bounds: cells of a fixed
/// worldwide grid of 1/100 degree (about 1.1 km north–south) where it has data.
///
/// An extract cut with `osmium extract --strategy smart` (or `complete_ways`) carries every node
/// of each way and relation that crosses its edge, so the rectangle around its nodes spans far
/// beyond the area whose data is complete. Venues placed by a node, and ways smaller than a
/// cell, lie where the data is: their cells are held. A cell between held cells both in its row
/// and in its column (a lake, a park, a quiet quarter) is held too; the edges of the area are
/// not widened, so an index never claims a circle it only half holds. A region without any
/// venue there is not held: a search there asks the server (or says how much is not covered).
///
/// The grid is the same for every index, so that regions cut side by side meet cell to cell.
package struct CoverageCells: Sendable, Hashable {
    /// Cells per degree of latitude and of longitude.
    package static let cellsPerDegree = 100.0

    /// The held columns of each held row, as sorted, separate ranges of column numbers.
    package private(set) var rows: [Int32: [ClosedRange<Int32>]]

    /// The row of a latitude (0 at −90°).
    package static func row(latitude: Double) -> Int32 {
        Int32(((latitude + 90) * cellsPerDegree).rounded(.down).clamped(to: 0...(180 * cellsPerDegree - 1)))
    }

    /// The column of a longitude (0 at −180°).
    package static func column(longitude: Double) -> Int32 {
        Int32(((longitude + 180) * cellsPerDegree).rounded(.down).clamped(to: 0...(360 * cellsPerDegree - 1)))
    }

    /// The held area made from the cells where data lies (`row << 32 | column`), with the cells
    /// between them filled (see the type's description).
    package init(cells: Set<Int64>) {
        var columnsOfRow: [Int32: [Int32]] = [:]
        var rowSpanOfColumn: [Int32: (low: Int32, high: Int32)] = [:]
        for cell in cells {
            let row = Int32(truncatingIfNeeded: cell >> 32)
            let column = Int32(truncatingIfNeeded: cell & 0xFFFF_FFFF)
            columnsOfRow[row, default: []].append(column)
            if let span = rowSpanOfColumn[column] {
                rowSpanOfColumn[column] = (min(span.low, row), max(span.high, row))
            } else {
                rowSpanOfColumn[column] = (row, row)
            }
        }
        var rows: [Int32: [ClosedRange<Int32>]] = [:]
        for (row, columns) in columnsOfRow {
            guard let west = columns.min(), let east = columns.max() else { continue }
            var runs: [ClosedRange<Int32>] = []
            var start: Int32?
            for column in west...east {
                let held = rowSpanOfColumn[column].map { $0.low <= row && row <= $0.high } ?? false
                if held {
                    if start == nil { start = column }
                } else if let first = start {
                    runs.append(first...(column - 1))
                    start = nil
                }
            }
            if let first = start { runs.append(first...east) }
            rows[row] = runs
        }
        self.rows = rows
    }

    private init(rows: [Int32: [ClosedRange<Int32>]]) {
        self.rows = rows
    }

    /// The cell of a position (`row << 32 | column`).
    package static func cell(latitude: Double, longitude: Double) -> Int64 {
        Int64(row(latitude: latitude)) << 32 | Int64(column(longitude: longitude))
    }

    /// Whether the cells hold the point.
    package func contains(latitude: Double, longitude: Double) -> Bool {
        guard let runs = rows[Self.row(latitude: latitude)] else { return false }
        let column = Self.column(longitude: longitude)
        return runs.contains { $0.contains(column) }
    }

    /// The held area as rectangles in degrees: one per run of cells in a row.
    package var rectangles: [OSMBounds] {
        rows.sorted { $0.key < $1.key }.flatMap { row, runs in runs.map { Self.rectangle(row: row, columns: $0) } }
    }

    /// The rectangle of a run of cells in a row.
    static func rectangle(row: Int32, columns: ClosedRange<Int32>) -> OSMBounds {
        OSMBounds(
            minLatitude: Double(row) / cellsPerDegree - 90,
            minLongitude: Double(columns.lowerBound) / cellsPerDegree - 180,
            maxLatitude: Double(row + 1) / cellsPerDegree - 90,
            maxLongitude: Double(columns.upperBound + 1) / cellsPerDegree - 180
        )
    }

    /// The rectangle around the held cells; `nil` when none is held.
    package var bounds: OSMBounds? {
        let all = rectangles
        guard let first = all.first else { return nil }
        return all.dropFirst().reduce(into: first) { box, rectangle in
            box.minLatitude = min(box.minLatitude, rectangle.minLatitude)
            box.minLongitude = min(box.minLongitude, rectangle.minLongitude)
            box.maxLatitude = max(box.maxLatitude, rectangle.maxLatitude)
            box.maxLongitude = max(box.maxLongitude, rectangle.maxLongitude)
        }
    }

    /// Held cells in all.
    package var cellCount: Int {
        rows.values.reduce(0) { total, runs in total + runs.reduce(0) { $0 + Int($1.count) } }
    }

    /// The text kept in the index's `meta` (`coverage_cells`): `ROW:FIRST-LAST,FIRST-LAST;ROW:…`,
    /// rows ascending.
    package var encoded: String {
        rows.sorted { $0.key < $1.key }.map { row, runs in
            "\(row):" + runs.map { "\($0.lowerBound)-\($0.upperBound)" }.joined(separator: ",")
        }.joined(separator: ";")
    }

    /// Reads ``encoded``; `nil` for text that is not such a list.
    package init?(encoded text: String) {
        var rows: [Int32: [ClosedRange<Int32>]] = [:]
        for rowText in text.split(separator: ";") {
            let parts = rowText.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, let row = Int32(parts[0]) else { return nil }
            var runs: [ClosedRange<Int32>] = []
            for runText in parts[1].split(separator: ",") {
                let bounds = runText.split(separator: "-", maxSplits: 1)
                guard bounds.count == 2, let first = Int32(bounds[0]), let last = Int32(bounds[1]), first <= last else {
                    return nil
                }
                runs.append(first...last)
            }
            rows[row] = runs
        }
        self.init(rows: rows)
    }
}

extension Double {
    fileprivate func clamped(to range: ClosedRange<Double>) -> Double {
        Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}

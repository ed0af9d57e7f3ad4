package import OSMModel

/// The area an index holds: the rectangle its file declared (or, for indexes of an earlier
/// venues, the rectangle around its nodes), or the cells where its data lies when the file
/// declared none (``CoverageCells``).
package enum IndexCoverage: Sendable, Hashable {
    case rectangle(OSMBounds)
    case cells(CoverageCells)

    /// Whether the area holds the point.
    package func contains(latitude: Double, longitude: Double) -> Bool {
        switch self {
        case .rectangle(let box):
            box.contains(latitude: latitude, longitude: longitude)
        case .cells(let cells):
            cells.contains(latitude: latitude, longitude: longitude)
        }
    }

    /// The rectangles of the area that meet `box`.
    package func rectangles(meeting box: OSMBounds) -> [OSMBounds] {
        switch self {
        case .rectangle(let rectangle):
            return rectangle.meets(box) ? [rectangle] : []
        case .cells(let cells):
            return cells.rectangles(meeting: box)
        }
    }

    /// The rectangle around the area.
    package var bounds: OSMBounds? {
        switch self {
        case .rectangle(let box): box
        case .cells(let cells): cells.bounds
        }
    }
}

extension OSMBounds {
    /// Whether the two rectangles share a point (edges included).
    package func meets(_ other: OSMBounds) -> Bool {
        minLatitude <= other.maxLatitude && other.minLatitude <= maxLatitude
            && minLongitude <= other.maxLongitude && other.minLongitude <= maxLongitude
    }
}

extension CoverageCells {
    /// The runs of cells that meet `box`, as rectangles.
    func rectangles(meeting box: OSMBounds) -> [OSMBounds] {
        let south = Self.row(latitude: box.minLatitude)
        let north = Self.row(latitude: box.maxLatitude)
        let west = Self.column(longitude: box.minLongitude)
        let east = Self.column(longitude: box.maxLongitude)
        var found: [OSMBounds] = []
        for row in south...north {
            for run in rows[row] ?? [] where run.lowerBound <= east && west <= run.upperBound {
                found.append(Self.rectangle(row: row, columns: run))
            }
        }
        return found
    }
}

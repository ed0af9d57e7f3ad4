import Foundation
import OSMModel
import VenuesCore
import VenuesSQLite

/// Candidates by position: the R-tree, the pooled cells of recent searches, and the circle that
/// grows until it holds enough venues.
extension OSMIndexReader {
    /// Candidates from the R-tree: every accepted venue within the radius, or — when only the
    /// nearest are wanted — within a smaller radius that holds enough of them.
    ///
    /// The R-tree's own position (1e-7 degrees, rounded: within a centimetre) rules out what lies
    /// outside the circle before the venue's row is read; a venue inside one round's circle is
    /// decided once, not again in the wider rounds after it. With `among`, only those venues'
    /// rows are read.
    func spatialCandidates(
        query: Query,
        filter: CandidateFilter,
        among allowed: SortedElements?,
        cancellation: CancellationFlag?
    ) throws -> (candidates: [Candidate], rounds: Int, radius: Double) {
        let row = try candidateRow()
        var radius = query.radius
        if let nearest = query.nearest { radius = min(query.radius, initialRadius(for: nearest)) }
        var rounds = 0
        // Venues inside an earlier round's circle, accepted or not.
        var decided = Set<Int64>()
        var found: [Candidate] = []
        // One round among a word's venues, with a pool's cells: the venues of the cells that
        // cover a small circle, or else the circle's own venues, from there.
        if let allowed, query.nearest == nil, let recentCells,
            let cells = PositionCell.cells(
                covering: CircleBox.boxes(around: query.center, radius: radius),
                generation: generation
            )
        {
            let reach = radius + 1
            for key in cells {
                if cancellation?.isCancelled == true { throw OSMIndexError.cancelled }
                let cell = try recentCells.list(for: key) { try cellVenues(key) }
                try allowed.forEachCommon(with: cell.elements) { index in
                    // The R-tree's position rules out what lies outside before the row is read.
                    if let approximate = try? Coordinate(
                        latitude: FixedPoint.degrees(cell.latitudes[index]),
                        longitude: FixedPoint.degrees(cell.longitudes[index])
                    ), approximate.distance(to: query.center) > reach {
                        return
                    }
                    guard
                        let (candidate, accepted) = try check(
                            cell.elements[index],
                            row: row,
                            within: radius,
                            of: query,
                            filter
                        )
                    else { return }
                    if accepted { found.append(candidate) }
                }
            }
            return (found, 1, radius)
        }
        if let allowed, query.nearest == nil, let recentCircles {
            let key = CircleKey(
                generation: generation,
                latitude: query.center.latitude,
                longitude: query.center.longitude,
                radius: radius
            )
            let circle = try recentCircles.list(for: key) {
                var elements: [Int64] = []
                try forEachVenue(
                    within: radius,
                    of: query.center,
                    cancellation: cancellation,
                    body: { elements.append($0) }
                )
                // In id order: checked against a word's venues in one pass (``SortedElements/common(with:)``).
                return elements.sorted()
            }
            for (index, element) in allowed.common(with: circle).enumerated() {
                if index & 0x3FF == 0, cancellation?.isCancelled == true { throw OSMIndexError.cancelled }
                guard let (candidate, accepted) = try check(element, row: row, within: radius, of: query, filter)
                else { continue }
                if accepted { found.append(candidate) }
            }
            return (found, 1, radius)
        }
        while true {
            rounds += 1
            let round = rounds
            try forEachVenue(
                within: radius,
                of: query.center,
                cancellation: cancellation,
                where: { element in (round == 1 || !decided.contains(element)) && (allowed?.contains(element) ?? true)
                },
                body: { element in
                    guard let (candidate, accepted) = try check(element, row: row, within: radius, of: query, filter)
                    else { return }
                    // Only a later, wider round needs to know what this one decided.
                    if query.nearest != nil { decided.insert(element) }
                    if accepted { found.append(candidate) }
                }
            )
            guard let nearest = query.nearest, found.count < nearest, radius < query.radius else {
                return (found, rounds, radius)
            }
            // Too few within this radius: widen it (by the density seen, at least twice).
            let growth = found.isEmpty ? 4 : max(2, (Double(nearest) / Double(found.count)).squareRoot() * 1.2)
            radius = min(query.radius, radius * growth)
        }
    }

    /// The venues the R-tree places in `cell`.
    func cellVenues(_ cell: PositionCell) throws -> CellVenues {
        let bounds = cell.bounds
        let positions = try positions(
            south: bounds.minLatitude,
            north: bounds.maxLatitude,
            west: bounds.minLongitude,
            east: bounds.maxLongitude
        )
        defer { positions.reset() }
        var rows: [(element: Int64, latitude: Int32, longitude: Int32)] = []
        while try positions.step() {
            rows.append(
                (
                    positions.int64(0), Int32(truncatingIfNeeded: positions.int64(1)),
                    Int32(truncatingIfNeeded: positions.int64(2))
                )
            )
        }
        return CellVenues(unordered: rows)
    }

    /// The statement that steps through the venues whose position lies in a rectangle (1e-7
    /// degrees, inclusive), each row its element and position; reset it when done.
    func positions(south: Int64, north: Int64, west: Int64, east: Int64) throws -> SQLiteStatement {
        let positions = try prepared(
            """
            SELECT element, min_latitude, min_longitude FROM venue_position
            WHERE max_latitude >= ?1 AND min_latitude <= ?2 AND max_longitude >= ?3 AND min_longitude <= ?4
            """
        )
        try positions.bind(south, at: 1)
        try positions.bind(north, at: 2)
        try positions.bind(west, at: 3)
        try positions.bind(east, at: 4)
        return positions
    }

    /// Calls `body` with every venue the R-tree places within `radius` of `center` (its positions
    /// are rounded to a centimetre: a metre more is allowed) that `wanted` accepts; `wanted` is
    /// asked first, as it costs less than a distance.
    func forEachVenue(
        within radius: Double,
        of center: Coordinate,
        cancellation: CancellationFlag?,
        where wanted: (Int64) -> Bool = { _ in true },
        body: (Int64) throws -> Void
    ) throws {
        let reach = radius + 1
        for box in CircleBox.boxes(around: center, radius: radius) {
            let positions = try positions(
                south: Int64(box.minLatitude),
                north: Int64(box.maxLatitude),
                west: Int64(box.minLongitude),
                east: Int64(box.maxLongitude)
            )
            defer { positions.reset() }
            var rows = 0
            while try positions.step() {
                rows += 1
                if rows & 0x3FF == 0, cancellation?.isCancelled == true { throw OSMIndexError.cancelled }
                let element = positions.int64(0)
                guard wanted(element) else { continue }
                if let approximate = try? Coordinate(
                    latitude: Double(positions.int64(1)) / 1e7,
                    longitude: Double(positions.int64(2)) / 1e7
                ), approximate.distance(to: center) > reach {
                    continue
                }
                try body(element)
            }
        }
    }

    /// A first radius likely to hold `count` venues, from the index's average density (at least
    /// 100 m).
    func initialRadius(for count: Int) -> Double {
        guard let density = averageDensity, density > 0 else { return 100 }
        return max(100, (Double(count) * 2 / (.pi * density)).squareRoot())
    }

    /// How many venues a circle of this radius holds at the index's average density.
    func expectedVenues(within radius: Double) -> Double {
        (averageDensity ?? 0) * .pi * radius * radius
    }

    /// Venues per square metre over the index's bounds.
    var averageDensity: Double? {
        guard let bounds = info.bounds, info.venues > 0 else { return nil }
        let metresPerDegree = Coordinate.earthRadius * .pi / 180
        let middle = (bounds.minLatitude + bounds.maxLatitude) / 2 * .pi / 180
        let area =
            max(1e-9, bounds.maxLatitude - bounds.minLatitude) * metresPerDegree
            * max(1e-9, bounds.maxLongitude - bounds.minLongitude) * metresPerDegree * cos(middle)
        return Double(info.venues) / max(area, 1)
    }
}

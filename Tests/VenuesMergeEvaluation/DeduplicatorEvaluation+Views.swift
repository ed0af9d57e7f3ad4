import Foundation
public import VenuesCore
public import VenuesMerge

extension DeduplicatorEvaluation {
    /// Scores overall and per kind of place, summed over the views evaluated.
    public struct Report: Sendable, CustomStringConvertible {
        /// Every pair and record.
        public var overall = Scores()
        /// Per kind: the pairs with a record of a place of that kind (a wrong pair between two
        /// kinds counts in both), and the records of such places for the mean IoU.
        public var byKind: [String: Scores] = [:]
        /// How many views (searches) were merged.
        public var views = 0

        public init() {}

        /// Adds another view's scores.
        public mutating func add(_ other: Report) {
            overall.add(other.overall)
            for (kind, scores) in other.byKind {
                byKind[kind, default: Scores()].add(scores)
            }
            views += other.views
        }

        /// One line per kind and the total: pairs, precision, recall, mean IoU.
        public var description: String {
            func row(_ name: String, _ scores: Scores) -> String {
                let pairs = scores.truePositives + scores.falseNegatives
                return name.padding(toLength: 18, withPad: " ", startingAt: 0)
                    + String(
                        format: " %6d  %6d  %6d  %6d   %.4f  %.4f  %.4f",
                        pairs,
                        scores.truePositives,
                        scores.falsePositives,
                        scores.falseNegatives,
                        scores.precision,
                        scores.recall,
                        scores.meanIoU
                    )
            }
            var lines = ["kind                 pairs   found   wrong  missed   precis  recall  meanIoU"]
            for kind in byKind.keys.sorted() {
                lines.append(row(kind, byKind[kind]!))
            }
            lines.append(row("all", overall))
            return lines.joined(separator: "\n")
        }
    }

    /// Scores predicted groups against the true places, overall and per kind.
    public static func report(groups: [[Int]], places: [Int], kinds: [String]) -> Report {
        var report = Report()
        report.overall = score(groups: groups, places: places)
        report.views = 1
        var predictedGroup = [Int](repeating: -1, count: places.count)
        for (g, group) in groups.enumerated() {
            for record in group { predictedGroup[record] = g }
        }
        var membersOfPlace: [Int: [Int]] = [:]
        for (record, place) in places.enumerated() {
            membersOfPlace[place, default: []].append(record)
        }
        for group in groups {
            for (k, a) in group.enumerated() {
                for b in group[(k + 1)...] {
                    if places[a] == places[b] {
                        report.byKind[kinds[a], default: Scores()].truePositives += 1
                    } else {
                        report.byKind[kinds[a], default: Scores()].falsePositives += 1
                        if kinds[b] != kinds[a] {
                            report.byKind[kinds[b], default: Scores()].falsePositives += 1
                        }
                    }
                }
            }
        }
        var iou: [String: (sum: Double, count: Int)] = [:]
        for members in membersOfPlace.values {
            let kind = kinds[members[0]]
            var found = 0
            for (k, a) in members.enumerated() {
                for b in members[(k + 1)...] where predictedGroup[a] == predictedGroup[b] { found += 1 }
            }
            report.byKind[kind, default: Scores()].falseNegatives += members.count * (members.count - 1) / 2 - found
            let actual = Set(members)
            for record in members {
                let predicted = Set(groups[predictedGroup[record]])
                let value = Double(predicted.intersection(actual).count) / Double(predicted.union(actual).count)
                iou[kind, default: (0, 0)].sum += value
                iou[kind, default: (0, 0)].count += 1
            }
        }
        for (kind, value) in iou {
            report.byKind[kind, default: Scores()].meanIoU = value.sum / Double(value.count)
            report.byKind[kind, default: Scores()].records = value.count
        }
        return report
    }

    /// Merges all records at once and scores the result per kind.
    public static func report(_ merger: some VenueMerging, on records: [LabelledVenue]) -> Report {
        let position = Dictionary(records.enumerated().map { ($1.venue.id, $0) }, uniquingKeysWith: { a, _ in a })
        let groups = merger.merge(records.map(\.venue)).map { merged in merged.sources.map { position[$0.id]! } }
        return report(groups: groups, places: records.map(\.place), kinds: records.map(\.kind))
    }

    /// Centres of the views of a set: a grid with `radius` spacing over the records' bounding
    /// box, starting half a spacing in from its south-west corner.
    public static func viewCentres(of records: [LabelledVenue], radius: Double) -> [Coordinate] {
        let latitudes = records.map(\.venue.coordinate.latitude)
        let longitudes = records.map(\.venue.coordinate.longitude)
        guard let south = latitudes.min(), let north = latitudes.max(), let west = longitudes.min(),
            let east = longitudes.max(), let box = try? BoundingBox(south: south, west: west, north: north, east: east)
        else { return [] }
        let metresPerDegree = Coordinate.earthRadius * Double.pi / 180
        let latitudeStep = radius / metresPerDegree
        let longitudeStep = radius / (metresPerDegree * cos(box.center.latitude * Double.pi / 180))
        var centres: [Coordinate] = []
        var latitude = box.south + latitudeStep / 2
        while latitude < box.north + latitudeStep / 2 {
            var longitude = box.west + longitudeStep / 2
            while longitude < box.east + longitudeStep / 2 {
                if let centre = try? Coordinate(latitude: latitude, longitude: longitude) {
                    centres.append(centre)
                }
                longitude += longitudeStep
            }
            latitude += latitudeStep
        }
        return centres
    }

    /// Evaluates the merger the way it is used: on what one search returns. For each centre of
    /// ``viewCentres(of:radius:)``, the records within `radius` metres (every provider's
    /// records in the circle, none truncated) are merged and scored on their own; the report
    /// sums the views' pairs and averages the IoU over every (view, record).
    public static func report(
        _ merger: some VenueMerging,
        on records: [LabelledVenue],
        viewRadius radius: Double
    )
        -> Report
    {
        var total = Report()
        for centre in viewCentres(of: records, radius: radius) {
            let view = records.filter { $0.venue.coordinate.distance(to: centre) <= radius }
            guard view.count > 1 else { continue }
            total.add(report(merger, on: view))
        }
        return total
    }
}

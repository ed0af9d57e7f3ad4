public import Foundation
public import VenuesCore
public import VenuesMerge

/// Measures a deduplication against labelled data: which records are truly the same place.
///
/// Used by the evaluation test and the `DedupeEvaluation` command on the set built by
/// `scripts/make-dedupe-eval.py`.
public enum DeduplicatorEvaluation {
    /// A provider record, the real place it describes, and how its providers' records of
    /// that place differ (the set's *kind*: `plain`, `other-name`, `descriptor`, `chain`,
    /// `big-place`, `duplicate`, `same-name-objects`, `sub-venue`).
    public struct LabelledVenue: Sendable, Hashable {
        public var venue: Venue
        /// Records with the same label are the same place.
        public var place: Int
        /// The kind of the place (`plain` when the file does not say).
        public var kind: String

        public init(venue: Venue, place: Int, kind: String = "plain") {
            self.venue = venue
            self.place = place
            self.kind = kind
        }
    }

    /// Why an evaluation file could not be read.
    public struct FormatError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Reads the evaluation format: a JSON object whose `fields` names the columns (`id`,
    /// `provider`, `name`, `latitude`, `longitude`, `phone`, `website`, `address`,
    /// `categories`, `place`, and optionally `names` — `[[text, source, language]]` —,
    /// `extent` — `[south, west, north, east]` — and `kind`) and whose `venues` holds one
    /// array per record.
    public static func load(_ data: Data) throws -> [LabelledVenue] {
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let fields = root["fields"] as? [String],
            let rows = root["venues"] as? [[Any]]
        else {
            throw FormatError(description: "expected an object with 'fields' and 'venues'")
        }
        func column(_ name: String) throws -> Int {
            guard let index = fields.firstIndex(of: name) else {
                throw FormatError(description: "missing field '\(name)'")
            }
            return index
        }
        let id = try column("id")
        let name = try column("name")
        let latitude = try column("latitude")
        let longitude = try column("longitude")
        let phone = try column("phone")
        let website = try column("website")
        let address = try column("address")
        let categories = try column("categories")
        let place = try column("place")
        let names = fields.firstIndex(of: "names")
        let extent = fields.firstIndex(of: "extent")
        let kind = fields.firstIndex(of: "kind")
        return try rows.enumerated().map { number, row in
            guard row.count == fields.count, let idText = row[id] as? String, let nameText = row[name] as? String,
                let lat = row[latitude] as? Double, let lon = row[longitude] as? Double,
                let label = row[place] as? Int
            else {
                throw FormatError(description: "record \(number) is malformed")
            }
            let otherNames = (names.flatMap { row[$0] as? [[Any]] } ?? []).compactMap { entry -> VenueName? in
                guard entry.count == 3, let text = entry[0] as? String, let source = entry[1] as? String else {
                    return nil
                }
                return VenueName(text, source: source, language: entry[2] as? String)
            }
            var box: BoundingBox?
            if let edges = extent.flatMap({ row[$0] as? [Double] }), edges.count == 4 {
                box = try BoundingBox(south: edges[0], west: edges[1], north: edges[2], east: edges[3])
            }
            let venue = Venue(
                id: try VenueID(parsing: idText),
                name: nameText,
                names: otherNames,
                coordinate: try Coordinate(latitude: lat, longitude: lon),
                extent: box,
                address: row[address] as? String,
                categories: ((row[categories] as? [String]) ?? []).compactMap(Category.init(rawValue:)),
                phone: row[phone] as? String,
                website: row[website] as? String
            )
            return LabelledVenue(venue: venue, place: label, kind: kind.flatMap { row[$0] as? String } ?? "plain")
        }
    }

    /// Pairwise and per-record scores of a clustering.
    public struct Scores: Sendable, Hashable, CustomStringConvertible {
        /// Predicted same-place pairs that are truly the same place.
        public var truePositives: Int
        /// Predicted same-place pairs that are different places.
        public var falsePositives: Int
        /// Same-place pairs that were not predicted.
        public var falseNegatives: Int
        /// Mean over records of |predicted ∩ true| / |predicted ∪ true|, where each set is the
        /// record's group including itself (the Foursquare Location Matching metric).
        public var meanIoU: Double
        /// How many records ``meanIoU`` is the mean over.
        public var records: Int

        public init(
            truePositives: Int = 0,
            falsePositives: Int = 0,
            falseNegatives: Int = 0,
            meanIoU: Double = 1,
            records: Int = 0
        ) {
            self.truePositives = truePositives
            self.falsePositives = falsePositives
            self.falseNegatives = falseNegatives
            self.meanIoU = meanIoU
            self.records = records
        }

        /// Adds another clustering's counts (of other records, or of another view).
        public mutating func add(_ other: Scores) {
            let total = records + other.records
            meanIoU =
                total == 0 ? 1 : (meanIoU * Double(records) + other.meanIoU * Double(other.records)) / Double(total)
            records = total
            truePositives += other.truePositives
            falsePositives += other.falsePositives
            falseNegatives += other.falseNegatives
        }

        public var precision: Double {
            truePositives + falsePositives == 0 ? 1 : Double(truePositives) / Double(truePositives + falsePositives)
        }
        public var recall: Double {
            truePositives + falseNegatives == 0 ? 1 : Double(truePositives) / Double(truePositives + falseNegatives)
        }
        public var f1: Double {
            precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall)
        }

        public var description: String {
            func format(_ value: Double) -> String { String(format: "%.4f", value) }
            return """
                precision \(format(precision))  recall \(format(recall))  F1 \(format(f1))  \
                mean IoU \(format(meanIoU))  (pairs: \(truePositives) correct, \(falsePositives) wrong, \
                \(falseNegatives) missed)
                """
        }
    }

    /// Scores predicted groups (record indices; every record in exactly one group) against
    /// the true place of each record.
    public static func score(groups: [[Int]], places: [Int]) -> Scores {
        var truePositives = 0
        var falsePositives = 0
        var predictedGroup = [Int](repeating: -1, count: places.count)
        for (g, group) in groups.enumerated() {
            for (k, a) in group.enumerated() {
                predictedGroup[a] = g
                for b in group[(k + 1)...] {
                    if places[a] == places[b] { truePositives += 1 } else { falsePositives += 1 }
                }
            }
        }
        var membersOfPlace: [Int: [Int]] = [:]
        for (record, place) in places.enumerated() {
            membersOfPlace[place, default: []].append(record)
        }
        let truePairs = membersOfPlace.values.reduce(0) { $0 + $1.count * ($1.count - 1) / 2 }
        var iouSum = 0.0
        for record in places.indices {
            let predicted = Set(groups[predictedGroup[record]])
            let actual = Set(membersOfPlace[places[record]]!)
            iouSum += Double(predicted.intersection(actual).count) / Double(predicted.union(actual).count)
        }
        return Scores(
            truePositives: truePositives,
            falsePositives: falsePositives,
            falseNegatives: truePairs - truePositives,
            meanIoU: places.isEmpty ? 1 : iouSum / Double(places.count),
            records: places.count
        )
    }

    /// Runs a merger over labelled records and scores its groups.
    public static func evaluate(_ merger: some VenueMerging, on records: [LabelledVenue]) -> Scores {
        let position = Dictionary(records.enumerated().map { ($1.venue.id, $0) }, uniquingKeysWith: { a, _ in a })
        let groups = merger.merge(records.map(\.venue)).map { merged in merged.sources.map { position[$0.id]! } }
        return score(groups: groups, places: records.map(\.place))
    }
}

import Foundation

extension DeduplicatorEvaluation {
    /// The reports of several seeds of the generator (one evaluation set each), at one view
    /// radius: the mean and the worst seed, overall and per kind. A rule that raises the mean
    /// but lowers the worst seed is not an improvement.
    public struct SeedSummary: Sendable, CustomStringConvertible {
        /// The view radius in metres.
        public var radius: Double
        /// One report per seed, in the order given.
        public var reports: [Report]

        public init(radius: Double, reports: [Report]) {
            self.radius = radius
            self.reports = reports
        }

        /// Mean and minimum over the seeds of one score.
        public struct Spread: Sendable, Hashable {
            public var mean: Double
            public var worst: Double
        }

        /// Precision and recall of `kind` (`all` for every pair) over the seeds that have it.
        public func spread(of kind: String) -> (precision: Spread, recall: Spread)? {
            let scores = reports.compactMap { kind == "all" ? $0.overall : $0.byKind[kind] }
            guard !scores.isEmpty else { return nil }
            func spread(_ values: [Double]) -> Spread {
                Spread(mean: values.reduce(0, +) / Double(values.count), worst: values.min() ?? 0)
            }
            return (spread(scores.map(\.precision)), spread(scores.map(\.recall)))
        }

        /// Every kind of any seed, sorted.
        public var kinds: [String] {
            Set(reports.flatMap(\.byKind.keys)).sorted()
        }

        /// A Markdown table: per kind and overall, the pairs (summed), the mean and worst
        /// precision and recall.
        public var description: String {
            var lines = [
                "views of \(Int(radius)) m, \(reports.count) seeds",
                "",
                "| kind | pairs | precision mean | precision worst | recall mean | recall worst |",
                "| --- | ---: | ---: | ---: | ---: | ---: |",
            ]
            for kind in kinds + ["all"] {
                guard let (precision, recall) = spread(of: kind) else { continue }
                let pairs = reports.reduce(0) { total, report in
                    let scores = kind == "all" ? report.overall : report.byKind[kind]
                    return total + (scores.map { $0.truePositives + $0.falseNegatives } ?? 0)
                }
                let cells = [precision.mean, precision.worst, recall.mean, recall.worst].map {
                    String(format: "%.4f", $0)
                }
                lines.append(
                    "| \(kind == "all" ? "**all**" : kind) | \(pairs) | " + cells.joined(separator: " | ") + " |"
                )
            }
            return lines.joined(separator: "\n")
        }
    }
}

import Testing
import VenuesMerge
import VenuesMergeEvaluation
import VenuesTestSupport

/// The regression floor of an evaluation set: the figures reported for it, which precision and
/// recall may not drop more than 0.005 below, on the whole set and on views of 300 m and 800 m,
/// overall and per kind. Shared by the labelled and the hard Helsinki sets.
enum EvaluationFloors {
    /// A reported figure: `radius` nil for the whole set, `kind` "all" for every kind.
    typealias Floor = (radius: Double?, kind: String, precision: Double, recall: Double)

    /// Reports the default deduplicator on `records` (whole, 300 m and 800 m views; seconds of
    /// work in a debug build, so off the cooperative pool, whose two threads the loopback
    /// servers of the other suites need), checks every floor, and returns the views.
    ///
    /// `shortfalls` names recalls (`"KIND at 300 m"`) that the rules are known not to reach,
    /// with why: their floor stays the target, and a recall below it is a known issue (the
    /// test fails when it reaches the target, so that the floor is moved back to a plain one).
    static func check(
        _ floors: [Floor],
        on records: [DeduplicatorEvaluation.LabelledVenue],
        shortfalls: [String: String] = [:]
    ) async throws -> [Double:
        DeduplicatorEvaluation.Report]
    {
        let (whole, views) = await offCooperativePool {
            (
                DeduplicatorEvaluation.report(Deduplicator(), on: records),
                [
                    300.0: DeduplicatorEvaluation.report(Deduplicator(), on: records, viewRadius: 300),
                    800.0: DeduplicatorEvaluation.report(Deduplicator(), on: records, viewRadius: 800),
                ]
            )
        }
        for floor in floors {
            let report = floor.radius.map { views[$0]! } ?? whole
            let scores = try #require(floor.kind == "all" ? report.overall : report.byKind[floor.kind], "\(floor.kind)")
            let place = "\(floor.kind) at \(floor.radius.map { "\(Int($0)) m" } ?? "whole set")"
            let label = "\(place): \(scores)"
            #expect(scores.precision >= floor.precision - 0.005, "\(label)")
            if let why = shortfalls[place] {
                withKnownIssue(Comment(rawValue: why)) {
                    #expect(scores.recall >= floor.recall - 0.005, "\(label)")
                }
            } else {
                #expect(scores.recall >= floor.recall - 0.005, "\(label)")
            }
        }
        return views
    }
}

import Foundation
import Testing
import VenuesMerge
import VenuesMergeEvaluation
import VenuesTestSupport

@Suite("Deduplication on the labelled Helsinki set (© OpenStreetMap contributors, ODbL)")
struct DedupEvaluationTests {
    static func records() throws -> [DeduplicatorEvaluation.LabelledVenue] {
        let url = try #require(
            Bundle.module.url(forResource: "Fixtures/dedupe-eval-helsinki", withExtension: "json")
        )
        return try DeduplicatorEvaluation.load(Data(contentsOf: url))
    }

    @Test("pairwise precision ≥ 0.99 and recall ≥ 0.95 on the whole set")
    func floors() async throws {
        let records = try Self.records()
        #expect(records.count > 2900)
        #expect(Set(records.map(\.place)).count == 1252)
        let scores = await offCooperativePool { DeduplicatorEvaluation.evaluate(Deduplicator(), on: records) }
        #expect(scores.precision >= 0.99, "\(scores)")
        #expect(scores.recall >= 0.95, "\(scores)")
        #expect(scores.meanIoU >= 0.95, "\(scores)")
    }

    /// The regression floor: the better of the figures reported for issue 14 and for issue 28
    /// (`swift run -c release DedupeEvaluation`), which precision and recall may not drop more
    /// than 0.005 below, on the whole set or on realistic views (what one search returns) of 300 m
    /// and 800 m, overall and per kind of difference between providers. A floor is a target, not
    /// the current figure: the two recalls issue 28's rules gave up are ``shortfalls``.
    static let reported: [EvaluationFloors.Floor] = [
        (nil, "all", 0.9953, 0.9881),
        (300, "all", 0.9944, 0.9891),
        (800, "all", 0.9947, 0.9888),
        (300, "plain", 0.9941, 0.9959),
        (300, "other-name", 0.9813, 0.9657),
        (300, "descriptor", 1.0000, 0.9990),
        (300, "chain", 1.0000, 0.9833),
        (300, "big-place", 0.9810, 1.0000),
        (300, "duplicate", 1.0000, 0.9913),
        (300, "same-name-objects", 0.7273, 0.7222),
        (300, "sub-venue", 0.5472, 0.8056),
    ]

    /// The recalls below their floor since issue 28 (docs/merge.md, "Where the rules fall short"):
    /// a record equally near two same-named records joins neither, where the set's label picks
    /// the nearest.
    static let shortfalls = [
        "same-name-objects at 300 m":
            "issue 28: a provider's record equally near two of a group of same-named statues joins neither (0.4444, target 0.7222); docs/merge.md",
        "duplicate at 300 m":
            "issue 28: two Foursquare copies 17 m from the OSM record whose name a third record shares join nothing (0.9854, target 0.9913); docs/merge.md",
    ]

    @Test("no regression below the reported figures, overall and per kind, at 300 m and 800 m")
    func regressionFloor() async throws {
        let records = try Self.records()
        let views = try await EvaluationFloors.check(Self.reported, on: records, shortfalls: Self.shortfalls)
        #expect(views[300]!.views >= 20 && views[800]!.views >= 4)
        // The targets of issue 14, on realistic views.
        for report in views.values {
            #expect(report.overall.precision >= 0.99 && report.overall.recall >= 0.95, "\(report)")
        }
    }

    @Test("without deduplication, recall is zero: the set does test merging")
    func baseline() async throws {
        let records = try Self.records()
        let scores = await offCooperativePool { DeduplicatorEvaluation.evaluate(NoMerging(), on: records) }
        #expect(scores.truePositives == 0)
        #expect(scores.recall == 0)
        #expect(scores.falseNegatives > 2000)
    }

    @Test("pairwise scores and mean IoU on a hand-made example")
    func metrics() {
        // Truth: {0,1,2} and {3}. Predicted: {0,1} and {2,3}.
        let scores = DeduplicatorEvaluation.score(groups: [[0, 1], [2, 3]], places: [7, 7, 7, 9])
        #expect(scores.truePositives == 1)
        #expect(scores.falsePositives == 1)
        #expect(scores.falseNegatives == 2)
        #expect(scores.precision == 0.5)
        #expect(abs(scores.recall - 1.0 / 3) < 1e-12)
        // IoU per record: 2/3, 2/3, 1/4, 1/2.
        #expect(abs(scores.meanIoU - (2.0 / 3 + 2.0 / 3 + 0.25 + 0.5) / 4) < 1e-12)
    }
}

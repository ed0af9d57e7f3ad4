import Foundation
import Testing
import VenuesMerge
import VenuesMergeEvaluation

@Suite("Deduplication on the labelled Helsinki set (© OpenStreetMap contributors, ODbL)")
struct DedupEvaluationTests {
    static func records() throws -> [DeduplicatorEvaluation.LabelledVenue] {
        let url = try #require(
            Bundle.module.url(forResource: "Fixtures/dedupe-eval-helsinki", withExtension: "json")
        )
        return try DeduplicatorEvaluation.load(Data(contentsOf: url))
    }

    @Test("pairwise precision ≥ 0.99 and recall ≥ 0.95")
    func floors() throws {
        let records = try Self.records()
        #expect(records.count > 2500)
        #expect(Set(records.map(\.place)).count == 1239)
        let scores = DeduplicatorEvaluation.evaluate(Deduplicator(), on: records)
        #expect(scores.precision >= 0.99, "\(scores)")
        #expect(scores.recall >= 0.95, "\(scores)")
        #expect(scores.meanIoU >= 0.95, "\(scores)")
    }

    @Test("without deduplication, recall is zero: the set does test merging")
    func baseline() throws {
        let scores = DeduplicatorEvaluation.evaluate(NoMerging(), on: try Self.records())
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

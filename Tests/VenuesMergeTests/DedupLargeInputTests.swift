import Foundation
import Testing
import VenuesCore
import VenuesMergeEvaluation
import VenuesTestSupport

@testable import VenuesMerge

/// Large inputs take other paths: two threads for the grid and the names, the candidate pairs
/// and the merged places. They must give what one thread gives. Cheap similarity bounds skip
/// most similarity computations; they must never skip a pair that could match.
@Suite("Deduplication paths for large inputs (© OpenStreetMap contributors, ODbL)")
struct DedupLargeInputTests {
    @Test(
        "two threads merge the hard and the plain Helsinki sets into the places one thread gives",
        arguments: ["dedupe-eval-helsinki", "dedupe-eval-helsinki-hard"]
    )
    func twoThreadsAsOne(fixture: String) async throws {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/\(fixture)", withExtension: "json"))
        let records = try DeduplicatorEvaluation.load(Data(contentsOf: url)).map(\.venue)
        var oneThread = Deduplicator()
        oneThread.parallelThreshold = .max
        var twoThreads = Deduplicator()
        twoThreads.parallelThreshold = 0
        let (expected, actual) = await offCooperativePool { [oneThread, twoThreads] in
            (oneThread.merge(records), twoThreads.merge(records))
        }
        #expect(expected.count < records.count)
        #expect(actual.map(\.venue) == expected.map(\.venue))
        #expect(actual.map { $0.sources.map(\.id) } == expected.map { $0.sources.map(\.id) })
        #expect(actual.map(\.reasons) == expected.map(\.reasons))
    }

    @Test("the similarity bound is never below the Jaro-Winkler similarity of two keys")
    func similarityBound() throws {
        let records = try DedupEvaluationTests.records().map(\.venue)
        for draw in SeededGenerator.draws("similarityBound", seed: 28) {
            let (seed, generator) = draw
            var random = generator
            // Names of the set, and each with one random edit, so that many pairs are alike.
            let letters = Array("abcdefghijklmnopqrstuvwxyzäö0123456789 ")
            var venues = records
            for record in records {
                var name = Array(record.name)
                let position = Int.random(in: 0...name.count, using: &random)
                name.insert(letters.randomElement(using: &random)!, at: position)
                var edited = record
                edited.name = String(name)
                edited.names = []
                venues.append(edited)
            }
            let normalizer = NameNormalizer()
            let texts = DeduplicatorNames.Texts(venues)
            let names = DeduplicatorNames(
                texts,
                analysed: texts.analysed(normalizer: normalizer, parallel: false),
                order: Array(venues.indices),
                normalizer: normalizer
            )
            let keys = Int32(0)..<Int32(names.keyScalars.count)
            #expect(keys.count > 3_000)
            var pairs = (0..<200_000).map { _ in
                (keys.randomElement(using: &random)!, keys.randomElement(using: &random)!)
            }
            // And each name with its edited copy.
            pairs += (0..<records.count).map { names.displayKey($0) }.enumerated().map { k, key in
                (key, names.displayKey(records.count + k))
            }
            var similar = 0
            for (a, b) in pairs {
                let similarity = NameSimilarity.jaroWinkler(names.keyScalars[Int(a)], names.keyScalars[Int(b)])
                if similarity >= 0.85 { similar += 1 }
                let bound = names.similarityBound(a, b)
                #expect(
                    bound >= similarity - 1e-12,
                    "\(names.keyScalars[Int(a)]) \(names.keyScalars[Int(b)]) (seed \(seed))"
                )
            }
            #expect(similar > 1_000, "alike pairs are among those tested")
        }
    }
}

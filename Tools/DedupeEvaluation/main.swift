// Scores the Deduplicator on the labelled Helsinki set (ODbL, © OpenStreetMap contributors):
//   swift run -c release DedupeEvaluation [FILE] [--mistakes] [--ablation]
//   swift run -c release DedupeEvaluation --seeds FILE...
// With --seeds, each FILE is one seed of scripts/make-dedupe-eval.py: prints each seed's
// precision and recall on views of 300 m and 800 m, then per kind the mean and the worst seed
// (Benchmarks/dedupe-seeds.sh generates the seeds and runs this).
// FILE defaults to Tests/VenuesMergeTests/Fixtures/dedupe-eval-helsinki.json. Prints the scores
// of the whole set merged at once, then per kind of place for the whole set and for views of
// 300 m and 800 m (what one search returns; see DeduplicatorEvaluation.report(_:on:viewRadius:)).
import Foundation
import VenuesCore
import VenuesMerge
import VenuesMergeEvaluation

let arguments = CommandLine.arguments.dropFirst()
let showMistakes = arguments.contains("--mistakes")

if arguments.contains("--seeds") {
    let files = arguments.filter { !$0.hasPrefix("--") }
    var summaries = [300.0, 800.0].map { DeduplicatorEvaluation.SeedSummary(radius: $0, reports: []) }
    print("data © OpenStreetMap contributors, ODbL 1.0")
    print("seed file                        300 m: precision  recall    800 m: precision  recall")
    for file in files {
        let records: [DeduplicatorEvaluation.LabelledVenue]
        do {
            records = try DeduplicatorEvaluation.load(Data(contentsOf: URL(fileURLWithPath: file)))
        } catch {
            FileHandle.standardError.write(Data("cannot read \(file): \(error)\n".utf8))
            exit(1)
        }
        var line = URL(fileURLWithPath: file).lastPathComponent.padding(toLength: 32, withPad: " ", startingAt: 0)
        for k in summaries.indices {
            let report = DeduplicatorEvaluation.report(
                Deduplicator(),
                on: records,
                viewRadius: summaries[k].radius
            )
            summaries[k].reports.append(report)
            line += String(format: "        %.4f     %.4f", report.overall.precision, report.overall.recall)
        }
        print(line)
    }
    for summary in summaries {
        print("\n\(summary)")
    }
    exit(0)
}
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
let path =
    arguments.first { !$0.hasPrefix("--") }
    ?? repository.appendingPathComponent("Tests/VenuesMergeTests/Fixtures/dedupe-eval-helsinki.json").path

let records: [DeduplicatorEvaluation.LabelledVenue]
do {
    records = try DeduplicatorEvaluation.load(Data(contentsOf: URL(fileURLWithPath: path)))
} catch {
    FileHandle.standardError.write(Data("cannot read \(path): \(error)\n".utf8))
    exit(1)
}

let deduplicator = Deduplicator()
let places = Set(records.map(\.place)).count
print("evaluation set: \(records.count) records of \(places) places (\(path))")
print("data © OpenStreetMap contributors, ODbL 1.0")
let clock = ContinuousClock()
var scores: DeduplicatorEvaluation.Scores?
let elapsed = clock.measure {
    scores = DeduplicatorEvaluation.evaluate(deduplicator, on: records)
}
print(scores!)
print("time: \(elapsed)")
print("\nwhole set, per kind:\n\(DeduplicatorEvaluation.report(deduplicator, on: records))")
for radius in [300.0, 800.0] {
    let report = DeduplicatorEvaluation.report(deduplicator, on: records, viewRadius: radius)
    print("\nviews of \(Int(radius)) m (\(report.views) views):\n\(report)")
}

var joinsByRule: [String: Int] = [:]
for place in deduplicator.merge(records.map(\.venue)) {
    for reason in place.reasons { joinsByRule[reason.rule, default: 0] += 1 }
}
print(
    "joins by rule: " + joinsByRule.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
)

if showMistakes {
    let position = Dictionary(uniqueKeysWithValues: records.enumerated().map { ($1.venue.id, $0) })
    let merged = deduplicator.merge(records.map(\.venue))
    var groupOf = [Int](repeating: 0, count: records.count)
    for (g, place) in merged.enumerated() {
        for source in place.sources { groupOf[position[source.id]!] = g }
    }
    func describe(_ i: Int) -> String {
        let v = records[i].venue
        return
            "\(v.id.provider) '\(v.name)' [\(v.categories.map(\.rawValue).joined(separator: ","))] \(records[i].kind)"
    }
    print("\nwrongly merged:")
    for place in merged where place.sources.count > 1 {
        let labels = place.sources.map { records[position[$0.id]!].place }
        guard Set(labels).count > 1 else { continue }
        for reason in place.reasons {
            let a = position[reason.first]!
            let b = position[reason.second]!
            let mark = records[a].place == records[b].place ? " " : "✗"
            print(
                "  \(mark) \(describe(a)) ~ \(describe(b)) \(reason.rule) "
                    + String(format: "%.0f m, name %.2f", reason.distance, reason.nameScore)
            )
        }
    }
    print("\nmissed (same place, different groups):")
    var byPlace: [Int: [Int]] = [:]
    for (i, record) in records.enumerated() { byPlace[record.place, default: []].append(i) }
    for (_, members) in byPlace.sorted(by: { $0.key < $1.key }) where Set(members.map { groupOf[$0] }).count > 1 {
        let text = members.map { i in
            let d = records[i].venue.coordinate.distance(to: records[members[0]].venue.coordinate)
            return describe(i) + String(format: " g%d %.0fm", groupOf[i], d)
        }
        print("  " + text.joined(separator: " | "))
    }
}

if arguments.contains("--ablation") {
    // Each line changes one rule of the default, to show what it is worth on this set.
    let base = Deduplicator.Rules()
    var variants: [(String, Deduplicator.Rules)] = [("default", base)]
    func variant(_ name: String, _ change: (inout Deduplicator.Rules) -> Void) {
        var rules = base
        change(&rules)
        variants.append((name, rules))
    }
    variant("no chain guard") { $0.chainDistance = .infinity }
    variant("chain guard 40 m") { $0.chainDistance = 40 }
    variant("no category veto") { $0.categoryVeto = false }
    variant("same-name within 50 m") { $0.sameNameDistance = 50 }
    variant("same-name within 150 m") {
        $0.sameNameDistance = 150
        $0.candidateRadius = 250
    }
    variant("similar-name within 75 m") { $0.similarNameDistance = 75 }
    variant("similar-name within 100 m") { $0.similarNameDistance = 100 }
    variant("Jaro-Winkler >= 0.85") { $0.similarNameThreshold = 0.85 }
    variant("Jaro-Winkler >= 0.95") { $0.similarNameThreshold = 0.95 }
    variant("no phone/website rules") { $0.contactDistance = 0 }
    variant("no nearest branch") { $0.chainNearestDistance = 0 }
    variant("nearest branch within 100 m") { $0.chainNearestDistance = 100 }
    variant("nearest branch margin 1.2") { $0.chainMargin = 1.2 }
    variant("nearest branch margin 2") { $0.chainMargin = 2 }
    variant("no extents") { $0.largestExtent = 0 }
    variant("no duplicates") { $0.duplicateProviders = [] }
    variant("duplicates within 25 m") { $0.duplicateDistance = 25 }
    variant("no twins (equally-near)") { $0.twinMargin = 0 }
    variant("twins margin 2") { $0.twinMargin = 2 }
    variant("twins within 40 m") { $0.twinDistance = 40 }
    print("\nablations (whole set, then views of 300 m):")
    for (name, rules) in variants {
        let scores = DeduplicatorEvaluation.evaluate(Deduplicator(rules: rules), on: records)
        let views = DeduplicatorEvaluation.report(Deduplicator(rules: rules), on: records, viewRadius: 300).overall
        print("\(name.padding(toLength: 28, withPad: " ", startingAt: 0)) \(scores)")
        print("\("".padding(toLength: 28, withPad: " ", startingAt: 0)) \(views)")
    }
    var withoutOtherNames = records
    for index in withoutOtherNames.indices { withoutOtherNames[index].venue.names = [] }
    print(
        "\("no other names".padding(toLength: 28, withPad: " ", startingAt: 0)) \(DeduplicatorEvaluation.evaluate(Deduplicator(), on: withoutOtherNames))"
    )
    let plain = Deduplicator(normalizer: NameNormalizer(genericWords: [], citySuffixes: []))
    print(
        "\("no generic/city words".padding(toLength: 28, withPad: " ", startingAt: 0)) \(DeduplicatorEvaluation.evaluate(plain, on: records))"
    )
}

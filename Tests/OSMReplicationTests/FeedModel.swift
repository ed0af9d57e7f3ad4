import Foundation
import VenuesTestSupport

/// A replication feed in memory: the states the server has (a sequence missing from `states`
/// answers 404) and the newest, which `state.txt` names. Generated regular or irregular, and
/// answering the timestamp search by brute force.
struct FeedModel: Sendable {
    /// The time of every sequence the server has.
    var states: [Int64: Date]
    /// The newest sequence (always among `states`).
    var latest: Int64

    /// Sequences `first...last`, one every `interval` seconds from `start`, none missing.
    static func regular(first: Int64 = 0, last: Int64, interval: Double = 60, start: Date = epoch) -> FeedModel {
        var states: [Int64: Date] = [:]
        for sequence in first...last {
            states[sequence] = start.addingTimeInterval(Double(sequence - first) * interval)
        }
        return FeedModel(states: states, latest: last)
    }

    /// Sequences `0...last` drawn from `random`: gaps of 0–600 s between states (equal times
    /// included), now and then an outage of a day; runs of 1–5 missing state files (apart: a run
    /// never touches the next); and, when `prunedBelow` is given, no state below it (a server
    /// that removed its old files).
    static func irregular(last: Int64, prunedBelow: Int64 = 0, using random: inout SeededGenerator) -> FeedModel {
        var states: [Int64: Date] = [:]
        var time = epoch
        var missingLeft = 0
        var previousMissing = false
        for sequence in 0...last {
            let roll = Int.random(in: 0..<100, using: &random)
            time.addTimeInterval(roll == 0 ? 86_400 : roll < 10 ? 0 : Double(Int.random(in: 1...600, using: &random)))
            // A run starts only after a file that is there: runs never join into a longer one.
            if missingLeft == 0, !previousMissing, Int.random(in: 0..<100, using: &random) < 4 {
                missingLeft = Int.random(in: 1...5, using: &random)
            }
            let missing = missingLeft > 0
            if missing { missingLeft -= 1 }
            previousMissing = missing
            if sequence == last || (!missing && sequence >= prunedBelow) {
                states[sequence] = time
            }
        }
        return FeedModel(states: states, latest: last)
    }

    /// 2026-11-27T00:00:00Z.
    static let epoch = Date(timeIntervalSince1970: 1_795_737_600)

    /// The newest state's time.
    var latestTime: Date { states[latest]! }

    /// The oldest state the server has.
    var oldest: Int64 { states.keys.min()! }

    /// The answer by reading every state: the newest sequence at or before `target`.
    func bruteForce(atOrBefore target: Date) -> Int64? {
        states.filter { $0.value <= target }.keys.max()
    }

    /// The state file of `sequence` as Osmosis writes it: a date comment, the time's colons
    /// escaped, and a key the client must leave alone.
    func stateText(_ sequence: Int64, lineEnding: String = "\n") -> String? {
        guard let time = states[sequence] else { return nil }
        return Self.stateText(sequence: sequence, time: time, lineEnding: lineEnding)
    }

    /// A state file's text.
    static func stateText(sequence: Int64, time: Date, lineEnding: String = "\n") -> String {
        let iso = ISO8601DateFormatter().string(from: time)
        return [
            "#\(time.description)",
            "txnMaxQueried=\(sequence * 7)",
            "sequenceNumber=\(sequence)",
            "timestamp=\(iso.replacingOccurrences(of: ":", with: "\\:"))",
            "",
        ].joined(separator: lineEnding)
    }
}

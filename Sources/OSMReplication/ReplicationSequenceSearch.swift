package import Foundation

/// Finds the newest sequence whose time is at or before a target time by reading as few state
/// files as it can, as pyosmium's `ReplicationServer.timestamp_to_sequence` does: from the
/// newest state step back by an estimate made from the time per sequence, then narrow down.
///
/// The search never reads a file of its own: ``probe`` reads one state (`nil` when the server
/// does not have it: 404), so the algorithm is checked against a feed in memory as well as
/// over HTTP.
///
/// 1. The newest state at or before the target is the answer (its sequence) when the target
///    is not older than it.
/// 2. **Step back.** From `hi`, the oldest state known to be newer than the target, step back
///    by the target's distance in time divided by the time per sequence, measured between the
///    newest state and `hi` (the first step is one sequence, which gives the first measure).
///    Each step that still lands after the target is made twice as long as the estimate says,
///    so the steps grow. A step that would pass the first possible sequence (`floor`, 0 at
///    first) reads that sequence itself, once; after that it goes halfway between `floor` and
///    `hi`. This ends with `lo`, a state at or before the target, or with `nil` when `hi`
///    reaches `floor`: even the oldest state there is is newer than the target.
/// 3. **Narrow down** between `lo` and `hi`: guess where the target lies between their times
///    (interpolation); after a guess that did not halve the gap, take the middle instead.
///    When no state lies between them, `lo` is the answer.
///
/// Missing state files (404) are stepped round: the search reads the nearest sequences instead,
/// nearer first, the lower first. While narrowing down it reads every sequence between `lo` and
/// `hi` before it gives up, so the answer is exact. While stepping back it reads at most
/// ``missingRun`` on each side; finding none it takes the run for the start of what the server
/// keeps (old files removed), moves `floor` above it and hunts for the oldest file kept: it
/// halves the span between `floor` and `hi` one file at a time, a missing file counting as
/// below the oldest, and when `hi` is reached reads the ``missingRun`` files below `hi`
/// (those not read yet) — none there: `nil`; one there: the hunt goes on below it. So a server
/// that removed its old files costs a few more reads, not one per file.
///
/// The answer is the brute-force one as long as every run of missing files is at most
/// ``missingRun`` long, except the files the server removed below its oldest.
package struct ReplicationSequenceSearch {
    /// Reads the state of a sequence; `nil` when the server does not have it.
    package typealias Probe = (Int64) async throws(ReplicationError) -> ReplicationState?

    /// How many missing sequences on each side of a step's landing place are read before the
    /// run is taken for the start of the feed.
    package static let missingRun: Int64 = 8

    /// The time looked for.
    package let target: Date
    private let probe: Probe
    /// Sequences known to be missing: read once, never asked again.
    private var missing: Set<Int64> = []
    /// How many states were asked of `probe`.
    package private(set) var probes = 0

    /// A search for the newest sequence at or before `target`, reading states through `probe`.
    package init(target: Date, probe: @escaping Probe) {
        self.target = target
        self.probe = probe
    }

    /// The newest sequence at or before the target, or `nil` when even the oldest state the
    /// server has is newer; `latest` is the feed's newest state (`state.txt`).
    package mutating func run(latest: ReplicationState) async throws(ReplicationError) -> Int64? {
        guard latest.timestamp > target else { return latest.sequence }
        guard let lower = try await stepBack(from: latest) else { return nil }
        return try await narrowDown(lower: lower.lo, upper: lower.hi)
    }

    /// Step 2: a state at or before the target and the oldest state known after it, or `nil`
    /// when there is none at or before the target.
    private mutating func stepBack(
        from latest: ReplicationState
    ) async throws(ReplicationError) -> (
        lo: ReplicationState, hi: ReplicationState
    )? {
        var hi = latest
        // No state below `floor`: the start, or the top of a run of missing files longer than
        // `missingRun` (taken for the files the server removed).
        var floor: Int64 = 0
        // While hunting for the oldest file the server keeps: no state below, as far as the
        // single files read tell (a file missing from a short run looks the same).
        var hunted: Int64 = 0
        var hunting = false
        var stretch = 1.0
        var readFloor = false
        while hi.sequence > floor {
            if hunting, hi.sequence <= hunted {
                // The files just below `hi` look missing: a run longer than `missingRun` ends
                // the search; a shorter one is a gap, and the search goes on below it.
                let below = max(floor, hi.sequence - 1 - Self.missingRun)
                guard let found = try await nearest(to: hi.sequence - 1, in: below...(hi.sequence - 1), within: nil)
                else { return nil }
                if found.timestamp <= target { return (found, hi) }
                hi = found
                hunted = floor
                continue
            }
            let bottom = max(floor, hunted)
            if hunting {
                // Halve the span where the oldest kept file lies, one file at a time.
                let guess = bottom + (hi.sequence - bottom) / 2
                guard let found = try await read(guess) else {
                    hunted = guess + 1
                    continue
                }
                if found.timestamp <= target { return (found, hi) }
                hi = found
                continue
            }
            var guess = hi.sequence - step(from: hi, latest: latest, floor: bottom, stretch: stretch)
            if hi.sequence != latest.sequence { stretch *= 2 }
            if guess < bottom {
                guess = readFloor ? bottom + (hi.sequence - bottom) / 2 : bottom
                readFloor = true
            }
            guard let found = try await nearest(to: guess, in: bottom...(hi.sequence - 1), within: Self.missingRun)
            else {
                floor = min(guess + Self.missingRun + 1, hi.sequence)
                hunting = true
                continue
            }
            if found.timestamp <= target { return (found, hi) }
            hi = found
        }
        return nil
    }

    /// How far back from `hi` the target lies by the time per sequence between `hi` and the
    /// newest state, times `stretch`; 1 before there is a measure, past `floor` when the
    /// measure is no time at all.
    private func step(from hi: ReplicationState, latest: ReplicationState, floor: Int64, stretch: Double) -> Int64 {
        guard hi.sequence != latest.sequence else { return 1 }
        let seconds = latest.timestamp.timeIntervalSince(hi.timestamp)
        let sequences = Double(latest.sequence - hi.sequence)
        guard seconds > 0 else { return hi.sequence - floor + 1 }
        let estimate = (hi.timestamp.timeIntervalSince(target) * sequences / seconds * stretch).rounded(.up)
        guard estimate < Double(hi.sequence - floor) else { return hi.sequence - floor + 1 }
        return max(1, Int64(estimate))
    }

    /// Step 3: the newest sequence at or before the target, knowing `lower` is at or before it
    /// and `upper` after it.
    private mutating func narrowDown(
        lower: ReplicationState,
        upper: ReplicationState
    ) async throws(ReplicationError)
        -> Int64
    {
        var lo = lower
        var hi = upper
        var middleNext = false
        while hi.sequence - lo.sequence > 1 {
            let gap = hi.sequence - lo.sequence
            var guess: Int64
            if middleNext {
                guess = lo.sequence + gap / 2
            } else {
                let fraction = target.timeIntervalSince(lo.timestamp) / hi.timestamp.timeIntervalSince(lo.timestamp)
                guess = lo.sequence + Int64((fraction * Double(gap)).rounded(.down))
            }
            guess = min(max(guess, lo.sequence + 1), hi.sequence - 1)
            guard let found = try await nearest(to: guess, in: (lo.sequence + 1)...(hi.sequence - 1), within: nil)
            else {
                break
            }
            if found.timestamp <= target { lo = found } else { hi = found }
            middleNext = (hi.sequence - lo.sequence) * 2 > gap
        }
        return lo.sequence
    }

    /// The state of the sequence nearest `guess` within `range` that the server has, reading
    /// `guess`, then `guess - 1`, `guess + 1`, `guess - 2`, … at most `within` away (all of
    /// `range` when `nil`); `nil` when none.
    private mutating func nearest(
        to guess: Int64,
        in range: ClosedRange<Int64>,
        within: Int64?
    ) async throws(ReplicationError) -> ReplicationState? {
        var distance: Int64 = 0
        while within.map({ distance <= $0 }) ?? true {
            let below = guess - distance
            let above = guess + distance
            guard range.contains(below) || range.contains(above) else { return nil }
            if range.contains(below), let state = try await read(below) { return state }
            if distance > 0, range.contains(above), let state = try await read(above) { return state }
            distance += 1
        }
        return nil
    }

    /// The state of `sequence`, asked once.
    private mutating func read(_ sequence: Int64) async throws(ReplicationError) -> ReplicationState? {
        guard !missing.contains(sequence) else { return nil }
        probes += 1
        guard let state = try await probe(sequence) else {
            missing.insert(sequence)
            return nil
        }
        return state
    }
}

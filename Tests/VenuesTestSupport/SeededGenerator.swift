import Foundation

/// Deterministic pseudo-random numbers (SplitMix64) for the tests that draw random inputs, so
/// that a failure can be replayed from the seed its message names.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    /// The state; the seed at first.
    public var state: UInt64

    /// A generator starting from `state`.
    public init(state: UInt64) {
        self.state = state
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

extension SeededGenerator {
    /// The generator of one test's random inputs: seeded with `seed`, or with
    /// `VENUES_TEST_SEED` when that is set (to try other inputs); the seed used is printed with
    /// the test's name, and returned for the test's failure messages.
    public static func forTest(_ test: String, seed: UInt64) -> (seed: UInt64, generator: SeededGenerator) {
        let chosen = TestEnvironment.value("VENUES_TEST_SEED").flatMap { UInt64($0) } ?? seed
        print("\(test): random inputs from seed \(chosen) (VENUES_TEST_SEED=\(chosen) draws them again)")
        return (chosen, SeededGenerator(state: chosen))
    }
}

extension SeededGenerator {
    /// The seed CI draws with: a property test is deterministic there (a red CI must be one that
    /// a change caused), and draws anew in every local run.
    public static let ciSeed: UInt64 = 0x5EED_2026_1128

    /// The generator of one property test's random inputs: `VENUES_TEST_SEED` when that is set
    /// (to replay a failure), ``ciSeed`` in CI, otherwise a new draw each run. The seed used is
    /// printed with the test's name and returned for the test's failure messages, which must
    /// name it.
    public static func forTest(_ test: String) -> (seed: UInt64, generator: SeededGenerator) {
        forTest(test, seed: TestEnvironment.isCI ? ciSeed : UInt64.random(in: 0...UInt64.max))
    }
}

extension SeededGenerator {
    /// The draws of one property test, each a seed and the generator it starts: one draw, the
    /// seed of ``forTest(_:seed:)``, in every ordinary run; every seed from FIRST to LAST when
    /// `VENUES_TEST_SEEDS=FIRST-LAST` is set, to sweep a property over many inputs at once
    /// (`VENUES_TEST_SEEDS=1-1000 swift test --filter …`, docs/development.md). A test runs its
    /// body once per draw and names the draw's seed in each failure.
    public static func draws(_ test: String, seed: UInt64) -> [(seed: UInt64, generator: SeededGenerator)] {
        guard let seeds = sweptSeeds else { return [forTest(test, seed: seed)] }
        print("\(test): random inputs from seeds \(seeds.lowerBound)-\(seeds.upperBound) (VENUES_TEST_SEEDS)")
        return seeds.map { ($0, SeededGenerator(state: $0)) }
    }

    /// The draws of one property test whose ordinary seed is ``forTest(_:)``'s: ``ciSeed`` in CI,
    /// a new one in each local run; every seed of `VENUES_TEST_SEEDS` when that is set.
    public static func draws(_ test: String) -> [(seed: UInt64, generator: SeededGenerator)] {
        guard sweptSeeds != nil else { return [forTest(test)] }
        return draws(test, seed: 0)
    }

    /// The range `VENUES_TEST_SEEDS` names (`FIRST-LAST`, or one seed); `nil` when it is unset.
    /// A value that is not a range stops the run: a sweep that silently ran one seed would
    /// report a property held that was never tried.
    static var sweptSeeds: ClosedRange<UInt64>? {
        guard let text = TestEnvironment.value("VENUES_TEST_SEEDS") else { return nil }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map {
            UInt64($0.trimmingCharacters(in: .whitespaces))
        }
        switch parts.count {
        case 1: if let only = parts[0] { return only...only }
        case 2: if let first = parts[0], let last = parts[1], first <= last { return first...last }
        default: break
        }
        fatalError("VENUES_TEST_SEEDS=\(text): expected FIRST-LAST, two whole numbers, FIRST not above LAST")
    }
}

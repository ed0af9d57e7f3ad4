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

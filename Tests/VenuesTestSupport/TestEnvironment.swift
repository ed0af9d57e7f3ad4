public import Foundation

/// What the tests read from the environment, read one way everywhere: whether this is a CI run,
/// and where the real parts some tests need (PostgreSQL) are.
///
/// A test that needs a real part the machine may lack (a PostgreSQL server, `flock(1)`, the
/// permission to mount a small disk) is skipped, loudly, where that part is missing — except in
/// CI, where it runs and fails instead, so that a CI run never passes without having tested it:
///
/// ```
/// @Test(.enabled("needs a tmpfs") { TestEnvironment.runs(ifAvailable: await SmallDisk.canMount()) })
/// func fullDisk() async throws {
///     guard await SmallDisk.canMount() else {
///         Issue.record(Comment(rawValue: TestEnvironment.missingInCI("a tmpfs mount")))
///         return
///     }
///     …
/// }
/// ```
public enum TestEnvironment {
    /// A variable's value; `nil` when it is unset or empty (an empty value counts as unset).
    public static func value(_ name: String) -> String? {
        guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else { return nil }
        return value
    }

    /// Whether this is a CI run: `CI` is `true` in any case (`true`, `TRUE`, `True`), spaces
    /// around it ignored.
    public static var isCI: Bool {
        value("CI")?.trimmingCharacters(in: .whitespaces).lowercased() == "true"
    }

    /// `VENUES_TEST_POSTGRES_URL`: a PostgreSQL server the tests may create databases on.
    public static var postgresURL: String? { value("VENUES_TEST_POSTGRES_URL") }

    /// `VENUES_TEST_POSTGRES_CTL`: `scripts/postgres-test-server`, to make clusters of a test's
    /// own and stop and resume them.
    public static var postgresControl: String? { value("VENUES_TEST_POSTGRES_CTL") }

    /// Whether a test that needs a real part runs: when the part is available, and always in
    /// CI (where the test then fails with ``missingInCI(_:)``).
    public static func runs(ifAvailable available: Bool) -> Bool { available || isCI }

    /// Why a test that needs `part` did not test anything: the message it fails with in CI.
    public static func missingInCI(_ part: String) -> String {
        "CI=true, but \(part) is not available here: this test must run in CI and did not"
    }
}

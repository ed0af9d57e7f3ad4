import VenuesCore

/// Runs an operation with a deadline that holds even when the operation cannot be interrupted
/// (a query already sent waits for its answer): at the deadline the caller gets
/// ``Exceeded`` at once, and the operation is cancelled and left to end on its own.
///
/// It is `withTimeLimit` (VenuesCore) with a probe: a check run while the operation still waits,
/// whose error ends the wait early (a server found gone), and errors of any type.
enum ProbedDeadline {
    /// The deadline passed before the operation ended.
    struct Exceeded: Error {}

    /// A check made once the operation has taken `after`: an error it returns ends the wait
    /// early (as the deadline would, with that error).
    struct Probe: Sendable {
        var after: Duration
        var check: @Sendable () async -> (any Error)?
    }

    static func run<Value: Sendable>(
        within timeout: Duration,
        probe: Probe? = nil,
        _ operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await withTimeLimit(
            timeout,
            expired: Exceeded() as any Error,
            cancelled: CancellationError(),
            probe: probe.map { probe in TimeLimitProbe(after: probe.after, check: probe.check) },
            operation
        ).get()
    }
}

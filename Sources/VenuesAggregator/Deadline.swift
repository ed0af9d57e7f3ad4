import VenuesCore

/// Runs `operation`, but answers `.timedOut` once `seconds` have passed on `clock`, whether or
/// not the operation honours cancellation, and `.cancelled` when the caller is cancelled
/// (``withTimeLimit(_:clock:expired:cancelled:_:)``).
func withDeadline<Value: Sendable>(
    seconds: Double,
    clock: any Clock<Duration> = ContinuousClock(),
    _ operation: @escaping @Sendable () async throws(ProviderError) -> Value
) async -> Result<Value, ProviderError> {
    await withTimeLimit(.seconds(max(0, seconds)), clock: clock, expired: .timedOut, cancelled: .cancelled, operation)
}

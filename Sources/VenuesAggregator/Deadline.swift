import VenuesCore

/// Runs `operation`, but answers `.timedOut` once `seconds` have passed, whether or not the
/// operation honours cancellation, and `.cancelled` when the caller is cancelled
/// (``withTimeLimit(_:expired:cancelled:_:)``).
func withDeadline<Value: Sendable>(
    seconds: Double,
    _ operation: @escaping @Sendable () async throws(ProviderError) -> Value
) async -> Result<Value, ProviderError> {
    await withTimeLimit(.seconds(max(0, seconds)), expired: .timedOut, cancelled: .cancelled, operation)
}

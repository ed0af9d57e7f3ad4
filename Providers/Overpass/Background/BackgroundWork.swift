import Dispatch
import OSMModel
import VenuesCore

/// Runs CPU-bound parsing on a Dispatch thread, off Swift's small cooperative pool, and
/// forwards task cancellation to it through a ``CancellationFlag``.
enum BackgroundWork {
    static func run<T: Sendable>(
        _ work: @escaping @Sendable (CancellationFlag) throws(ProviderError) -> T
    ) async throws(ProviderError) -> T {
        let flag = CancellationFlag()
        let result: Result<T, ProviderError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                DispatchQueue.global(qos: .userInitiated).async {
                    continuation.resume(returning: Result { () throws(ProviderError) in try work(flag) })
                }
            }
        } onCancel: {
            flag.cancel()
        }
        return try result.get()
    }
}

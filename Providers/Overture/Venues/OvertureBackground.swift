import Dispatch
import OSMModel
import VenuesCore

/// Blocking work (SQLite, reading a file) on a Dispatch thread, off Swift's cooperative pool;
/// a cancelled task raises the work's flag.
enum OvertureBackground {
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

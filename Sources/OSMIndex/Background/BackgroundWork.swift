import Dispatch
package import OSMModel
package import VenuesCore

/// Runs CPU-bound parsing on a Dispatch thread (or the threads of a ``WorkLane``), off Swift's
/// small cooperative pool, and forwards task cancellation to it through a ``CancellationFlag``.
/// Shared by the providers that read local files and indexes (OpenStreetMap, Overture).
package enum BackgroundWork {
    package static func run<T: Sendable>(
        on lane: WorkLane? = nil,
        _ work: @escaping @Sendable (CancellationFlag) throws(ProviderError) -> T
    ) async throws(ProviderError) -> T {
        let flag = CancellationFlag()
        let result: Result<T, ProviderError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let job: @Sendable () -> Void = {
                    continuation.resume(returning: Result { () throws(ProviderError) in try work(flag) })
                }
                if let lane {
                    lane.add(job)
                } else {
                    DispatchQueue.global(qos: .userInitiated).async(execute: job)
                }
            }
        } onCancel: {
            flag.cancel()
        }
        return try result.get()
    }
}

import Foundation

/// Runs blocking work (semaphores, file locks, child processes, seconds of computation) on a
/// thread of its own and awaits it; it throws what `body` throws, and nothing when `body`
/// cannot throw.
///
/// Swift's cooperative pool has as many threads as cores (two here); a test that blocks one of
/// them starves every loopback server and provider running in parallel tests. A Dispatch worker
/// is no sure way out: on Linux the global queues' pool is as narrow as the cores and grows only
/// slowly when its threads block. A new thread is scheduled whatever else the process is doing.
public func offCooperativePool<T: Sendable, Failure: Error>(
    _ body: @escaping @Sendable () throws(Failure) -> T
) async throws(Failure) -> T {
    let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, Failure>, Never>) in
        let thread = Thread {
            do throws(Failure) {
                continuation.resume(returning: .success(try body()))
            } catch {
                continuation.resume(returning: .failure(error))
            }
        }
        thread.stackSize = 8 << 20
        thread.start()
    }
    return try result.get()
}

import Foundation

/// Runs blocking work (semaphores, file locks, child processes, seconds of computation) on a
/// thread of its own and awaits it.
///
/// Swift's cooperative pool has as many threads as cores (two here); a test that blocks one of
/// them starves every loopback server and provider running in parallel tests. A Dispatch worker
/// is no sure way out: on Linux the global queues' pool is as narrow as the cores and grows only
/// slowly when its threads block. A new thread is scheduled whatever else the process is doing.
public func offCooperativePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.stackSize = 8 << 20
        thread.start()
    }
}

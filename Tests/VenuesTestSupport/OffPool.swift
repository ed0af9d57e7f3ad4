import Foundation
import VenuesCore

/// Runs blocking work (semaphores, file locks, child processes, seconds of computation) on a
/// thread of its own and awaits it (VenuesCore's ``onThreadOfItsOwn(named:_:)``, under the name
/// the tests know); it throws what `body` throws, and nothing when `body` cannot throw.
///
/// Swift's cooperative pool has as many threads as cores (two here); a test that blocks one of
/// them starves every loopback server and provider running in parallel tests. A Dispatch worker
/// is no sure way out: on Linux the global queues' pool is as narrow as the cores and grows only
/// slowly when its threads block. A new thread is scheduled whatever else the process is doing.
public func offCooperativePool<T: Sendable, Failure: Error>(
    _ body: @escaping @Sendable () throws(Failure) -> T
) async throws(Failure) -> T {
    try await onThreadOfItsOwn(body)
}

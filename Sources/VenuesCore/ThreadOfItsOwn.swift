import Foundation

/// Runs blocking work (a transfer, a file write and its flush, an import, a semaphore, a child
/// process) on a thread of its own and awaits it; it throws what `body` throws, and nothing when
/// `body` cannot throw. The one way in this package off Swift's cooperative pool.
///
/// The cooperative pool has as many threads as cores (two on the machines this runs on): work
/// that blocks one of them stalls every task of the process. A Dispatch worker is no sure way
/// out: on Linux the global queues' pool is as narrow as the cores and grows only slowly when its
/// threads block. A new thread is scheduled whatever else the process is doing.
package func onThreadOfItsOwn<T: Sendable, Failure: Error>(
    named name: String? = nil,
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
        if let name { thread.name = name }
        thread.stackSize = 8 << 20
        thread.start()
    }
    return try result.get()
}

import Foundation

/// Runs blocking work (semaphores, file locks, child processes) on a Dispatch thread and awaits it.
///
/// Swift's cooperative pool has as many threads as cores (two here); a test that blocks one of
/// them starves every loopback server and provider running in parallel tests.
public func offCooperativePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async {
            continuation.resume(with: Result { try body() })
        }
    }
}

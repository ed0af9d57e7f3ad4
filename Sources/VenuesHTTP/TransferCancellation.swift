internal import CCurl
import Synchronization

/// The flag that a cancelled task raises and a running transfer watches.
///
/// The task's cancellation handler calls ``cancel()`` from any thread. The transfer thread
/// checks ``isCancelled`` in libcurl's progress callback and in its poll loop, and is woken
/// from `curl_multi_poll` at once through `curl_multi_wakeup`, so a cancelled transfer stops
/// within milliseconds rather than at the next progress tick.
final class TransferCancellation: Sendable {
    private let cancelled = Atomic<Bool>(false)
    /// The multi handle the transfer is polling, while it polls.
    private let poller = Mutex<MultiPointer?>(nil)

    /// Whether the owning task was cancelled.
    var isCancelled: Bool {
        cancelled.load(ordering: .acquiring)
    }

    /// Marks the transfer cancelled and wakes its poll loop.
    func cancel() {
        cancelled.store(true, ordering: .releasing)
        poller.withLock { multi in
            if let multi { _ = ccurl_multi_wakeup(multi.api, multi.raw) }
        }
    }

    /// Registers the multi handle to wake on cancellation.
    func attach(_ multi: UnsafeMutableRawPointer, api: UnsafePointer<ccurl_api>) {
        let pointer = MultiPointer(raw: multi, api: api)
        poller.withLock { $0 = pointer }
    }

    /// Unregisters the multi handle; after this returns, ``cancel()`` no longer touches it.
    func detach() {
        poller.withLock { $0 = nil }
    }
}

/// A `CURLM *` that may be named from the cancelling thread; only `curl_multi_wakeup`, which
/// libcurl documents as thread-safe, is called on it from there, under the lock.
private struct MultiPointer: @unchecked Sendable {
    let raw: UnsafeMutableRawPointer
    /// libcurl's functions (a table that is never freed).
    let api: UnsafePointer<ccurl_api>
}

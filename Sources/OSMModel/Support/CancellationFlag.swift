import Synchronization

/// Set from a task's cancellation handler, polled by parsing that runs off the task's thread.
package final class CancellationFlag: Sendable {
    private let raised = Atomic<Bool>(false)

    package init() {}

    /// Whether cancellation was requested.
    package var isCancelled: Bool { raised.load(ordering: .relaxed) }

    /// Requests cancellation.
    package func cancel() { raised.store(true, ordering: .relaxed) }
}

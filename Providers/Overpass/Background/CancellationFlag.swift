import Synchronization

/// Set from a task's cancellation handler, polled by parsing that runs off the task's thread.
final class CancellationFlag: Sendable {
    private let raised = Atomic<Bool>(false)

    init() {}

    /// Whether cancellation was requested.
    var isCancelled: Bool { raised.load(ordering: .relaxed) }

    /// Requests cancellation.
    func cancel() { raised.store(true, ordering: .relaxed) }
}

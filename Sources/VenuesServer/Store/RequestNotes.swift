import Synchronization

/// What one request learnt on its way that changes its answer: the store was unavailable (so
/// no cache and no favourites). Bound to the request's task with ``current``, so code deep in
/// the provider calls can record it without passing it along.
final class RequestNotes: Sendable {
    /// The notes of the request the current task serves, if any.
    @TaskLocal static var current: RequestNotes?

    private let problem = Mutex<String?>(nil)

    init() {}

    /// Records that the store could not be used, and why (the first reason is kept).
    func storeUnavailable(_ reason: String) {
        problem.withLock { problem in
            if problem == nil { problem = reason }
        }
    }

    /// Why the store could not be used for this request, or `nil` when it could.
    var storeProblem: String? { problem.withLock { $0 } }
}

import Foundation

/// A fixed number of threads that take blocking work in the order it came (first in, first
/// out). Suggestions are asked at every keystroke by many clients at once: on a pool of threads
/// that grows while work waits for a reader, the order in which waiting work resumes is
/// anyone's, and the unlucky requests wait many times longer than the rest. Here every request
/// waits its turn, and no more searches run at once than there are cores.
package final class WorkLane: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var next = 0

    /// The lane for suggestions, of every provider that suggests from local indexes: one
    /// thread per core.
    package static let suggestions = WorkLane(
        threads: ProcessInfo.processInfo.activeProcessorCount,
        name: "venues-suggest"
    )

    /// Starts `threads` threads. They hold the lane and never end: a lane lives as long as the
    /// process (tests make a few of their own).
    package init(threads: Int, name: String) {
        for index in 0..<max(1, threads) {
            let thread = Thread { self.work() }
            thread.name = "\(name)-\(index)"
            thread.start()
        }
    }

    /// Runs `job` on one of the lane's threads, after every job added before it has started.
    package func add(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while next == jobs.count { condition.wait() }
            let job = jobs[next]
            next += 1
            // The queue's taken part is dropped now and then, not at every job.
            if next >= 1024, next * 2 >= jobs.count {
                jobs.removeFirst(next)
                next = 0
            }
            condition.unlock()
            job()
        }
    }
}

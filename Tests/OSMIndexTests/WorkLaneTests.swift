import Foundation
import Testing

@testable import OSMIndex

/// The suggestions' lane: jobs start in the order they came, never more at once than it has
/// threads.
@Suite("WorkLane: first in, first out, a fixed number at once")
struct WorkLaneTests {
    /// What the jobs saw: the order they started in and the most running at once.
    final class Record: @unchecked Sendable {
        private let lock = NSLock()
        private var started: [Int] = []
        private var running = 0
        private(set) var peak = 0
        private var done = 0
        private let all = DispatchSemaphore(value: 0)

        func start(_ job: Int) {
            lock.withLock {
                started.append(job)
                running += 1
                peak = max(peak, running)
            }
        }

        func finish(total: Int) {
            let last = lock.withLock {
                running -= 1
                done += 1
                return done == total
            }
            if last { all.signal() }
        }

        /// Waits (a minute at most) for every job; the start order.
        func wait() -> [Int]? {
            guard all.wait(timeout: .now() + 60) == .success else { return nil }
            return lock.withLock { started }
        }
    }

    @Test func oneThreadRunsTheJobsInOrder() throws {
        let lane = WorkLane(threads: 1, name: "test-lane")
        let record = Record()
        let gate = DispatchSemaphore(value: 0)
        // The first job holds the thread until every other job is queued behind it.
        lane.add {
            record.start(0)
            gate.wait()
            record.finish(total: 200)
        }
        for job in 1..<200 {
            lane.add {
                record.start(job)
                record.finish(total: 200)
            }
        }
        gate.signal()
        let order = try #require(record.wait(), "the jobs did not all run within a minute")
        #expect(order == Array(0..<200))
        #expect(record.peak == 1)
    }

    @Test func neverMoreAtOnceThanItsThreads() throws {
        let lane = WorkLane(threads: 3, name: "test-lane")
        let record = Record()
        let total = 60
        for job in 0..<total {
            lane.add {
                record.start(job)
                // Long enough for the others to start, if the lane let them.
                Thread.sleep(forTimeInterval: 0.002)
                record.finish(total: total)
            }
        }
        let order = try #require(record.wait(), "the jobs did not all run within a minute")
        #expect(Set(order) == Set(0..<total))
        #expect(record.peak <= 3)
    }
}

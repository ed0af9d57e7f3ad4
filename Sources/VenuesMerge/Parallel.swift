import Foundation

// Helpers that run the large steps of a merge on (at most) two threads.

/// Maps `0..<count` through `transform`, on two threads when `parallel` is true and the
/// machine has two cores, else on the calling thread.
///
/// Each thread writes its results straight into the returned array, in order: gathering them
/// from per-thread arrays would copy each result (a retain of each of its references) and then
/// free the copies.
func parallelMap<T>(_ count: Int, parallel: Bool, _ transform: @Sendable (Int) -> T) -> [T] {
    let parts = parallel && count > 1 ? min(2, ProcessInfo.processInfo.activeProcessorCount) : 1
    guard parts > 1 else { return (0..<count).map(transform) }
    let chunk = (count + parts - 1) / parts
    return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
        let results = ResultStore(buffer.baseAddress!)
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            for index in (part * chunk)..<min(count, (part + 1) * chunk) {
                (results.base + index).initialize(to: transform(index))
            }
        }
        initialized = count
    }
}

/// The result buffer of ``parallelMap(_:parallel:_:)``, which the threads fill in disjoint ranges.
private struct ResultStore<T>: @unchecked Sendable {
    let base: UnsafeMutablePointer<T>

    init(_ base: UnsafeMutablePointer<T>) {
        self.base = base
    }
}

/// Runs `first` and `second` at the same time on two threads when `parallel` is true and the
/// machine has two cores, else one after the other; returns both results.
func inParallel<A, B>(_ parallel: Bool, _ first: @Sendable () -> A, _ second: @Sendable () -> B) -> (A, B) {
    guard parallel, ProcessInfo.processInfo.activeProcessorCount > 1 else { return (first(), second()) }
    let results = PairStore<A, B>()
    DispatchQueue.concurrentPerform(iterations: 2) { part in
        if part == 0 { results.first = first() } else { results.second = second() }
    }
    return (results.first!, results.second!)
}

/// The results of ``inParallel(_:_:_:)``: each thread sets one.
private final class PairStore<A, B>: @unchecked Sendable {
    var first: A?
    var second: B?
}

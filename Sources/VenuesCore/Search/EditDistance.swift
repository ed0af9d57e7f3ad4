/// The optimal string alignment distance of two words (Levenshtein's insertions, deletions and
/// substitutions, plus a swap of two neighbouring letters as one edit), bounded: the work stops
/// as soon as the distance is known to exceed the bound.
package enum EditDistance {
    /// The distance between `a` and `b` (Unicode scalar values), or `nil` when it is more than
    /// `limit`.
    package static func distance(
        _ a: UnsafeBufferPointer<UInt32>,
        _ b: UnsafeBufferPointer<UInt32>,
        limit: Int
    ) -> Int? {
        let m = a.count
        let n = b.count
        guard abs(m - n) <= limit else { return nil }
        if m == 0 || n == 0 { return max(m, n) }
        // Three rows of the (m+1)×(n+1) table: the one two back (for swaps), the last, this one.
        let width = n + 1
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: width * 3) { rows in
            var before = rows.baseAddress!
            var previous = before + width
            var current = previous + width
            for j in 0...n { previous[j] = j }
            var previousSmallest = 0
            for i in 1...m {
                current[0] = i
                var smallest = i
                let ai = a[i - 1]
                for j in 1...n {
                    let bj = b[j - 1]
                    var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ai == bj ? 0 : 1))
                    if i > 1, j > 1, ai == b[j - 2], a[i - 2] == bj {
                        value = min(value, before[j - 2] + 1)
                    }
                    current[j] = value
                    smallest = min(smallest, value)
                }
                // Every later cell comes from this row or, through a swap, the one before: when
                // both are past the limit, so is the distance.
                if smallest > limit, previousSmallest > limit { return nil }
                previousSmallest = smallest
                (before, previous, current) = (previous, current, before)
            }
            let result = previous[n]
            return result <= limit ? result : nil
        }
    }
}

extension Array where Element == Int64 {
    /// Whether this array, sorted ascending, holds `value`: a binary search.
    @inlinable package func sortedContains(_ value: Int64) -> Bool {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < count && self[low] == value
    }
}

extension RandomAccessCollection where Index == Int {
    /// The index of the first element `isAfter` holds of, which must hold of every element after
    /// it too (`endIndex` when none): a binary search of a collection kept sorted.
    @inlinable
    public func partitionPoint(where isAfter: (Element) -> Bool) -> Int {
        var (low, high) = (startIndex, endIndex)
        while low < high {
            let middle = low + (high - low) / 2
            if isAfter(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}

/// Wall-clock timing on the monotonic clock, and the median of repeated runs.
public enum BenchClock {
    /// How long `body` took, in microseconds.
    public static func micros(_ body: () throws(BenchError) -> Void) throws(BenchError) -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try body()
        return micros(of: clock.now - start)
    }

    /// A duration in microseconds.
    public static func micros(of duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1_000_000 + Double(attoseconds) / 1_000_000_000_000
    }

    /// The median of `values` (the mean of the middle two when there is an even number); 0 for none.
    public static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

import Glibc

/// The process's peak resident memory so far.
public enum PeakMemory {
    /// `ru_maxrss` of `getrusage(RUSAGE_SELF)` (KiB on Linux), in megabytes; 0 when unknown.
    public static func megabytes() -> Double {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        return Double(usage.ru_maxrss) / 1024
    }
}

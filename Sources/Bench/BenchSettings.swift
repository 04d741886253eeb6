/// How many repetitions each benchmark makes: the full run, or `--quick` for CI.
public struct BenchSettings: Sendable {
    /// Save-plus-remove pairs timed for each contender at each cache size.
    public let cacheRepetitions: Int
    /// Launches timed for each number of pending orders.
    public let recoveryRepetitions: Int
    /// Batches of purchases timed, and purchases in each.
    public let purchaseBatches: Int
    public let purchasesPerBatch: Int
    /// Chaos sessions timed, and runs in each.
    public let chaosSessions: Int
    public let chaosRunsPerSession: Int
    /// Frames timed at each terminal size.
    public let renderRepetitions: Int
    /// The size of the long timeline's `events.log` in the scale section.
    public let scaleLogBytes: Int
    /// Requests `ab` sends `storesim serve` in the serve row.
    public let serveRequests: Int

    public static let full = BenchSettings(
        cacheRepetitions: 301, recoveryRepetitions: 15, purchaseBatches: 7, purchasesPerBatch: 50,
        chaosSessions: 15, chaosRunsPerSession: 20, renderRepetitions: 301, scaleLogBytes: 1 << 30,
        serveRequests: 1_000_000)
    /// The same sizes as the full run (the goals are defined at them) but for the log, which
    /// the issue lets `--quick` keep at 100 MB; fewer repetitions, the same on both sides of
    /// every ratio.
    public static let quick = BenchSettings(
        cacheRepetitions: 61, recoveryRepetitions: 7, purchaseBatches: 3, purchasesPerBatch: 20,
        chaosSessions: 4, chaosRunsPerSession: 5, renderRepetitions: 31, scaleLogBytes: 100 << 20,
        serveRequests: 20_000)

    /// What each figure is the median of, for the table's heading.
    public var summary: String {
        "medians of \(cacheRepetitions) save+remove pairs per contender, \(recoveryRepetitions) launches per size, "
            + "\(purchaseBatches) batches of \(purchasesPerBatch) purchases, \(chaosSessions) sessions of "
            + "\(chaosRunsPerSession) chaos runs, \(renderRepetitions) frames per size, a \(scaleLogBytes >> 20) MB events.log, "
            + "\(serveRequests) requests to serve"
    }

    /// The cache sizes and pending-order counts the contract names.
    public static let cacheSizes = [10, 1000, 10000]
    public static let recoveryCounts = [10, 100, 1000]
}

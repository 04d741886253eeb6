import Simulator

/// What a world with `pastPurchases` behind it costs: purchases per second, and a launch that
/// opens the world and recovers `HistoryBench.pending` orders, in milliseconds.
public struct HistoryRow: Sendable {
    public let pastPurchases: Int
    public let purchasesPerSecond: Double
    public let launchMillis: Double

    public init(pastPurchases: Int, purchasesPerSecond: Double, launchMillis: Double) {
        self.pastPurchases = pastPurchases
        self.purchasesPerSecond = purchasesPerSecond
        self.launchMillis = launchMillis
    }

    var json: JSONText {
        .object([("pastPurchases", .int(pastPurchases)), ("purchasesPerSecond", Ratio.rounded(purchasesPerSecond)),
                 ("launchMillis", Ratio.rounded(launchMillis))])
    }
}

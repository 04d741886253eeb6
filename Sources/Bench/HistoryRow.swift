import Simulator

/// What a world with `pastPurchases` behind it costs: purchases per second, and a launch that
/// opens the world and recovers `HistoryBench.pending` orders, and the view a screen is drawn
/// from right after a purchase, in milliseconds.
public struct HistoryRow: Sendable {
    public let pastPurchases: Int
    public let purchasesPerSecond: Double
    public let launchMillis: Double
    public let viewAfterPurchaseMillis: Double

    public init(pastPurchases: Int, purchasesPerSecond: Double, launchMillis: Double, viewAfterPurchaseMillis: Double) {
        self.pastPurchases = pastPurchases
        self.purchasesPerSecond = purchasesPerSecond
        self.launchMillis = launchMillis
        self.viewAfterPurchaseMillis = viewAfterPurchaseMillis
    }

    var json: JSONText {
        .object([("pastPurchases", .int(pastPurchases)), ("purchasesPerSecond", Ratio.rounded(purchasesPerSecond)),
                 ("launchMillis", Ratio.rounded(launchMillis)),
                 ("viewAfterPurchaseMillis", Ratio.rounded(viewAfterPurchaseMillis))])
    }
}

import ReadSide

/// What a world with `pastPurchases` behind it costs: purchases per second, and a launch that
/// opens the world and recovers `HistoryBench.pending` orders, in milliseconds, and the view a
/// screen is drawn from right after a purchase, in microseconds.
public struct HistoryRow: Sendable {
    public let pastPurchases: Int
    public let purchasesPerSecond: Double
    public let launchMillis: Double
    public let viewAfterPurchaseMicros: Double

    public init(pastPurchases: Int, purchasesPerSecond: Double, launchMillis: Double, viewAfterPurchaseMicros: Double) {
        self.pastPurchases = pastPurchases
        self.purchasesPerSecond = purchasesPerSecond
        self.launchMillis = launchMillis
        self.viewAfterPurchaseMicros = viewAfterPurchaseMicros
    }

    var json: JSONText {
        .object([("pastPurchases", .int(pastPurchases)), ("purchasesPerSecond", Ratio.rounded(purchasesPerSecond)),
                 ("launchMillis", Ratio.rounded(launchMillis)),
                 ("viewAfterPurchaseMicros", Ratio.rounded(viewAfterPurchaseMicros))])
    }
}

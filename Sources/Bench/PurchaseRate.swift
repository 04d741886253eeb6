import ReadSide

/// Purchases per second through the whole world, against the fsync floor measured beside them:
/// the rate a purchase would reach if it cost nothing but its fsyncs.
public struct PurchaseRate: Sendable {
    public let purchasesPerSecond: Double
    /// Every fsync and fdatasync of the timed purchases (the app's cache and receipt, the Store's
    /// and the Server's databases, checkpoints included), over the purchases; 0 when SQLite's
    /// syncs could not be counted.
    public let fsyncsPerPurchase: Double
    /// One write + fsync of a small record to an open file on the same disk, timed between the
    /// batches of purchases (median).
    public let fsyncMicros: Double

    public init(purchasesPerSecond: Double, fsyncsPerPurchase: Double, fsyncMicros: Double) {
        self.purchasesPerSecond = purchasesPerSecond
        self.fsyncsPerPurchase = fsyncsPerPurchase
        self.fsyncMicros = fsyncMicros
    }

    /// 1 / (fsyncs per purchase × one fsync's cost), in purchases per second.
    public var floorPurchasesPerSecond: Double { Ratio.of(1_000_000, fsyncsPerPurchase * fsyncMicros) }

    /// The measured rate over the floor's (the goal, issue 16's: at least 0.5).
    public var ofFloor: Double { Ratio.of(purchasesPerSecond, floorPurchasesPerSecond) }

    var goal: BenchGoal {
        BenchGoal(name: "purchases per second ≥ 0.5× the fsync floor",
                  measured: fsyncsPerPurchase > 0
                      ? "\(Ratio.text(purchasesPerSecond))/s vs \(Ratio.text(floorPurchasesPerSecond))/s "
                          + "(\(Ratio.text(fsyncsPerPurchase)) fsyncs × \(Ratio.text(fsyncMicros)) µs): \(Ratio.times(ofFloor))"
                      : "not measured: SQLite's syncs could not be counted",
                  met: fsyncsPerPurchase > 0 && ofFloor >= 0.5)
    }

    /// The floor's arithmetic, for the table.
    var line: String {
        "  fsync floor: \(Ratio.text(fsyncsPerPurchase)) fsyncs per purchase × \(Ratio.text(fsyncMicros)) µs per fsync "
            + "= \(Ratio.text(floorPurchasesPerSecond)) purchases per second; measured \(Ratio.times(ofFloor)) of it"
    }

    var fields: [(String, JSONText)] {
        [("purchasesPerSecond", Ratio.rounded(purchasesPerSecond)), ("fsyncsPerPurchase", .decimal(fsyncsPerPurchase)),
         ("fsyncMicros", Ratio.rounded(fsyncMicros)), ("fsyncFloorPurchasesPerSecond", Ratio.rounded(floorPurchasesPerSecond))]
    }
}

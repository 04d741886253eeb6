import ReadSide

/// A key press to its frame in the TUI, in microseconds (the median), with a catalog of
/// `smallCatalogProducts` products and with one of `bigCatalogProducts`.
public struct KeyPressRow: Sendable {
    public let smallCatalogProducts: Int
    public let bigCatalogProducts: Int
    public let smallCatalogMicros: Double
    public let bigCatalogMicros: Double

    public init(smallCatalogProducts: Int, bigCatalogProducts: Int, smallCatalogMicros: Double, bigCatalogMicros: Double) {
        self.smallCatalogProducts = smallCatalogProducts
        self.bigCatalogProducts = bigCatalogProducts
        self.smallCatalogMicros = smallCatalogMicros
        self.bigCatalogMicros = bigCatalogMicros
    }

    /// The big catalog's key press over the small one's.
    public var growth: Double { Ratio.of(bigCatalogMicros, smallCatalogMicros) }

    /// The row's keys in the scale section's JSON object.
    var fields: [(String, JSONText)] {
        [("smallCatalogProducts", .int(smallCatalogProducts)), ("bigCatalogProducts", .int(bigCatalogProducts)),
         ("keyPressSmallCatalogMicros", Ratio.rounded(smallCatalogMicros)),
         ("keyPressBigCatalogMicros", Ratio.rounded(bigCatalogMicros))]
    }

    var goal: BenchGoal {
        BenchGoal(name: "key press to frame with \(bigCatalogProducts) products ≤ 1.5× with \(smallCatalogProducts)",
                  measured: "\(Ratio.text(bigCatalogMicros)) µs vs \(Ratio.text(smallCatalogMicros)) µs (\(Ratio.times(growth)))",
                  met: growth > 0 && growth <= 1.5)
    }

    /// The row as a line of the scale table.
    var line: String {
        "  key press to frame: \(Ratio.text(smallCatalogMicros)) µs with \(smallCatalogProducts) products, "
            + "\(Ratio.text(bigCatalogMicros)) µs with \(bigCatalogProducts) (\(Ratio.times(growth)))"
    }
}

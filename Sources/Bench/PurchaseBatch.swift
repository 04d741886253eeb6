import ScenarioLanguage
import WorldCore

/// One timed batch of purchases in a launched world: each a buy of the bench's product, confirmed
/// and settled through Store, Server and cache.
enum PurchaseBatch {
    /// How long `purchases` purchases took, in microseconds.
    static func micros(_ world: World, purchases: Int) throws(BenchError) -> Double {
        try BenchClock.micros { () throws(BenchError) in
            try BenchError.attempt("a purchase") {
                for _ in 0..<purchases {
                    try world.perform(.buy(productId: RecoveryBench.productId, answer: .confirm))
                    try world.settle()
                }
            }
        }
    }
}

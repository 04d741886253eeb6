import Foundation
import IAPCore
import Simulator

/// Whole-world throughput: purchases per second (every party's fsyncs on) and chaos runs per second.
public struct ThroughputBench {
    public let catalog: Catalog
    public let settings: BenchSettings

    public init(catalog: Catalog, settings: BenchSettings) {
        self.catalog = catalog
        self.settings = settings
    }

    /// The median over batches of purchases, each a buy settled through Store, Server and cache.
    public func purchasesPerSecond() throws(BenchError) -> Double {
        let folder = try BenchFolder()
        defer { folder.remove() }
        return try BenchError.attempt("purchases through the world") {
            let world = try World(directory: DataDirectory(path: folder.path), catalog: catalog, seed: 1)
            try world.perform(.launch)
            var rates: [Double] = []
            for _ in 0..<settings.purchaseBatches {
                let micros = try BenchClock.micros { () throws(BenchError) in
                    try BenchError.attempt("a purchase") {
                        for _ in 0..<settings.purchasesPerBatch {
                            try world.perform(.buy(productId: RecoveryBench.productId, answer: .confirm))
                            try world.settle()
                        }
                    }
                }
                rates.append(Ratio.of(Double(settings.purchasesPerBatch) * 1_000_000, micros))
            }
            try world.perform(.quit)
            return BenchClock.median(rates)
        }
    }

    /// The median over chaos sessions of the same seed, as `storesim chaos` reports them, with
    /// `workers` runs at once (by default one per core, as `storesim chaos` runs them).
    public func chaosRunsPerSecond(workers: Int = ChaosRunner.cores, runs: Int? = nil) throws(BenchError) -> Double {
        let runner = ChaosRunner(catalog: catalog, strategy: .verifyThenFinish, seed: 1)
        var rates: [Double] = []
        for _ in 0..<settings.chaosSessions {
            let summary = try BenchError.attempt("chaos runs") {
                try runner.run(runs: runs ?? settings.chaosRunsPerSession, workers: workers) { _, _ in }
            }
            rates.append(summary.runsPerSecond)
        }
        return BenchClock.median(rates)
    }
}

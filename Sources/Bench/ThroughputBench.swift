import Drivers
import Foundation
import IAPCore
import ScenarioLanguage
import Storage
import WorldCore

/// Whole-world throughput: purchases per second (every party's fsyncs on) against the fsync
/// floor, and chaos runs per second.
public struct ThroughputBench {
    public let catalog: Catalog
    public let settings: BenchSettings

    public init(catalog: Catalog, settings: BenchSettings) {
        self.catalog = catalog
        self.settings = settings
    }

    /// The median over batches of purchases, each a buy settled through Store, Server and cache;
    /// the fsyncs and fdatasyncs the batches made, counted as they are made (the floor's own are
    /// not counted); and after each batch as many write + fsync pairs of the floor, in the same
    /// folder, timed one by one, so that one fsync's cost is measured under the same load.
    public func purchases() throws(BenchError) -> PurchaseRate {
        let folder = try BenchFolder()
        defer { folder.remove() }
        let floor = try FsyncFloorContender(path: folder.file("floor.txt"), contents: [])
        return try BenchError.attempt("purchases through the world") {
            let world = try World(directory: DataDirectory(path: folder.file("world")), catalog: catalog, seed: 1)
            try world.perform(.launch)
            var rates: [Double] = []
            var fsyncMicros: [Double] = []
            let fsyncsBefore = FsyncCount.total
            for batch in 0..<settings.purchaseBatches {
                let micros = try PurchaseBatch.micros(world, purchases: settings.purchasesPerBatch)
                rates.append(Ratio.of(Double(settings.purchasesPerBatch) * 1_000_000, micros))
                for pair in 0..<settings.purchasesPerBatch {
                    let change = CacheChange(BenchCacheFormat.order(batch * settings.purchasesPerBatch + pair))
                    fsyncMicros.append(try BenchClock.micros { () throws(BenchError) in try floor.saveAndRemove(change) } / 2)
                }
            }
            let fsyncs = FsyncCount.total - fsyncsBefore
            try world.perform(.quit)
            let purchases = settings.purchaseBatches * settings.purchasesPerBatch
            return PurchaseRate(purchasesPerSecond: BenchClock.median(rates),
                                fsyncsPerPurchase: FsyncCount.countsSQLite ? Ratio.of(Double(fsyncs), Double(purchases)) : 0,
                                fsyncMicros: BenchClock.median(fsyncMicros))
        }
    }

    /// The median over chaos sessions of the same seed, as `storesim chaos` reports them, with
    /// one run at a time per core, as `storesim chaos` runs them.
    public func chaosRunsPerSecond() throws(BenchError) -> Double {
        var rates: [Double] = []
        for _ in 0..<settings.chaosSessions {
            rates.append(try chaosSession(runs: settings.chaosRunsPerSession, workers: ChaosRunner.cores))
        }
        return BenchClock.median(rates)
    }

    /// The medians over sessions of `runs` chaos runs of the same seed with one worker and with
    /// two, the two kinds of session taking turns, so that a change in the machine's load between
    /// them falls on both alike.
    public func chaosRunsPerSecondOnOneAndTwoCores(runs: Int) throws(BenchError) -> (oneCore: Double, twoCores: Double) {
        var oneCore: [Double] = []
        var twoCores: [Double] = []
        for _ in 0..<settings.chaosSessions {
            oneCore.append(try chaosSession(runs: runs, workers: 1))
            twoCores.append(try chaosSession(runs: runs, workers: 2))
        }
        return (BenchClock.median(oneCore), BenchClock.median(twoCores))
    }

    /// Runs per second of one chaos session.
    private func chaosSession(runs: Int, workers: Int) throws(BenchError) -> Double {
        let runner = ChaosRunner(catalog: catalog, strategy: .verifyThenFinish, seed: 1)
        return try BenchError.attempt("chaos runs") { try runner.run(runs: runs, workers: workers) { _, _ in } }.runsPerSecond
    }
}

import Foundation
import IAPCore

/// Random runs from a seed, each in a fresh world and ending in the audit; failures are shrunk
/// to the shortest script that still fails.
public struct ChaosRunner {
    public let catalog: Catalog
    public let strategy: Strategy
    /// The StoreKit generation the app uses in every run.
    public let api: StoreKitAPI
    public let seed: UInt64

    public init(catalog: Catalog, strategy: Strategy, api: StoreKitAPI = .storekit1, seed: UInt64) {
        self.catalog = catalog
        self.strategy = strategy
        self.api = api
        self.seed = seed
    }

    /// What a chaos session found.
    public struct Summary: Sendable {
        public var runs = 0
        public var purchases = 0
        public var statistics = WorldStatistics()
        /// The seeds of the runs whose audit was not ok.
        public var failingSeeds: [UInt64] = []
        public var seconds = 0.0
        /// The shrunk script of the first failure, ending in `expect audit ok`.
        public var repro: [String]?

        public var runsPerSecond: Double { seconds > 0 ? Double(runs) / seconds : 0 }
    }

    /// The seed of run `index`: the session's seed mixed with the index.
    public func runSeed(_ index: Int) -> UInt64 {
        var mixer = SplitMix64(seed: seed ^ (UInt64(index) &* 0x2545_F491_4F6C_DD1D))
        return mixer.next()
    }

    /// Runs `runs` random runs; `progress` hears about every run as it ends.
    public func run(runs: Int, progress: (Int, Summary) -> Void) throws(WorldError) -> Summary {
        var summary = Summary()
        let start = Date()
        var firstFailure: (body: [ScenarioCommand], trial: ChaosTrial)?
        for index in 0..<runs {
            let seed = runSeed(index)
            var generator = ChaosGenerator(catalog: catalog, random: SplitMix64(seed: seed))
            let body = generator.body()
            let trial = try ChaosTrial.run(body, strategy: strategy, api: api, catalog: catalog)
            summary.runs += 1
            summary.purchases += trial.audit.paid
            summary.statistics = summary.statistics + trial.statistics
            if trial.failed {
                summary.failingSeeds.append(seed)
                if firstFailure == nil { firstFailure = (body, trial) }
            }
            summary.seconds = Date().timeIntervalSince(start)
            progress(index + 1, summary)
        }
        if let firstFailure {
            let shrunk = try ChaosShrinker(strategy: strategy, api: api, catalog: catalog)
                .shrink(firstFailure.body, failing: firstFailure.trial)
            summary.repro = shrunk.script.map(\.scriptLine)
        }
        return summary
    }
}

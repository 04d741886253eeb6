import Dispatch
import Foundation
import IAPCore
import ScenarioLanguage
import WorldCore

/// Random runs from a seed, each in a fresh world and ending in the audit; failures are shrunk
/// to the shortest script that still fails. The worlds sell on the App Store, or on Google Play.
public struct ChaosRunner: Sendable {
    public let catalog: Catalog
    public let strategy: Strategy
    /// The StoreKit generation the app uses in every run; nil: drawn per run, with the notifications switch.
    public let api: StoreKitAPI?
    public let seed: UInt64
    /// The team's backend the runs are judged against, in place of the built-in Server; nil: the built-in Server.
    public let backend: ChaosBackend?
    /// The store every run's world sells on: on Google Play a fresh Play world with its
    /// notifications on (`ChaosSwitches.play`), with neither StoreKit nor a backend.
    public let store: StoreKind

    public init(catalog: Catalog, strategy: Strategy, api: StoreKitAPI? = .storekit1, seed: UInt64, backend: ChaosBackend? = nil,
                store: StoreKind = .appStore) {
        self.catalog = catalog
        self.strategy = strategy
        self.api = api
        self.seed = seed
        self.backend = backend
        self.store = store
    }

    /// What a chaos session found.
    public struct Summary: Sendable {
        public var runs = 0
        public var purchases = 0
        /// The purchases the audits found credited (by the backend, against one).
        public var credited = 0
        public var statistics = WorldStatistics()
        /// The seeds of the failing runs: the audit not ok, or a customer overcharged.
        public var failingSeeds: [UInt64] = []
        /// The failing runs whose audit was ok but that overcharged a customer.
        public var overchargedSeeds: Set<UInt64> = []
        /// The failing runs whose audit was ok but that paid back more than a transaction charged.
        public var overRefundedSeeds: Set<UInt64> = []
        /// Why the audit of each failing run whose audit was not ok was not (`Audit.notOkReason`).
        public var notOkReasons: [UInt64: String] = [:]
        public var seconds = 0.0
        /// The shrunk script of the first failure, ending in `expect audit ok`, in the words of
        /// the runs' store.
        public var repro: [String]?
        /// The switches the first failing run started with.
        public var reproSwitches: ChaosSwitches?
        /// Runs under StoreKit 2, and runs with notifications on.
        public var storeKit2Runs = 0
        public var notifiedRuns = 0

        public var runsPerSecond: Double { seconds > 0 ? Double(runs) / seconds : 0 }
    }

    /// The seed of run `index`: the session's seed mixed with the index.
    public func runSeed(_ index: Int) -> UInt64 {
        var mixer = SplitMix64(seed: seed ^ (UInt64(index) &* 0x2545_F491_4F6C_DD1D))
        return mixer.next()
    }

    /// Runs `runs` random runs, `workers` at once on as many threads, each in its own world;
    /// one at a time against a backend, whose state all runs share. The runs are counted in the
    /// order of their index, and `progress` hears about each in
    /// that order, so that the summary, the failing seeds and the repro are those of a serial
    /// run of the same seed, whatever the number of workers. From the first session on, the
    /// process keeps the memory runs free for the next runs (`FreedMemory`).
    public func run(runs: Int, workers: Int = ChaosRunner.cores,
                    progress: (Int, Summary) -> Void) throws(WorldError) -> Summary {
        _ = FreedMemory.kept
        // No run is asked of a count below one: an empty session, as zero gives.
        let runs = max(runs, 0)
        var summary = Summary()
        let start = Date()
        var firstFailure: (body: [ScenarioCommand], trial: ChaosTrial, switches: ChaosSwitches)?
        let pipeline = TrialPipeline(count: runs, workers: backend == nil ? workers : 1) { index in trial(index) }
        defer { pipeline.finish() }
        for index in 0..<runs {
            let (body, trial) = try pipeline.outcome(index).get()
            summary.runs += 1
            summary.purchases += trial.audit.paid
            summary.credited += trial.audit.credited
            let switches = switches(index)
            summary.storeKit2Runs += switches.api == .storekit2 ? 1 : 0
            summary.notifiedRuns += switches.notifications ? 1 : 0
            summary.statistics = summary.statistics + trial.statistics
            if trial.failed {
                summary.failingSeeds.append(runSeed(index))
                if trial.audit.ok, trial.audit.overcharged > 0 { summary.overchargedSeeds.insert(runSeed(index)) }
                if trial.audit.ok, trial.audit.overRefunded > 0 { summary.overRefundedSeeds.insert(runSeed(index)) }
                if !trial.audit.ok { summary.notOkReasons[runSeed(index)] = trial.audit.notOkReason }
                if firstFailure == nil { firstFailure = (body, trial, switches) }
            }
            summary.seconds = Date().timeIntervalSince(start)
            progress(index + 1, summary)
        }
        if let firstFailure {
            let switches = firstFailure.switches
            let shrunk = try ChaosShrinker(strategy: strategy, switches: switches, catalog: catalog, backend: backend, firstNumber: runs)
                .shrink(firstFailure.body, failing: firstFailure.trial)
            summary.repro = shrunk.script.map { $0.scriptLine(on: store) }
            summary.reproSwitches = switches
        }
        return summary
    }

    /// How many runs a `storesim chaos` session makes unless told.
    public static let defaultRuns = 200

    /// The processors this machine offers: how many runs `run` makes at once unless told.
    public static var cores: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Run `index`: its commands, drawn from its seed, carried out in a fresh world.
    private func trial(_ index: Int) -> Result<(body: [ScenarioCommand], trial: ChaosTrial), WorldError> {
        var generator = ChaosGenerator(catalog: catalog, random: SplitMix64(seed: runSeed(index)), store: store)
        let body = generator.body()
        do {
            return .success((body, try ChaosTrial.run(body, strategy: strategy, switches: switches(index), catalog: catalog,
                                                      backend: backend, number: index)))
        } catch {
            return .failure(error)
        }
    }

    /// The switches of run `index`: notifications only where the Store has somewhere to post them;
    /// on Google Play, those of every Play run.
    private func switches(_ index: Int) -> ChaosSwitches {
        guard store == .appStore else { return .play }
        return ChaosSwitches.draw(api: api, runSeed: runSeed(index), notificationsAllowed: backend.map { $0.notificationsURL != nil } ?? true)
    }
}

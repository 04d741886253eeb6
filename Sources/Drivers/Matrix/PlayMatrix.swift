import IAPCore
import WorldCore

/// The strategy matrix on both stores (`storesim matrix --store play`): every trial of the App
/// Store's matrix and Google Play's own (a crash, then four days with the app closed), each run
/// once in an App Store world and once in a Google Play world, side by side.
public struct PlayMatrix: Sendable {
    /// One trial under one strategy on both stores, each a real run.
    public struct Pair: Sendable, Equatable {
        public let appStore: MatrixCell
        public let play: MatrixCell

        public var strategy: Strategy { play.strategy }
        public var trial: MatrixCell.Trial { play.trial }
    }

    /// The pairs, strategy by strategy, each strategy's in the order of `trials`.
    public let pairs: [Pair]
    /// Whether the app's cache skipped fsync in these runs.
    public let unsafeCache: Bool

    /// Google Play's own trials: a crash at each point, four days with the app closed (past the
    /// three days to acknowledge), a launch; without the Server's notifications, then with them.
    public static let abandonedTrials = [false, true].flatMap { notified in
        CrashPoint.allCases.map { MatrixCell.Trial.abandoned($0, notified: notified) }
    }

    /// Every trial, in table order: the App Store matrix's (relaunched the same day), then the abandoned ones.
    public static let trials = StrategyMatrix.trials + abandonedTrials

    public init(pairs: [Pair], unsafeCache: Bool) {
        self.pairs = pairs
        self.unsafeCache = unsafeCache
    }

    /// Runs every trial under every strategy on both stores, one fresh temporary world each.
    public static func run(catalog: Catalog, unsafeCache: Bool = false) throws(WorldError) -> PlayMatrix {
        var pairs: [Pair] = []
        for strategy in Strategy.allCases {
            for trial in trials {
                let appStore = try StrategyMatrix.runCell(strategy: strategy, trial: trial, api: .storekit1, catalog: catalog,
                                                          unsafeCache: unsafeCache)
                let play = try PlayCell.run(strategy: strategy, trial: trial, catalog: catalog, unsafeCache: unsafeCache)
                pairs.append(Pair(appStore: appStore, play: play))
            }
        }
        return PlayMatrix(pairs: pairs, unsafeCache: unsafeCache)
    }

    /// The pair of one strategy and trial.
    public func pair(_ strategy: Strategy, _ trial: MatrixCell.Trial) -> Pair? {
        pairs.first { $0.strategy == strategy && $0.trial == trial }
    }

    /// The App Store's half, as plain `storesim matrix` would give it (the abandoned trials left out).
    public var appStoreMatrix: StrategyMatrix {
        StrategyMatrix(cells: pairs.map(\.appStore).filter { StrategyMatrix.trials.contains($0.trial) }, unsafeCache: unsafeCache)
    }
}

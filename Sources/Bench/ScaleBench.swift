import Drivers
import Foundation
import IAPCore
import ScenarioLanguage
import WorldCore

/// Cost against what a world has lived through: purchases and launches against the length of
/// its history, `storesim run` with a big `events.log` against an empty one (each run a child
/// process, measured alone), the TUI's first frame with that log, and a century of monthly renewals.
public struct ScaleBench {
    public let catalog: Catalog
    /// The storesim binary whose `run` is measured.
    public let executable: String
    public let settings: BenchSettings

    /// How far the clock advances with one monthly subscription.
    public static let renewalYears = 100
    static let monthly = "com.storesim.premium.monthly"

    public init(catalog: Catalog, executable: String, settings: BenchSettings) {
        self.catalog = catalog
        self.executable = executable
        self.settings = settings
    }

    /// Every row; `firstFrame` opens the world in the directory with the big log as the TUI
    /// does and returns the milliseconds until its first frame is drawn; `keyPress` times key
    /// presses in the TUI with the built-in catalog and a big one; `progress` hears each part begin.
    public func run(firstFrame: (DataDirectory) throws(BenchError) -> Double, keyPress: () throws(BenchError) -> KeyPressRow,
                    progress: (String) -> Void = { _ in }) throws(BenchError) -> ScaleReport {
        progress("purchases and launches against history")
        let history = try HistoryBench(catalog: catalog, settings: settings).run()
        progress("chaos on one core and on two")
        // Sessions as long as `storesim chaos` makes by default, as users run them.
        let chaos = try ThroughputBench(catalog: catalog, settings: settings)
            .chaosRunsPerSecondOnOneAndTwoCores(runs: ChaosRunner.defaultRuns)
        progress("a \(settings.scaleLogBytes >> 20) MB events.log")
        let logBytes = settings.scaleLogBytes
        let folder = try BenchFolder()
        defer { folder.remove() }
        let script = folder.file("buy.txt")
        let big = folder.file("big")
        try BenchError.attempt("the scale worlds") {
            try "buy \(RecoveryBench.productId)\nwait\n".write(toFile: script, atomically: false, encoding: .utf8)
            try FileManager.default.createDirectory(atPath: big, withIntermediateDirectories: false)
        }
        try BigEventLog.write(path: big + "/events.log", bytes: logBytes)
        let emptyPeak = try ChildPeakMemory.megabytes(executable, ["run", "--data-dir", folder.file("empty"), script])
        let bigPeak = try ChildPeakMemory.megabytes(executable, ["run", "--data-dir", big, script])
        let frame = try firstFrame(DataDirectory(path: big))
        progress("a century of renewals and key presses in a big catalog")
        let (renewals, millis) = try renewals(years: Self.renewalYears)
        return ScaleReport(history: history, launchPending: HistoryBench.pending,
                           chaosRunsPerSecondOneCore: chaos.oneCore, chaosRunsPerSecondTwoCores: chaos.twoCores,
                           logMegabytes: logBytes >> 20, runPeakEmptyLogMegabytes: emptyPeak, runPeakBigLogMegabytes: bigPeak,
                           firstFrameMillis: frame, renewalYears: Self.renewalYears, renewals: renewals, renewalsMillis: millis,
                           keyPress: try keyPress())
    }

    /// A monthly subscription bought, then the clock advanced by `years`: the renewals the Store
    /// sent the app, and how long the advance took in milliseconds.
    func renewals(years: Int) throws(BenchError) -> (count: Int, millis: Double) {
        let folder = try BenchFolder()
        defer { folder.remove() }
        return try BenchError.attempt("\(years) years of renewals") {
            let world = try World(directory: DataDirectory(path: folder.path), catalog: catalog, seed: 1)
            try world.perform(.launch)
            try world.perform(.buy(productId: Self.monthly, answer: .confirm))
            try world.settle()
            var sent = 0
            world.onEvent = { event in
                if event.kind == .message && event.from == .store && event.to == .app { sent += 1 }
            }
            let micros = try BenchClock.micros { () throws(BenchError) in
                try BenchError.attempt("the advance") { try world.advance(by: Int64(years) * 36525 * 864) }
            }
            world.onEvent = nil
            try world.perform(.quit)
            return (sent, micros / 1000)
        }
    }
}

import ReadSide

/// The scale section: what a long history, a long timeline and a long clock cost, as ratios and
/// limits of one run.
public struct ScaleReport: Sendable {
    /// Purchases per second and launch time against past purchases, the fresh world first.
    public let history: [HistoryRow]
    /// The orders each timed launch recovers.
    public let launchPending: Int
    /// Chaos runs per second with one worker, and with two running at once.
    public let chaosRunsPerSecondOneCore: Double
    public let chaosRunsPerSecondTwoCores: Double
    /// The size of the big `events.log`.
    public let logMegabytes: Int
    /// Peak resident memory of `storesim run` (one purchase) with no timeline and with the big one.
    public let runPeakEmptyLogMegabytes: Double
    public let runPeakBigLogMegabytes: Double
    /// From opening the world with the big log to the TUI's first frame.
    public let firstFrameMillis: Double
    /// Years the clock advanced with one monthly subscription, the renewals made, and the time taken.
    public let renewalYears: Int
    public let renewals: Int
    public let renewalsMillis: Double
    /// A key press to its frame in the TUI, with the built-in catalog and with a big one.
    public let keyPress: KeyPressRow

    public init(history: [HistoryRow], launchPending: Int, chaosRunsPerSecondOneCore: Double, chaosRunsPerSecondTwoCores: Double,
                logMegabytes: Int, runPeakEmptyLogMegabytes: Double, runPeakBigLogMegabytes: Double,
                firstFrameMillis: Double, renewalYears: Int, renewals: Int, renewalsMillis: Double, keyPress: KeyPressRow) {
        self.history = history
        self.launchPending = launchPending
        self.chaosRunsPerSecondOneCore = chaosRunsPerSecondOneCore
        self.chaosRunsPerSecondTwoCores = chaosRunsPerSecondTwoCores
        self.logMegabytes = logMegabytes
        self.runPeakEmptyLogMegabytes = runPeakEmptyLogMegabytes
        self.runPeakBigLogMegabytes = runPeakBigLogMegabytes
        self.firstFrameMillis = firstFrameMillis
        self.renewalYears = renewalYears
        self.renewals = renewals
        self.renewalsMillis = renewalsMillis
        self.keyPress = keyPress
    }

    /// The fresh world's row and the longest history's.
    private var freshWorld: HistoryRow? { history.first }
    private var longHistory: HistoryRow? { history.last }

    /// Purchases per second with the longest history over a fresh world's.
    public var purchaseRateKept: Double {
        Ratio.of(longHistory?.purchasesPerSecond ?? 0, freshWorld?.purchasesPerSecond ?? 0)
    }

    /// The launch with the longest history over the launch with an empty one.
    public var launchGrowth: Double { Ratio.of(longHistory?.launchMillis ?? 0, freshWorld?.launchMillis ?? 0) }

    /// The view after a purchase with the longest history over a fresh world's.
    public var viewGrowth: Double {
        Ratio.of(longHistory?.viewAfterPurchaseMicros ?? 0, freshWorld?.viewAfterPurchaseMicros ?? 0)
    }

    /// Chaos runs per second on two cores over one.
    public var chaosSpeedup: Double { Ratio.of(chaosRunsPerSecondTwoCores, chaosRunsPerSecondOneCore) }

    /// The big log's peak over the empty log's.
    public var logMemoryGrowth: Double { Ratio.of(runPeakBigLogMegabytes, runPeakEmptyLogMegabytes) }

    var json: JSONText {
        .object([
            ("history", .array(history.map(\.json))),
            ("launchPending", .int(launchPending)),
            ("chaosRunsPerSecondOneCore", Ratio.rounded(chaosRunsPerSecondOneCore)),
            ("chaosRunsPerSecondTwoCores", Ratio.rounded(chaosRunsPerSecondTwoCores)),
            ("logMegabytes", .int(logMegabytes)),
            ("runPeakRSSEmptyLogMegabytes", Ratio.rounded(runPeakEmptyLogMegabytes)),
            ("runPeakRSSBigLogMegabytes", Ratio.rounded(runPeakBigLogMegabytes)),
            ("firstFrameMillis", Ratio.rounded(firstFrameMillis)),
            ("renewalYears", .int(renewalYears)),
            ("renewals", .int(renewals)),
            ("renewalsMillis", Ratio.rounded(renewalsMillis)),
        ] + keyPress.fields)
    }

    var goals: [BenchGoal] {
        let past = longHistory?.pastPurchases ?? 0
        return [
            BenchGoal(name: "purchases per second with \(past) past purchases ≥ 0.8× a fresh world",
                      measured: "\(Ratio.text(longHistory?.purchasesPerSecond ?? 0))/s vs "
                          + "\(Ratio.text(freshWorld?.purchasesPerSecond ?? 0))/s (\(Ratio.times(purchaseRateKept)))",
                      met: purchaseRateKept >= 0.8),
            BenchGoal(name: "launch with \(past) past purchases and \(launchPending) pending ≤ 1.5× with an empty history",
                      measured: "\(Ratio.text(longHistory?.launchMillis ?? 0)) ms vs \(Ratio.text(freshWorld?.launchMillis ?? 0)) ms "
                          + "(\(Ratio.times(launchGrowth)))",
                      met: launchGrowth > 0 && launchGrowth <= 1.5),
            BenchGoal(name: "screen after a purchase with \(past) past purchases ≤ 1.5× in a fresh world",
                      measured: "\(Ratio.text(longHistory?.viewAfterPurchaseMicros ?? 0)) µs vs "
                          + "\(Ratio.text(freshWorld?.viewAfterPurchaseMicros ?? 0)) µs (\(Ratio.times(viewGrowth)))",
                      met: viewGrowth > 0 && viewGrowth <= 1.5),
            BenchGoal(name: "chaos runs per second on 2 cores ≥ 1.8× one core",
                      measured: "\(Ratio.text(chaosRunsPerSecondTwoCores))/s vs \(Ratio.text(chaosRunsPerSecondOneCore))/s "
                          + "(\(Ratio.times(chaosSpeedup)))",
                      met: chaosSpeedup >= 1.8),
            BenchGoal(name: "run's peak memory with a \(logMegabytes) MB events.log ≤ 1.2× with an empty one",
                      measured: "\(Ratio.text(runPeakBigLogMegabytes)) MB vs \(Ratio.text(runPeakEmptyLogMegabytes)) MB "
                          + "(\(Ratio.times(logMemoryGrowth)))",
                      met: logMemoryGrowth > 0 && logMemoryGrowth <= 1.2),
            BenchGoal(name: "TUI's first frame with that log < 200 ms",
                      measured: "\(Ratio.text(firstFrameMillis)) ms", met: firstFrameMillis > 0 && firstFrameMillis < 200),
            BenchGoal(name: "\(renewalYears) years of monthly renewals < 2 s",
                      measured: "\(Ratio.text(renewalsMillis)) ms for \(renewals) renewals",
                      met: renewals > 0 && renewalsMillis < 2000),
            keyPress.goal,
        ]
    }

    /// The section as table lines.
    var lines: [String] {
        ["", "scale: a long history, a long timeline and a long clock"]
            + BenchReportText.table(
                ["past purchases", "purchases per second", "launch, \(launchPending) pending", "screen after a purchase"],
                history.map { row in
                    ["\(row.pastPurchases)", Ratio.text(row.purchasesPerSecond), "\(Ratio.text(row.launchMillis)) ms",
                     "\(Ratio.text(row.viewAfterPurchaseMicros)) µs"]
                })
            + ["", "  chaos runs per second: \(Ratio.text(chaosRunsPerSecondOneCore)) on one core, "
                + "\(Ratio.text(chaosRunsPerSecondTwoCores)) on two (\(Ratio.times(chaosSpeedup)))", ""]
            + BenchReportText.table(
                ["events.log", "run peak, no log", "run peak, big log", "big/none", "first frame", "renewals", "advance"],
                [["\(logMegabytes) MB", "\(Ratio.text(runPeakEmptyLogMegabytes)) MB", "\(Ratio.text(runPeakBigLogMegabytes)) MB",
                  Ratio.times(logMemoryGrowth), "\(Ratio.text(firstFrameMillis)) ms",
                  "\(renewals) in \(renewalYears) years", "\(Ratio.text(renewalsMillis)) ms"]])
            + ["", keyPress.line]
    }
}

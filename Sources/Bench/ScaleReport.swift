import Simulator

/// The scale section: what a long timeline and a long clock cost, as ratios and limits of one run.
public struct ScaleReport: Sendable {
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

    public init(logMegabytes: Int, runPeakEmptyLogMegabytes: Double, runPeakBigLogMegabytes: Double,
                firstFrameMillis: Double, renewalYears: Int, renewals: Int, renewalsMillis: Double) {
        self.logMegabytes = logMegabytes
        self.runPeakEmptyLogMegabytes = runPeakEmptyLogMegabytes
        self.runPeakBigLogMegabytes = runPeakBigLogMegabytes
        self.firstFrameMillis = firstFrameMillis
        self.renewalYears = renewalYears
        self.renewals = renewals
        self.renewalsMillis = renewalsMillis
    }

    /// The big log's peak over the empty log's.
    public var logMemoryGrowth: Double { Ratio.of(runPeakBigLogMegabytes, runPeakEmptyLogMegabytes) }

    var json: JSONText {
        .object([
            ("logMegabytes", .int(logMegabytes)),
            ("runPeakRSSEmptyLogMegabytes", Ratio.rounded(runPeakEmptyLogMegabytes)),
            ("runPeakRSSBigLogMegabytes", Ratio.rounded(runPeakBigLogMegabytes)),
            ("firstFrameMillis", Ratio.rounded(firstFrameMillis)),
            ("renewalYears", .int(renewalYears)),
            ("renewals", .int(renewals)),
            ("renewalsMillis", Ratio.rounded(renewalsMillis)),
        ])
    }

    var goals: [BenchGoal] {
        [
            BenchGoal(name: "run's peak memory with a \(logMegabytes) MB events.log ≤ 1.2× with an empty one",
                      measured: "\(Ratio.text(runPeakBigLogMegabytes)) MB vs \(Ratio.text(runPeakEmptyLogMegabytes)) MB "
                          + "(\(Ratio.times(logMemoryGrowth)))",
                      met: logMemoryGrowth > 0 && logMemoryGrowth <= 1.2),
            BenchGoal(name: "TUI's first frame with that log < 200 ms",
                      measured: "\(Ratio.text(firstFrameMillis)) ms", met: firstFrameMillis > 0 && firstFrameMillis < 200),
            BenchGoal(name: "\(renewalYears) years of monthly renewals < 2 s",
                      measured: "\(Ratio.text(renewalsMillis)) ms for \(renewals) renewals",
                      met: renewals > 0 && renewalsMillis < 2000),
        ]
    }

    /// The section as table lines.
    var lines: [String] {
        ["", "scale: a long timeline and a long clock"]
            + BenchReportText.table(
                ["events.log", "run peak, no log", "run peak, big log", "big/none", "first frame", "renewals", "advance"],
                [["\(logMegabytes) MB", "\(Ratio.text(runPeakEmptyLogMegabytes)) MB", "\(Ratio.text(runPeakBigLogMegabytes)) MB",
                  Ratio.times(logMemoryGrowth), "\(Ratio.text(firstFrameMillis)) ms",
                  "\(renewals) in \(renewalYears) years", "\(Ratio.text(renewalsMillis)) ms"]])
    }
}

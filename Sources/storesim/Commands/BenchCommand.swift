import Bench
import Foundation
import Glibc
import IAPCore

/// `storesim bench`: the cache, launch recovery, throughput, rendering and memory, measured
/// side by side in one process and held against the issue's goals.
enum BenchCommand {
    static let spec = CommandSpec(
        name: "bench",
        summary: "Measure the cache, launch recovery, throughput, rendering and memory against the goals.",
        options: [Options.json, quick],
        arguments: nil,
        details: """
            Every figure is a median of repeated runs in fresh temporary folders on the same disk,
            removed afterwards. The cache is timed against the fsync floor, the whole-list rewrite
            of the React Native receipt-caching module StoreSim learned from, and SQLite (WAL,
            synchronous=FULL); purchases per second against the rate their fsyncs alone allow
            (fsyncs per purchase, counted, times one fsync's cost, timed beside them); each goal is
            reported met or not met.
            """,
        run: run)

    static let quick = Flag("--quick", help: "fewer repetitions (under a minute), for CI")

    static func run(_ arguments: ParsedArguments) throws(CLIError) -> Int32 {
        let quick = arguments[quick]
        let settings = quick ? BenchSettings.quick : .full
        let report: BenchReport
        do {
            report = try measure(settings, catalog: BuiltInCatalog.catalog())
        } catch {
            throw .input(error.description)
        }
        if arguments[Options.json] {
            Output.line(report.json.rendered)
        } else {
            let heading = "storesim bench\(quick ? " --quick" : ""): \(settings.summary)"
            BenchReportText.lines(report, heading: heading).forEach(Output.line)
        }
        return 0
    }

    private static func measure(_ settings: BenchSettings, catalog: Catalog) throws(BenchError) -> BenchReport {
        progress("rendering")
        let render = try RenderBench.run(catalog: catalog, repetitions: settings.renderRepetitions)
        let sessionPeak = PeakMemory.megabytes()
        progress("the pending-order cache")
        let cache = try CacheBench(repetitions: settings.cacheRepetitions).run(sizes: BenchSettings.cacheSizes)
        progress("launch recovery")
        let recovery = try RecoveryBench(catalog: catalog, repetitions: settings.recoveryRepetitions)
            .run(counts: BenchSettings.recoveryCounts)
        progress("purchases and chaos runs per second")
        let throughput = ThroughputBench(catalog: catalog, settings: settings)
        let purchases = try throughput.purchases()
        let chaos = try throughput.chaosRunsPerSecond()
        progress("a long history, a long timeline and a long clock")
        let scale = try ScaleBench(catalog: catalog, executable: try executable(), settings: settings)
            .run(firstFrame: { directory throws(BenchError) in try FirstFrameBench.millis(directory, catalog: catalog) },
                 keyPress: { () throws(BenchError) in try KeyPressBench.row(catalog: catalog, presses: settings.renderRepetitions) },
                 progress: { progress("the scale section: \($0)") })
        let peak = PeakMemory.megabytes()
        progress("storesim serve under ab")
        let serve = try ServeBench(catalog: catalog, executable: try executable(), requests: settings.serveRequests).run()
        return BenchReport(cache: cache, recovery: recovery, purchases: purchases, chaosRunsPerSecond: chaos,
                           render: render, peakRSSMegabytes: peak, sessionPeakRSSMegabytes: sessionPeak,
                           scale: scale, serve: serve)
    }

    /// This storesim binary, whose `run` the scale section measures in a child process.
    private static func executable() throws(BenchError) -> String {
        try BenchError.attempt("this binary's path") { try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") }
    }

    /// Says what is being measured, on a terminal only, so that output stays clean for scripts.
    private static func progress(_ what: String) {
        if isatty(2) == 1 {
            Output.error("bench: measuring \(what)…")
        }
    }
}

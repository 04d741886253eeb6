@testable import Bench
import Foundation
import IAPClient
import IAPCore
import ScenarioLanguage
import TestSupport
import Testing
import WorldCore

/// The benchmark's pieces on small inputs: figures are well formed and checked, never timed.
@Suite(.tags(.slow)) struct SlowBenchTests {
    let catalog = BuiltInCatalog.catalog()

    @Test func medianOfOddAndEvenCounts() {
        #expect(BenchClock.median([5, 1, 3]) == 3)
        #expect(BenchClock.median([4, 1, 3, 2]) == 2.5)
        #expect(BenchClock.median([]) == 0)
    }

    @Test func theCacheFileTheBenchWritesIsTheCachesOwnFormat() throws {
        let folder = try BenchFolder()
        defer { folder.remove() }
        let path = folder.file("pending-orders.txt")
        #expect(FileManager.default.createFile(atPath: path, contents: Data(BenchCacheFormat.file(count: 25))))
        let contents = try PendingOrderCache.read(path: path)
        #expect(contents.orders.count == 25)
        #expect(contents.warnings.isEmpty)
        #expect(contents.orders.first == BenchCacheFormat.order(0))
    }

    @Test func everyCacheContenderMeasuresAtEverySize() throws {
        let rows = try CacheBench(repetitions: 3).run(sizes: [0, 5])
        #expect(rows.map(\.liveEntries) == [0, 5])
        for row in rows {
            #expect(row.storesimMicros > 0 && row.fsyncFloorMicros > 0)
            #expect(row.rewriteMicros > 0 && row.sqliteMicros > 0)
        }
    }

    @Test func recoveryCreditsEveryPendingOrder() throws {
        let rows = try RecoveryBench(catalog: catalog, repetitions: 1).run(counts: [3])
        #expect(rows.count == 1)
        #expect(rows[0].pending == 3)
        #expect(rows[0].millis > 0)
    }

    @Test func aLongTimelineRepeatsTheTemplateWithRisingNumbersAndTimes() throws {
        let folder = try TemporaryFolder()
        let world = try folder.world(catalog: catalog, seed: 1)
        try world.perform(.launch)
        try world.perform(.buy(productId: "com.storesim.coins.100", answer: .confirm))
        try world.settle()
        let template = try EventLog.readAll(path: folder.dataDirectory.events)
        let timeline = BenchTimeline.repeating(template, count: template.count * 3 + 1)
        #expect(timeline.count == template.count * 3 + 1)
        #expect(timeline.map(\.seq) == Array(1...timeline.count))
        #expect(zip(timeline, timeline.dropFirst()).allSatisfy { $0.timeMillis <= $1.timeMillis })
        #expect(timeline[template.count].text == template[0].text)
        #expect(BenchTimeline.repeating([], count: 10).isEmpty)
    }

    @Test func theJSONHasTheContractsKeysInOrder() {
        let json = Self.report.json.rendered
        let keys = ["\"cache\"", "\"liveEntries\"", "\"storesimMicros\"", "\"fsyncFloorMicros\"", "\"rewriteMicros\"",
                    "\"sqliteMicros\"", "\"recovery\"", "\"pending\"", "\"millis\"", "\"purchasesPerSecond\"",
                    "\"fsyncsPerPurchase\"", "\"fsyncMicros\"", "\"fsyncFloorPurchasesPerSecond\"",
                    "\"chaosRunsPerSecond\"", "\"render\"", "\"cols\"", "\"rows\"", "\"micros\"", "\"peakRSSMegabytes\"",
                    "\"scale\"", "\"history\"", "\"pastPurchases\"", "\"launchMillis\"", "\"viewAfterPurchaseMicros\"", "\"launchPending\"",
                    "\"chaosRunsPerSecondOneCore\"", "\"chaosRunsPerSecondTwoCores\"", "\"logMegabytes\"", "\"runPeakRSSEmptyLogMegabytes\"", "\"runPeakRSSBigLogMegabytes\"",
                    "\"firstFrameMillis\"", "\"renewalYears\"", "\"renewals\"", "\"renewalsMillis\"",
                    "\"smallCatalogProducts\"", "\"bigCatalogProducts\"", "\"keyPressSmallCatalogMicros\"",
                    "\"keyPressBigCatalogMicros\"", "\"serve\"", "\"endpoint\"", "\"requests\"", "\"concurrency\"",
                    "\"requestsPerSecond\"", "\"p99Millis\"", "\"inProcessMicros\"", "\"overInProcess\"", "\"rssBeforeMegabytes\"",
                    "\"rssAfterMegabytes\""]
        let positions = keys.compactMap { json.range(of: $0)?.lowerBound }
        #expect(positions.count == keys.count)
        #expect(positions == positions.sorted())
        #expect(json.contains("\"storesimMicros\": 250"))
    }

    @Test func goalsAreJudgedOnTheRatios() {
        let goals = Self.report.goals
        #expect(goals.count == 18)
        #expect(goals.map(\.met) == [true, true, true, false, true, false, true, true, false, false, true, false, true, true, false,
                                      true, true, true])
        #expect(Self.report.recoveryGrowth == 10)
        let lines = BenchReportText.lines(Self.report, heading: "storesim bench")
        #expect(lines.contains { $0.contains("storesim/floor") && $0.contains("rewrite/storesim") })
        #expect(lines.contains { $0.contains("1000 vs 100: 10.00×") })
        #expect(lines.contains("  NOT MET recovery of 1,000 ≤ 4× recovery of 100: 10.00×"), "linear growth misses issue 16's 4×")
        #expect(lines.contains("  NOT MET 200×60 frame rendered and diffed < 2 ms: 2500 µs at 200×60"))
        #expect(lines.contains("  fsync floor: 10.0 fsyncs per purchase × 200 µs per fsync = 500 purchases per second; measured 0.60× of it"))
        #expect(lines.contains("  met     purchases per second ≥ 0.5× the fsync floor: 300/s vs 500/s (10.0 fsyncs × 200 µs): 0.60×"))
        #expect(lines.contains("  NOT MET run's peak memory with a 1024 MB events.log ≤ 1.2× with an empty one: 45.0 MB vs 32.0 MB (1.41×)"))
        #expect(lines.contains("  met     100 years of monthly renewals < 2 s: 900 ms for 1200 renewals"))
        #expect(lines.contains("  met     purchases per second with 100000 past purchases ≥ 0.8× a fresh world: 270/s vs 300/s (0.90×)"))
        #expect(lines.contains("  NOT MET launch with 100000 past purchases and 10 pending ≤ 1.5× with an empty history: "
            + "90.0 ms vs 40.0 ms (2.25×)"))
        #expect(lines.contains("  NOT MET screen after a purchase with 100000 past purchases ≤ 1.5× in a fresh world: 4000 µs vs 2000 µs (2.00×)"))
        #expect(lines.contains { $0.contains("past purchases") && $0.contains("purchases per second") && $0.contains("launch, 10 pending") && $0.contains("screen after a purchase") })
        #expect(lines.contains("  met     chaos runs per second on 2 cores ≥ 1.8× one core: 19.0/s vs 10.0/s (1.90×)"))
        #expect(lines.contains { $0.contains("100000") && $0.contains("270") && $0.contains("90.0 ms") })
        #expect(lines.contains("  key press to frame: 400 µs with 6 products, 640 µs with 5000 (1.60×)"))
        #expect(lines.contains("  NOT MET key press to frame with 5000 products ≤ 1.5× with 6: 640 µs vs 400 µs (1.60×)"))
    }

    /// The serve row's goals: 5,000 requests per second, a p99 under 20 ms, memory flat under load.
    @Test func theServeRowIsJudgedOnRateLatencyAndMemory() {
        let slow = ServeRow(requests: 1_000_000, concurrency: 16, requestsPerSecond: 4_999, p99Millis: 20, inProcessMicros: 100,
                            rssBeforeMegabytes: 30, rssAfterMegabytes: 35.5)
        let report = BenchReport(cache: Self.report.cache, recovery: Self.report.recovery, purchases: Self.report.purchases,
                                 chaosRunsPerSecond: 40, render: Self.report.render, peakRSSMegabytes: 52, sessionPeakRSSMegabytes: 45,
                                 scale: Self.report.scale, serve: slow)
        let lines = BenchReportText.lines(report, heading: "storesim bench")
        #expect(lines.contains("  NOT MET serve: Get Transaction Info ≥ 5,000 requests/s: 4999/s"))
        #expect(lines.contains("  NOT MET serve: p99 latency < 20 ms: 20.0 ms"))
        #expect(lines.contains("  NOT MET serve: resident memory flat under load (after ≤ 1.1× before + 2 MB): 30.0 MB → 35.5 MB over 1000000 requests"))
        #expect(lines.contains("  4999 requests/s, p99 20.0 ms; in-process 100 µs a request (HTTP 2.00× that); resident memory 30.0 MB before, 35.5 MB after"))
    }

    @Test(arguments: [(400.0, true), (401.0, false)])
    func recoveryIsJudgedAtFourTimesTheHundred(thousandMillis: Double, met: Bool) {
        let report = BenchReport(cache: Self.report.cache,
                                 recovery: [RecoveryRow(pending: 10, millis: 10), RecoveryRow(pending: 100, millis: 100),
                                            RecoveryRow(pending: 1000, millis: thousandMillis)],
                                 purchases: Self.report.purchases, chaosRunsPerSecond: 40, render: Self.report.render,
                                 peakRSSMegabytes: 52, sessionPeakRSSMegabytes: 45, scale: Self.report.scale,
                                 serve: Self.report.serve)
        #expect(report.goals.first { $0.name == "recovery of 1,000 ≤ 4× recovery of 100" }?.met == met)
    }

    /// 1 / (8 fsyncs × 250 µs) is 500 purchases per second: the goal is 250.
    @Test(arguments: [(250.0, 8.0, true), (249.0, 8.0, false), (600.0, 0.0, false)])
    func purchasesAreJudgedAtHalfTheFsyncFloor(purchasesPerSecond: Double, fsyncsPerPurchase: Double, met: Bool) {
        let purchases = PurchaseRate(purchasesPerSecond: purchasesPerSecond, fsyncsPerPurchase: fsyncsPerPurchase, fsyncMicros: 250)
        let report = BenchReport(cache: Self.report.cache, recovery: Self.report.recovery, purchases: purchases,
                                 chaosRunsPerSecond: 40, render: Self.report.render, peakRSSMegabytes: 52,
                                 sessionPeakRSSMegabytes: 45, scale: Self.report.scale, serve: Self.report.serve)
        let goal = report.goals.first { $0.name == "purchases per second ≥ 0.5× the fsync floor" }
        #expect(goal?.met == met)
        #expect(purchases.floorPurchasesPerSecond == (fsyncsPerPurchase > 0 ? 500 : 0))
        if fsyncsPerPurchase == 0 {
            #expect(goal?.measured == "not measured: SQLite's syncs could not be counted")
        }
        #expect(report.json.rendered.contains("\"purchasesPerSecond\": \(Int(purchasesPerSecond)), "
            + "\"fsyncsPerPurchase\": \(String(format: "%.2f", fsyncsPerPurchase)), \"fsyncMicros\": 250, "
            + "\"fsyncFloorPurchasesPerSecond\": \(fsyncsPerPurchase > 0 ? 500 : 0), \"chaosRunsPerSecond\""))
    }

    static let report = BenchReport(
        cache: [10, 1000, 10000].map {
            CacheRow(liveEntries: $0, storesimMicros: 250, fsyncFloorMicros: 240, rewriteMicros: 6000, sqliteMicros: 400)
        },
        recovery: [RecoveryRow(pending: 10, millis: 10), RecoveryRow(pending: 100, millis: 100),
                   RecoveryRow(pending: 1000, millis: 1000)],
        purchases: PurchaseRate(purchasesPerSecond: 300, fsyncsPerPurchase: 10, fsyncMicros: 200), chaosRunsPerSecond: 40,
        render: [RenderRow(columns: 80, rows: 24, micros: 400), RenderRow(columns: 200, rows: 60, micros: 2500)],
        peakRSSMegabytes: 52, sessionPeakRSSMegabytes: 45,
        scale: ScaleReport(history: [HistoryRow(pastPurchases: 0, purchasesPerSecond: 300, launchMillis: 40, viewAfterPurchaseMicros: 2000),
                                     HistoryRow(pastPurchases: 10000, purchasesPerSecond: 290, launchMillis: 50, viewAfterPurchaseMicros: 2500),
                                     HistoryRow(pastPurchases: 100000, purchasesPerSecond: 270, launchMillis: 90, viewAfterPurchaseMicros: 4000)],
                           launchPending: 10, chaosRunsPerSecondOneCore: 10, chaosRunsPerSecondTwoCores: 19,
                           logMegabytes: 1024, runPeakEmptyLogMegabytes: 32, runPeakBigLogMegabytes: 45,
                           firstFrameMillis: 40, renewalYears: 100, renewals: 1200, renewalsMillis: 900,
                           keyPress: KeyPressRow(smallCatalogProducts: 6, bigCatalogProducts: 5000, smallCatalogMicros: 400,
                                                 bigCatalogMicros: 640)),
        serve: ServeRow(requests: 20_000, concurrency: 16, requestsPerSecond: 6_000, p99Millis: 8, inProcessMicros: 100,
                        rssBeforeMegabytes: 30, rssAfterMegabytes: 31))
}

/// The scale section's pieces on small inputs: the big log is the log's own format, the renewals are counted.
@Suite(.tags(.slow)) struct SlowScaleBenchTests {
    @Test func theBigLogIsOneTheWorldReadsFromItsEnd() throws {
        let folder = try BenchFolder()
        defer { folder.remove() }
        let path = folder.file("events.log")
        try BigEventLog.write(path: path, bytes: 10 << 20)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(size >= 10 << 20)
        let newest = try EventLog.readLast(3, path: path)
        #expect(newest.count == 3)
        #expect(zip(newest, newest.dropFirst()).allSatisfy { $0.seq + 1 == $1.seq })
        #expect(try EventLog(path: path).lastSeq == newest.last?.seq)
    }

    @Test func twoYearsOfMonthlyRenewalsAreCounted() throws {
        let bench = ScaleBench(catalog: BuiltInCatalog.catalog(), executable: "/nonexistent", settings: .quick)
        let (count, millis) = try bench.renewals(years: 2)
        #expect((23...25).contains(count))
        #expect(millis > 0)
    }
}

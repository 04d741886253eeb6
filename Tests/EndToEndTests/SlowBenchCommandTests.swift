import Foundation
import Testing
import TestSupport

/// `storesim bench --quick`: it runs, prints the contract's JSON or the table; no timing is judged.
@Suite(.serialized, .tags(.slow)) struct SlowBenchCommandTests {
    @Test func jsonIsOneObjectWithEveryFigure() throws {
        let result = try StoreSimProcess.run(["bench", "--json", "--quick"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 1, "exactly one JSON object on stdout")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["cache", "recovery", "purchasesPerSecond", "fsyncsPerPurchase", "fsyncMicros",
                                     "fsyncFloorPurchasesPerSecond", "chaosRunsPerSecond", "render",
                                     "peakRSSMegabytes", "sessionPeakRSSMegabytes", "scale", "serve"])
        let serve = try #require(object["serve"] as? [String: Any])
        #expect(serve["endpoint"] as? String == "Get Transaction Info")
        #expect(serve["requests"] as? Double == 20_000, "--quick sends 20,000 requests")
        for key in ["concurrency", "requestsPerSecond", "p99Millis", "inProcessMicros", "overInProcess", "rssBeforeMegabytes", "rssAfterMegabytes"] {
            #expect((serve[key] as? Double ?? 0) > 0, "serve's \(key) is measured")
        }
        var scaleObject = try #require(object["scale"] as? [String: Any])
        let history = try rows(scaleObject.removeValue(forKey: "history"), keys: ["pastPurchases", "purchasesPerSecond", "launchMillis",
                                                                                    "viewAfterPurchaseMicros"])
        #expect(history.map { $0["pastPurchases"] } == [0, 10000, 100000])
        #expect(history.allSatisfy { $0["purchasesPerSecond"] ?? 0 > 0 && $0["launchMillis"] ?? 0 > 0 && $0["viewAfterPurchaseMicros"] ?? 0 > 0 })
        let scale = try rows([scaleObject], keys: [
            "launchPending", "chaosRunsPerSecondOneCore", "chaosRunsPerSecondTwoCores", "logMegabytes", "runPeakRSSEmptyLogMegabytes", "runPeakRSSBigLogMegabytes", "firstFrameMillis",
            "renewalYears", "renewals", "renewalsMillis", "smallCatalogProducts", "bigCatalogProducts",
            "keyPressSmallCatalogMicros", "keyPressBigCatalogMicros"])
        #expect(scale.first?["launchPending"] == 10)
        #expect(scale.first?["logMegabytes"] == 100, "--quick uses a 100 MB events.log")
        #expect(scale.first?["renewalYears"] == 100)
        #expect(scale.first?["renewals"] ?? 0 >= 1200, "a monthly renewal for every month of a century")
        #expect(scale.first?["smallCatalogProducts"] == 6)
        #expect(scale.first?["bigCatalogProducts"] == 5000)
        #expect(scale.first?["keyPressBigCatalogMicros"] ?? 0 > 0)
        let cache = try rows(object["cache"], keys: ["liveEntries", "storesimMicros", "fsyncFloorMicros",
                                                    "rewriteMicros", "sqliteMicros"])
        #expect(cache.map { $0["liveEntries"] } == [10, 1000, 10000])
        let recovery = try rows(object["recovery"], keys: ["pending", "millis"])
        #expect(recovery.map { $0["pending"] } == [10, 100, 1000])
        let render = try rows(object["render"], keys: ["cols", "rows", "micros"])
        #expect(render.map { [$0["cols"], $0["rows"]] } == [[80, 24], [200, 60]])
        for key in ["purchasesPerSecond", "fsyncMicros", "chaosRunsPerSecond", "peakRSSMegabytes", "sessionPeakRSSMegabytes"] {
            let number = try #require(object[key] as? Double, "\(key) is a number")
            #expect(number >= 0)
        }
        let fsyncs = try #require(object["fsyncsPerPurchase"] as? Double)
        #expect(fsyncs >= 9, "a purchase syncs the cache twice, the receipt, both databases and the world's clock")
        let floor = try #require(object["fsyncFloorPurchasesPerSecond"] as? Double)
        let fsyncMicros = try #require(object["fsyncMicros"] as? Double)
        let rounding = floor * (0.5 / max(fsyncMicros, 1) + 0.005 / fsyncs) + 1  // the JSON's µs are whole, its fsyncs hundredths
        #expect(abs(floor - 1_000_000 / (fsyncs * fsyncMicros)) <= rounding, "the floor is 1 / (fsyncs × one fsync)")
        #expect(result.stdout.range(of: "\"cache\"")?.lowerBound ?? result.stdout.endIndex
            < result.stdout.range(of: "\"peakRSSMegabytes\"")?.lowerBound ?? result.stdout.startIndex)
    }

    @Test func textModePrintsTheTableAndTheGoals() throws {
        let result = try StoreSimProcess.run(["bench", "--quick"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        for heading in ["cache:", "live entries", "storesim/floor", "rewrite/storesim", "sqlite/storesim", "recovery:",
                        "1000 vs 100:", "purchases per second", "chaos runs per second", "render:", "200×60",
                        "peak resident memory:", "scale:", "past purchases", "launch, 10 pending", "first frame",
                        "key press to frame:", "serve: Get Transaction Info over HTTP", "goals"] {
            #expect(result.stdout.contains(heading), "the table shows '\(heading)'")
        }
        let goals = result.stdout.split(separator: "\n").filter { $0.hasPrefix("  met ") || $0.hasPrefix("  NOT MET ") }
        #expect(goals.count == 18)
        #expect(result.stdout.contains("fsync floor: "), "the floor's arithmetic under the throughput")
        for goal in ["purchases per second ≥ 0.5× the fsync floor", "purchases per second with 100000 past purchases ≥ 0.8× a fresh world",
                     "launch with 100000 past purchases and 10 pending ≤ 1.5× with an empty history",
                     "screen after a purchase with 100000 past purchases ≤ 1.5× in a fresh world",
                     "chaos runs per second on 2 cores ≥ 1.8× one core",
                     "run's peak memory with a 100 MB events.log ≤ 1.2× with an empty one", "TUI's first frame with that log < 200 ms",
                     "100 years of monthly renewals < 2 s", "key press to frame with 5000 products ≤ 1.5× with 6",
                     "serve: Get Transaction Info ≥ 5,000 requests/s", "serve: p99 latency < 20 ms"] {
            #expect(goals.contains { $0.contains(goal) }, "the goals include '\(goal)'")
        }
    }

    /// The rows of a JSON array, each an object with exactly `keys`, every value a number ≥ 0.
    private func rows(_ value: Any?, keys: Set<String>) throws -> [[String: Double]] {
        let array = try #require(value as? [[String: Any]])
        return try array.map { row in
            #expect(Set(row.keys) == keys)
            var numbers: [String: Double] = [:]
            for (key, value) in row {
                let number = try #require(value as? Double, "\(key) is a number")
                #expect(number >= 0)
                numbers[key] = number
            }
            return numbers
        }
    }
}

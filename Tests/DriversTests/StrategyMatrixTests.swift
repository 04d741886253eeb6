import IAPCore
import Testing
@testable import Drivers
@testable import WorldCore

/// The matrix shows exactly the loss windows the strategies predict (docs/guides/chaos-and-matrix.md),
/// from real runs.
@Suite struct StrategyMatrixTests {
    @Test func onlyThePredictedWindowsLoseMoney() throws {
        let matrix = try StrategyMatrix.run(catalog: BuiltInCatalog.catalog())
        #expect(matrix.cells.count == Strategy.allCases.count * (2 * CrashPoint.allCases.count + MatrixFault.allCases.count))
        func names(_ outcome: MatrixCell.Outcome) -> Set<String> {
            Set(matrix.cells.filter { $0.outcome == outcome }.map { "\($0.strategy.rawValue) × \($0.trial.label)" })
        }
        #expect(names(.lost) == [
            "finish-then-cache × crash at finished", "finish-first × crash at finished", "finish-first × server-down",
            "finish-then-cache × power cut at finished", "finish-first × power cut at finished",
        ])
        #expect(names(.notApplicable) == [
            "queue-only × crash at cached", "finish-first × crash at cached",
            "queue-only × power cut at cached", "finish-first × power cut at cached",
            "server-finishes × crash at cached", "server-finishes × crash at finished",
            "server-finishes × power cut at cached", "server-finishes × power cut at finished",
        ])
        #expect(names(.double).isEmpty)
        for cell in matrix.cells {
            guard case .crash(let point) = cell.trial else { continue }
            #expect((cell.outcome == .lost) == StrategyFlow.loses(cell.strategy, at: point), "\(cell.strategy.rawValue) × \(point.rawValue)")
        }
        let lostWhy = try #require(matrix.cells.first { $0.strategy == .finishThenCache && $0.trial == .crash(.finished) })
        #expect(lostWhy.why == "finished before the receipt was saved; the Store will not redeliver it")
    }

    /// Without App Store Server Notifications the Server has one path to a purchase, the app:
    /// under StoreKit 2 the same windows lose money as under StoreKit 1, each cell a real run in
    /// which the Server verified the signed transaction offline.
    @Test func underStoreKit2TheSameWindowsLoseMoneyEachCellARealRun() throws {
        let matrix = try StrategyMatrix.run(catalog: BuiltInCatalog.catalog(), api: .storekit2)
        #expect(matrix.api == .storekit2)
        #expect(matrix.cells.count == Strategy.allCases.count * (2 * CrashPoint.allCases.count + MatrixFault.allCases.count
                                                                 + StrategyMatrix.notifiedTrials.count))
        let lost = Set(matrix.cells.filter { $0.outcome == .lost }.map { "\($0.strategy.rawValue) × \($0.trial.label)" })
        #expect(lost == [
            "finish-then-cache × crash at finished", "finish-first × crash at finished", "finish-first × server-down",
            "finish-then-cache × power cut at finished", "finish-first × power cut at finished",
            "finish-first × with notifications, server down 4 days",
        ])
        // The second path: App Store Server Notifications V2 close the finished windows; a
        // Server down past the last retry gets the purchase only by asking for the history.
        func notified(_ strategy: Strategy, _ trial: MatrixCell.NotifiedTrial) throws -> MatrixCell {
            try #require(matrix.cells.first { $0.strategy == strategy && $0.trial == .notified(trial) })
        }
        for cell in matrix.cells {
            guard case .notified(.crash(let point)) = cell.trial else { continue }
            #expect((cell.outcome == .lost) == StrategyFlow.loses(cell.strategy, at: point, notified: true), "\(cell.strategy.rawValue) × \(point.rawValue)")
        }
        #expect(try notified(.finishFirst, .crash(.finished)).outcome == .recovered)
        #expect(try notified(.finishFirst, .crash(.finished)).why == "the Server credited it from the ONE_TIME_CHARGE notification, without the app")
        #expect(try notified(.finishThenCache, .crash(.finished)).outcome == .recovered)
        #expect(try notified(.finishFirst, .serverDownPastRetries(history: true)).outcome == .recovered)
        #expect(MatrixText.json(matrix).rendered.contains("\"notificationCells\": [{\"strategy\": \"verify-then-finish\", \"trial\": \"payment-sent\""))
        for point in CrashPoint.allCases {
            let cell = try #require(matrix.cells.first { $0.strategy == .verifyThenFinish && $0.trial == .crash(point) })
            #expect(cell.outcome == .recovered, "verify-then-finish recovers a crash at \(point.rawValue)")
        }
        let cached = try #require(matrix.cells.first { $0.strategy == .verifyThenFinish && $0.trial == .crash(.cached) })
        // The Server asks the Store (Get Transaction Info) before it credits, so Transaction.updates
        // redelivers the unfinished transaction while the cache's verification is still in flight.
        #expect(cached.why == "found in the cache and Store's queue and credited on the relaunch")
        #expect(MatrixText.json(matrix).rendered.hasPrefix("{\"api\": \"storekit2\", \"strategies\": ["))
        #expect(MatrixText.table(matrix, colour: false).first == "StoreKit 2: the app sends the signed transaction; the Server verifies it offline.")
    }

    @Test func tableHasALegendAndExplainsEachLoss() throws {
        let matrix = try StrategyMatrix.run(catalog: BuiltInCatalog.catalog())
        let lines = MatrixText.table(matrix, colour: false)
        #expect(lines[0] == "The app crashes (its writes survive in the page cache):")
        #expect(lines[1].contains("payment-sent") && lines[1].contains("response-lost"))
        let row = try #require(lines.first { $0.hasPrefix("finish-first ") })
        #expect(row.split(separator: " ").filter { $0 == "lost" }.count == 2)
        #expect(lines.contains("The device loses power (writes not yet fsynced are lost):"))
        #expect(lines.contains { $0.hasPrefix("recovered: credited exactly once") })
        #expect(lines.contains("lost finish-first × server-down: finished at once, the verify got no answer (server-down) and no cache kept the receipt; the Store will not redeliver it"))
        let widths = Set(lines.dropFirst().prefix(2 + Strategy.allCases.count).map(\.count))
        #expect(widths.count == 1, "every row of the table has the same width")
    }

    @Test func anUnsafeCacheLosesToAPowerCutWhatACrashDoesNotLose() throws {
        let matrix = try StrategyMatrix.run(catalog: BuiltInCatalog.catalog(), unsafeCache: true)
        func outcome(_ strategy: Strategy, _ trial: MatrixCell.Trial) -> MatrixCell.Outcome? {
            matrix.cells.first { $0.strategy == strategy && $0.trial == trial }?.outcome
        }
        #expect(outcome(.finishThenCache, .powerCut(.cached)) == .lost)
        #expect(outcome(.finishThenCache, .crash(.cached)) == .recovered)
        for point in CrashPoint.allCases {
            #expect(outcome(.verifyThenFinish, .powerCut(point)) == .recovered, "the recommended strategy survives \(point.rawValue)")
        }
    }
}

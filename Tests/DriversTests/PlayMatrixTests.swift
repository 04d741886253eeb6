import IAPCore
import Testing
@testable import Drivers
@testable import WorldCore

/// `matrix --store play`: every trial on both stores from real runs, the App Store's half being
/// plain `matrix`, and Google Play's own trials (a crash, four days with the app closed, a
/// launch) showing the three-day rule: what server-acknowledges with notifications keeps, and
/// what verify-then-acknowledge without them has refunded.
@Suite struct PlayMatrixTests {
    /// One run of the whole matrix, shared by the tests below.
    static let both = Result<PlayMatrix, any Error> { try PlayMatrix.run(catalog: BuiltInCatalog.catalog()) }

    /// "strategy × trial" in Google Play's words of the Play cells with `outcome`.
    func playNames(_ matrix: PlayMatrix, _ outcome: MatrixCell.Outcome, _ keep: (MatrixCell.Trial) -> Bool = { _ in true }) -> Set<String> {
        Set(matrix.pairs.filter { $0.play.outcome == outcome && keep($0.trial) }
            .map { "\($0.strategy.word(on: .play)) × \($0.trial.label(on: .play))" })
    }

    @Test func theAppStoreHalfIsPlainMatrix() throws {
        let matrix = try Self.both.get()
        let plain = try StrategyMatrix.run(catalog: BuiltInCatalog.catalog())
        #expect(matrix.pairs.count == Strategy.allCases.count * PlayMatrix.trials.count)
        #expect(matrix.appStoreMatrix.cells == plain.cells)
        #expect(MatrixText.table(matrix.appStoreMatrix, colour: false) == MatrixText.table(plain, colour: false))
    }

    @Test func relaunchedTheSameDayGooglePlayLosesWhatTheAppStoreLoses() throws {
        let matrix = try Self.both.get()
        let sameDay: (MatrixCell.Trial) -> Bool = { StrategyMatrix.trials.contains($0) }
        #expect(playNames(matrix, .lost, sameDay) == [
            "acknowledge-then-cache × crash at acknowledged", "acknowledge-first × crash at acknowledged", "acknowledge-first × server-down",
            "acknowledge-then-cache × power cut at acknowledged", "acknowledge-first × power cut at acknowledged",
        ])
        for pair in matrix.pairs where sameDay(pair.trial) {
            #expect(pair.play.outcome == pair.appStore.outcome, "\(pair.strategy.rawValue) × \(pair.trial.label)")
        }
        let lost = try #require(matrix.pair(.finishFirst, .crash(.finished)))
        #expect(lost.play.why == "consumed before the Server credited it, with no cache; queryPurchasesAsync returns only non-consumed purchases")
        #expect(playNames(matrix, .double).isEmpty && playNames(matrix, .autoRefunded, sameDay).isEmpty)
    }

    @Test func serverAcknowledgesRecoversEveryCellItReachesRelaunchedAndAbandonedWithNotifications() throws {
        let matrix = try Self.both.get()
        for pair in matrix.pairs where pair.strategy == .serverFinishes {
            let point: CrashPoint?
            switch pair.trial {
            case .crash(let armed), .powerCut(let armed), .abandoned(let armed, notified: true): point = armed
            case .fault: point = nil
            case .abandoned(_, notified: false), .notified: continue
            }
            // With notifications the Server credits the purchase before the app's verify: no credit passes server-committed.
            let reached = point.map { StrategyFlow.reaches(.serverFinishes, $0) && pair.trial != .abandoned(.serverCommitted, notified: true) } ?? true
            #expect(pair.play.outcome == (reached ? .recovered : .notApplicable), "\(pair.trial.label(on: .play)): \(pair.play.why)")
        }
        let notified = try #require(matrix.pair(.serverFinishes, .abandoned(.purchased, notified: true)))
        #expect(notified.play.why == "the Server credited it from the real-time developer notification, without the app, and the Server consumed it")
        #expect(try #require(matrix.pair(.serverFinishes, .abandoned(.purchased, notified: false))).play.outcome == .autoRefunded,
                "without notifications the Server never hears of a purchase the app crashed before sending")
    }

    @Test func verifyThenAcknowledgeAbandonedWithoutNotificationsIsAutoRefundedBeforeAcknowledged() throws {
        let matrix = try Self.both.get()
        for point in CrashPoint.allCases {
            let pair = try #require(matrix.pair(.verifyThenFinish, .abandoned(point, notified: false)))
            #expect(pair.play.outcome == (point == .finished ? .recovered : .autoRefunded), "\(point.word(on: .play))")
            #expect(pair.appStore.outcome == .recovered, "the App Store's queue waits: \(point.rawValue)")
        }
        let cached = try #require(matrix.pair(.verifyThenFinish, .abandoned(.cached, notified: false)))
        #expect(cached.play.why == "the app was closed and never verified it; nobody acknowledged it within three days: "
                + "Google Play refunded and revoked it (voidedReason 8 Unacknowledged_purchase)")
        let notified = try #require(matrix.pair(.verifyThenFinish, .abandoned(.cached, notified: true)))
        #expect(notified.play.outcome == .autoRefunded)
        #expect(notified.play.why.hasSuffix("(voidedReason 8 Unacknowledged_purchase), and the Server took the credit back"))
    }

    @Test func theTableShowsEachStoresOutcomeSideBySideInGooglePlaysWords() throws {
        let lines = PlayMatrixText.table(try Self.both.get(), colour: false)
        #expect(lines[0] == "Google Play beside the App Store: each cell is a real run on each store; Google Play's words.")
        #expect(lines.contains("verify-then-acknowledge  billing-flow-launched │ recovered      recovered     │"))
        let first = try #require(lines.firstIndex { $0.hasPrefix("acknowledge-first ") })
        #expect(lines[first + 6] == "                         server-down           │ lost           lost          │", "the strategy named on its first row only")
        let abandoned = try #require(lines.firstIndex { $0.hasPrefix("The app crashes and stays closed 4 days") })
        #expect(lines[abandoned + 3] == "verify-then-acknowledge  billing-flow-launched │ recovered      auto-refunded │")
        #expect(lines.contains("lost on Google Play: acknowledge-first × crash at acknowledged: consumed before the Server credited it, "
                               + "with no cache; queryPurchasesAsync returns only non-consumed purchases"))
        #expect(lines.contains("lost on App Store: finish-first × crash at finished: finished before the Server credited it, "
                               + "with no cache; the Store will not redeliver it"))
        #expect(lines.contains { $0.hasPrefix("auto-refunded: Google Play refunded and revoked it") })
        let rows = lines.filter { $0.hasSuffix("│") || $0.hasSuffix("┤") }
        #expect(Set(rows.map(\.count)).count == 1, "every row of every table has the same width")
    }

    @Test func theJSONCarriesBothStoresOutcomesInEachCell() throws {
        let json = PlayMatrixText.json(try Self.both.get()).rendered
        #expect(json.hasPrefix(#"{"store": "play", "strategies": ["verify-then-acknowledge", "query-only", "acknowledge-then-cache", "#
                               + #""acknowledge-first", "server-acknowledges"], "crashPoints": ["billing-flow-launched", "purchased", "#))
        #expect(json.contains(#"{"strategy": "acknowledge-first", "crashPoint": "acknowledged", "appStore": {"strategy": "finish-first", "#
                              + #""crashPoint": "finished", "outcome": "lost", "why": "finished before the Server credited it, with no cache; "#))
        #expect(json.contains(#""abandonedCells": [{"strategy": "verify-then-acknowledge", "crashPoint": "billing-flow-launched", "#
                              + #""notifications": false, "appStore": {"strategy": "verify-then-finish", "crashPoint": "payment-sent", "#
                              + #""outcome": "recovered", "why": "#))
        #expect(json.contains(#""play": {"outcome": "auto-refunded", "why": "the app was closed and never verified it; "#))
        #expect(json.hasSuffix(#""unsafeCache": false}"#))
    }
}

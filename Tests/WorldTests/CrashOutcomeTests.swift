import IAPCore
@testable import ReadSide
import Testing
@testable import WorldCore

/// Each strategy crashed at each point, then relaunched: which windows lose money.
@Suite struct CrashOutcomeTests {
    static let cases: [(Strategy, CrashPoint, Int)] = {
        var cases: [(Strategy, CrashPoint, Int)] = []
        for strategy in Strategy.allCases {
            for point in CrashPoint.allCases {
                let loses = strategy.finishesAtOnce && point == .finished
                cases.append((strategy, point, loses ? 1 : 0))
            }
        }
        return cases
    }()

    @Test(arguments: cases)
    func crashThenLaunch(_ strategy: Strategy, _ point: CrashPoint, _ expectedLost: Int) throws {
        let fixture = try WorldFixture(strategy: strategy)
        try fixture.run(.crashAt(point), .buy(productId: "com.storesim.coins.100", answer: .confirm))
        let reachesPoint = StrategyFlow.reaches(strategy, point)
        #expect(fixture.world.appStatus.isRunning == !reachesPoint)
        if reachesPoint {
            try fixture.run(.launch)
        }
        let audit = try fixture.audit()
        #expect(audit.paid == 1)
        #expect(audit.lost == expectedLost)
        #expect(audit.doubleCredited == 0)
        #expect(audit.credited == 1 - expectedLost)
        #expect(audit.pending == 0)
        #expect(audit.unfinished == 0)
    }

    @Test func recoveryReportNamesTheProductAndSaysRecovered() throws {
        let fixture = try WorldFixture()
        try fixture.run(.crashAt(.verified), .buy(productId: "com.storesim.coins.550", answer: .confirm), .launch)
        let report = try #require(fixture.events.last { $0.kind == .report })
        #expect(report.text.contains("recovered 1 purchase"))
        #expect(report.text.contains("550 Coins"))
        #expect(report.text.contains("already credited (duplicate suppressed)"))
    }

    @Test func serverDownKeepsThePurchasePendingUntilTheNextLaunch() throws {
        let fixture = try WorldFixture()
        try fixture.run(.server(.down), .buy(productId: "com.storesim.coins.100", answer: .confirm))
        var audit = try fixture.audit()
        #expect(audit.credited == 0)
        #expect(audit.pending == 1)
        #expect(audit.unfinished == 1)
        #expect(audit.recoverable == 1)
        #expect(audit.lost == 0)
        try fixture.run(.server(.up), .quit, .launch)
        audit = try fixture.audit()
        #expect(audit.credited == 1)
        #expect(audit.pending == 0)
        #expect(audit.unfinished == 0)
        let report = try #require(fixture.events.last { $0.kind == .report })
        #expect(report.text.contains("credited now"))
    }

    @Test func aCrashDropsMessagesToTheAppButDeliversThoseToTheStore() throws {
        let fixture = try WorldFixture()
        try fixture.run(.crashAt(.paymentSent), .buy(productId: "com.storesim.pro", answer: .confirm))
        let beforeCrash = fixture.events.prefix { $0.kind != .crash }
        let afterCrash = fixture.events.drop { $0.kind != .crash }
        #expect(beforeCrash.contains { $0.kind == .message && $0.to == .store && $0.text.hasPrefix("add payment") },
                "the app sent the payment before it died")
        #expect(afterCrash.contains { $0.kind == .delivered && $0.to == .store && $0.text.hasPrefix("add payment") })
        #expect(afterCrash.contains { $0.kind == .dropped && $0.to == .app && $0.text.contains("purchased") })
        #expect(try fixture.audit().unfinished == 1)
    }

    /// Six orders left pending while the Server was down are recovered with one verification of
    /// the app receipt: the Server credits them all while it handles that one message, in one
    /// batch (a savepoint each), and the app removes them with one fsync. The power is cut when
    /// the first credit is made: the app dies once the Server's message is handled, after the
    /// batch's credits and before any answer reaches it; the next launch finds every order
    /// credited once and suppresses each duplicate.
    @Test func aPowerCutInTheMiddleOfABatchedRecoveryLosesNothingAndDoublesNothing() throws {
        let fixture = try WorldFixture()
        try fixture.run(.server(.down))
        for _ in 0..<6 {
            try fixture.run(.buy(productId: "com.storesim.coins.100", answer: .confirm))
        }
        try fixture.run(.server(.up), .quit, .powerCutAt(.serverCommitted), .launch)
        #expect(!fixture.world.appStatus.isRunning)
        let credits = fixture.events.filter { $0.from == .server && $0.kind == .note && $0.text.hasPrefix("credit tx") }
        let cut = try #require(fixture.events.firstIndex { $0.kind == .crash })
        #expect(credits.count == 6)
        #expect(credits.first.map { $0.seq < fixture.events[cut].seq } == true, "the cut came after the batch's first credit")
        #expect(credits.allSatisfy { $0.seq < fixture.events[cut].seq }, "the one verification made every credit before the cut")
        #expect(!fixture.events[..<cut].contains { $0.kind == .delivered && $0.from == .server && $0.to == .app },
                "and no answer reached the app before it")
        #expect(fixture.events[cut...].contains { $0.kind == .dropped && $0.text.hasPrefix("answered 6 pending orders: 6 credited") },
                "the Server's one reply was lost with the app")
        try fixture.run(.launch)
        let audit = try fixture.audit()
        #expect(audit.paid == 6)
        #expect(audit.credited == 6)
        #expect(audit.doubleCredited == 0)
        #expect(audit.lost == 0)
        #expect(audit.pending == 0)
        #expect(audit.unfinished == 0)
        #expect(audit.ok)
        let report = try #require(fixture.events.last { $0.kind == .report })
        #expect(report.text.components(separatedBy: "already credited (duplicate suppressed)").count == 7)
    }

    @Test func theTimelineSurvivesAReopenedWorld() throws {
        let fixture = try WorldFixture()
        try fixture.run(.buy(productId: "com.storesim.coins.100", answer: .confirm))
        let stored = try EventLog.readAll(path: fixture.world.directory.events)
        #expect(stored == fixture.events)
        #expect(stored.map(\.seq) == Array(1...stored.count))
    }
}

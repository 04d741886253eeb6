import IAPCore
@testable import ReadSide
@testable import ScenarioLanguage
import Testing
import TestSupport
@testable import WorldCore

/// A world that sells on Google Play, under verify-then-acknowledge, crashed at each point of
/// the purchase flow: relaunched within the three days, the purchase is credited once and
/// consumed; never relaunched, Google Play refunds and revokes it at exactly 72 hours after
/// PURCHASED, unless the app consumed it before it died.
@Suite struct PlayCrashOutcomeTests {
    static let coins = "com.storesim.coins.100"

    /// A fresh Play world with the app launched, and its read model.
    private static func playWorld(_ folder: TemporaryFolder, strategy: Strategy = .verifyThenFinish) throws -> (World, ReadModel) {
        let world = try folder.world(seed: 7, store: .play)
        try world.perform(.strategy(strategy))
        try world.perform(.launch)
        return (world, ReadModel(world))
    }

    /// Runs commands as a script does.
    private static func run(_ world: World, _ commands: ScenarioCommand...) throws {
        for command in commands {
            try world.performInTurn(command)
        }
        try world.settle()
    }

    @Test(arguments: CrashPoint.allCases)
    func crashedThenRelaunchedIsCreditedOnceAndConsumed(_ point: CrashPoint) throws {
        let folder = try TemporaryFolder()
        let (world, readModel) = try Self.playWorld(folder)
        try Self.run(world, .crashAt(point), .buy(productId: Self.coins, answer: .confirm))
        #expect(!world.appStatus.isRunning, "the flow reaches \(point.word(on: .play))")
        try Self.run(world, .advance(seconds: 86_400), .launch)
        let audit = try readModel.audit()
        #expect(audit.paid == 1)
        #expect(audit.credited == 1)
        #expect(audit.lost == 0 && audit.doubleCredited == 0)
        #expect(audit.unfinished == 0 && audit.pending == 0)
        #expect(audit.play?.autoRefunded == 0)
        #expect(audit.ok)
        let purchase = try #require(try readModel.playPurchases()?.first)
        #expect(purchase.isConsumed)
        #expect(try world.server.balance(of: "coins") == 100)
    }

    @Test(arguments: CrashPoint.allCases)
    func crashedAndNeverRelaunchedIsRefundedAtSeventyTwoHours(_ point: CrashPoint) throws {
        let folder = try TemporaryFolder()
        let (world, readModel) = try Self.playWorld(folder)
        try Self.run(world, .crashAt(point), .buy(productId: Self.coins, answer: .confirm), .advance(seconds: 71 * 3_600))
        #expect(try readModel.audit().play?.autoRefunded == 0, "not before the three days end")
        try Self.run(world, .advance(seconds: 3_600))
        let audit = try readModel.audit()
        let consumed = point == .finished
        #expect(audit.play?.autoRefunded == (consumed ? 0 : 1))
        #expect(audit.lost == 0)
        #expect(audit.unfinished == 0)
        #expect(audit.ok == consumed)
        let refundLines = audit.lines(catalog: world.catalog).filter { $0.contains("AUTO-REFUNDED") }
        #expect(refundLines.count == (consumed ? 0 : 1))
        #expect(refundLines.allSatisfy { $0.contains("GPA.") && $0.contains("voidedReason 8 Unacknowledged_purchase") })
    }

    @Test func acknowledgeFirstCrashedAtAcknowledgedLosesTheConsumedPurchase() throws {
        let folder = try TemporaryFolder()
        let (world, readModel) = try Self.playWorld(folder, strategy: .finishFirst)
        try Self.run(world, .crashAt(.finished), .buy(productId: Self.coins, answer: .confirm), .launch)
        let audit = try readModel.audit()
        #expect(audit.lost == 1)
        #expect(audit.credited == 0)
        #expect(audit.play?.autoRefunded == 0)
        let lines = audit.lines(catalog: world.catalog)
        #expect(lines.contains { $0.contains("queryPurchasesAsync returns only non-consumed purchases") })
        #expect(lines.contains { $0.hasPrefix("    verify-then-acknowledge or query-only would have saved it") })
    }

    @Test func aPlayWorldKeepsItsStoreAndRefusesTheOther() throws {
        let folder = try TemporaryFolder()
        _ = try Self.playWorld(folder)
        let settings = try String(contentsOfFile: folder.file("world.json"), encoding: .utf8)
        #expect(settings.contains("\"store\" : \"play\""))
        #expect(settings.contains("\"strategy\" : \"verify-then-acknowledge\""))
        #expect(throws: WorldError.self) { try folder.world(seed: 7, store: .appStore) }
        let reopened = try folder.world(seed: 7)
        #expect(reopened.settings.store == .play)
    }

    @Test func anAppStoreWorldsSettingsNameNoStore() throws {
        let folder = try TemporaryFolder()
        let world = try folder.world(seed: 7, store: .appStore)
        try world.perform(.launch)
        try world.settle()
        let settings = try String(contentsOfFile: folder.file("world.json"), encoding: .utf8)
        #expect(!settings.contains(#""store""#))
        #expect(settings.contains("\"strategy\" : \"verify-then-finish\""))
    }
}

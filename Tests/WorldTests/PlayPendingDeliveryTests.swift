import IAPCore
@testable import ReadSide
@testable import ScenarioLanguage
import Testing
import TestSupport
@testable import WorldCore

/// A Google Play purchase that waits PENDING reaches the app when it becomes PURCHASED only as
/// Google says: "If your application is not running or your app doesn't have an active Google
/// Play Billing library connection, onPurchasesUpdated won't be invoked." The app then finds it
/// with queryPurchasesAsync at its next launch or resume.
@Suite struct PlayPendingDeliveryTests {
    static let pro = "com.storesim.pro"

    @Test func onPurchasesUpdatedIsNotInvokedWhileTheAppIsNotRunning() throws {
        let fixture = try PlayFixture()
        try fixture.run(.buy(productId: Self.pro, answer: .pending), .quit)
        let before = fixture.events.count
        try fixture.run(.approve(productId: Self.pro))
        let lines = fixture.lines(from: before)
        #expect(lines.contains { $0.contains("approve com.storesim.pro: the pending payment of GPA.") && $0.contains("PENDING → PURCHASED") })
        #expect(lines.contains { $0.contains("onPurchasesUpdated won't be invoked for GPA.") && $0.contains("the app is not running") })
        #expect(!lines.contains { $0.contains("onPurchasesUpdated OK") }, "\(lines)")
        #expect(try fixture.credited() == 0)
        try fixture.run(.launch)
        #expect(try fixture.credited() == 1)
        #expect(try fixture.readModel.playPurchases()?.first?.isAcknowledged == true)
    }

    @Test func aResolvedPurchaseReachesTheRunningAppInTheForeground() throws {
        let fixture = try PlayFixture()
        try fixture.run(.buy(productId: Self.pro, answer: .pending))
        #expect(try fixture.credited() == 0)
        let before = fixture.events.count
        try fixture.run(.approve(productId: Self.pro))
        #expect(fixture.lines(from: before).contains { $0.contains("onPurchasesUpdated OK: PURCHASED com.storesim.pro GPA.") })
        #expect(try fixture.credited() == 1)
        #expect(try fixture.readModel.playPurchases()?.first?.isAcknowledged == true)
    }

    @Test func inTheBackgroundNothingIsDeliveredUntilTheAppResumes() throws {
        let fixture = try PlayFixture()
        try fixture.run(.buy(productId: Self.pro, answer: .pending), .background, .approve(productId: Self.pro))
        #expect(fixture.lines().contains { $0.contains("won't be invoked") && $0.contains("the app is in the background") })
        #expect(try fixture.credited() == 0)
        #expect(throws: WorldActionError.refused(.appInBackground(command: "buy"))) {
            try fixture.world.performInTurn(.buy(productId: "com.storesim.coins.100", answer: .confirm))
        }
        try fixture.run(.resume)
        #expect(try fixture.credited() == 1)
        #expect(throws: WorldActionError.refused(.appInForeground)) { try fixture.world.performInTurn(.resume) }
    }

    @Test func aDeclinedPendingPurchaseIsNeverCreditedAndCanBeBoughtAgain() throws {
        let fixture = try PlayFixture()
        try fixture.run(.buy(productId: Self.pro, answer: .pending), .decline(productId: Self.pro))
        #expect(fixture.lines().contains { $0.contains("decline com.storesim.pro: the pending payment of GPA.") && $0.contains("was canceled") })
        #expect(try fixture.credited() == 0)
        #expect(throws: WorldActionError.refused(.noPendingPurchase(productId: Self.pro))) {
            try fixture.world.performInTurn(.approve(productId: Self.pro))
        }
        try fixture.run(.buy(productId: Self.pro, answer: .confirm))
        #expect(try fixture.credited() == 1)
    }

    @Test func aSlowCardResolvesAtItsDueMomentOnTheWay() throws {
        let fixture = try PlayFixture()
        try fixture.run(.buy(productId: Self.pro, answer: .slowApprove), .advance(seconds: 119))
        #expect(try fixture.credited() == 0, "not a second before two minutes")
        try fixture.run(.advance(seconds: 1))
        #expect(fixture.lines().contains { $0.contains("Slow test card, approves after a few minutes: GPA.") })
        #expect(try fixture.credited() == 1)
    }

    @Test func aSlowCardApprovedOnTheWayOfALongAdvanceIsAcknowledgedThenNotRefunded() throws {
        let fixture = try PlayFixture()
        try fixture.run(.buy(productId: Self.pro, answer: .slowApprove), .advance(seconds: 4 * 86_400))
        let audit = try fixture.readModel.audit()
        #expect(audit.credited == 1)
        #expect(audit.play?.autoRefunded == 0)
        #expect(audit.ok)
        let acknowledged = try #require(fixture.lines().first { $0.contains("onAcknowledgePurchaseResponse GPA.") && $0.contains("··✓") })
        #expect(acknowledged.hasPrefix("  00:02:00."), "acknowledged when the card approved, not four days later: \(acknowledged)")
    }
}

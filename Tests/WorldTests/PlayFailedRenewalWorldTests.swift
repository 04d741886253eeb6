import Foundation
import IAPCore
@testable import ReadSide
@testable import ScenarioLanguage
import Testing
import TestSupport
@testable import WorldCore

/// A Google Play subscription whose card fails, end to end: the world's clock, the timeline, the
/// Server's entitlement and the interface's Play panel through the grace period, account hold and
/// the recovery.
@Suite struct PlayFailedRenewalWorldTests {
    static let monthly = "com.storesim.premium.monthly"
    static let day: Int64 = 86_400

    /// Where the subscription stands in the interface's Play panel, its stage's end to the second.
    private func standing(_ fixture: PlayFixture) throws -> String {
        switch try fixture.readModel.view().playPurchases?.last?.standing {
        case .inGracePeriod(let end): "grace period to \(SimulatedTime.format(end))"
        case .onHold(let end): "on hold to \(SimulatedTime.format(end))"
        case .acknowledged: "acknowledged"
        case let other: String(describing: other)
        }
    }

    /// Whether the Server's entitlements let the account use the subscription now.
    private func owned(_ fixture: PlayFixture) throws -> Bool {
        let world = fixture.world
        return try world.server.entitlements().owns(productId: Self.monthly, account: world.store.account, at: world.now)
    }

    @Test func graceThenHoldThenRecoveredAsTheTimelineAndThePanelTellIt() throws {
        let fixture = try PlayFixture()
        try fixture.run(.serverNotifications(on: true), .buy(productId: Self.monthly, answer: .confirm),
                        .subscriptionBilling(productId: Self.monthly, fails: true))
        #expect(try fixture.world.failingPlayBilling() == [Self.monthly], "a chaos run's end makes this card work again")
        var start = fixture.events.count
        try fixture.run(.advance(seconds: 33 * Self.day))
        var lines = fixture.lines(from: start)
        #expect(lines.contains { $0.contains("could not be renewed: in its grace period until 2026-02-08 00:00:00") }, "\(lines)")
        #expect(lines.contains { $0.contains("RTDN SUBSCRIPTION_IN_GRACE_PERIOD") })
        #expect(try standing(fixture) == "grace period to 2026-02-08 00:00:00")
        #expect(try owned(fixture), "in the grace period the Server keeps the entitlement")

        start = fixture.events.count
        try fixture.run(.advance(seconds: 10 * Self.day))
        lines = fixture.lines(from: start)
        #expect(lines.contains { $0.contains("on account hold until 2026-04-02 00:00:00: no access") }, "\(lines)")
        #expect(lines.contains { $0.contains("RTDN SUBSCRIPTION_ON_HOLD") })
        #expect(try standing(fixture) == "on hold to 2026-04-02 00:00:00")
        #expect(try !owned(fixture), "on hold: no access")
        #expect(try fixture.readModel.audit().ok, "a subscription on hold is no lost sale: its renewal was never paid")

        start = fixture.events.count
        try fixture.run(.subscriptionBilling(productId: Self.monthly, fails: false))
        lines = fixture.lines(from: start)
        #expect(lines.contains { $0.contains("..0 (com.storesim.premium.monthly) recovered from account hold: charged now") }, "\(lines)")
        #expect(lines.contains { $0.contains("RTDN SUBSCRIPTION_RECOVERED") })
        #expect(try fixture.credited() == 2, "the recovery's renewal order credited once")
        #expect(try owned(fixture))
        #expect(try standing(fixture) == "acknowledged")
        #expect(try fixture.world.failingPlayBilling().isEmpty)
    }
}

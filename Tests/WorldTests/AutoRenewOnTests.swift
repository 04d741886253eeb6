import Foundation
import IAPCore
@testable import ReadSide
import Testing
@testable import WorldCore

/// Turning auto-renew on charges only periods that begin after it. A plan an upgrade replaced is
/// not charged beside the running plan: it becomes the running plan's next renewal (Apple,
/// DID_CHANGE_RENEWAL_PREF `DOWNGRADE`: "the customer downgraded or cross-graded their
/// subscription to take effect at the next renewal"). A subscription that lapsed with auto-renew
/// off is over: it is subscribed to again by buying it, not by back-dated renewals.
@Suite struct AutoRenewOnTests {
    let monthly = "com.storesim.premium.monthly"
    let yearly = "com.storesim.premium.yearly"

    @Test func theReplacedPlanRenewsAfterTheRunningOneAndIsNotChargedBesideIt() throws {
        let fixture = try WorldFixture()
        try fixture.run(.buy(productId: monthly, answer: .confirm), .buy(productId: yearly, answer: .confirm), .wait,
                        .subscriptionRenew(productId: monthly, on: true), .advance(seconds: 90 * 86400), .wait)
        #expect(fixture.events.contains {
            $0.from == .store && $0.text == "\(yearly) runs until 2027-01-01 00:00:00 and renews as \(monthly) then; nothing charged now"
        })
        let audit = try fixture.audit()
        #expect(audit.paid == 2 && audit.overcharged == 0 && audit.ok)
        #expect(try fixture.readModel.snapshot().ledger.owns(productId: yearly, account: "demo", at: fixture.world.now))
        #expect(try fixture.world.store.pendingChanges().values.contains(monthly))
    }

    @Test func aLapsedSubscriptionIsRefusedAndChargesNothing() throws {
        let fixture = try WorldFixture()
        try fixture.run(.buy(productId: monthly, answer: .confirm), .wait, .subscriptionRenew(productId: monthly, on: false),
                        .advance(seconds: 90 * 86400), .wait)
        var problem: String?
        do {
            try fixture.run(.subscriptionRenew(productId: monthly, on: true))
        } catch let WorldActionError.refused(refusal) {
            problem = refusal.english
        }
        #expect(problem == "\(monthly) expired on 2026-01-08 00:00:00 and no longer renews: buy it again to subscribe again")
        try fixture.run(.advance(seconds: 86400), .wait)
        #expect(try fixture.audit().paid == 1)
    }

    @Test func aRunningSubscriptionTurnedOffAndOnAgainRenewsAsBefore() throws {
        let fixture = try WorldFixture()
        try fixture.run(.buy(productId: yearly, answer: .confirm), .wait, .subscriptionRenew(productId: yearly, on: false),
                        .subscriptionRenew(productId: yearly, on: true), .advance(seconds: 400 * 86400), .wait)
        let audit = try fixture.audit()
        #expect(audit.paid == 2 && audit.credited == 2 && audit.ok)
    }
}

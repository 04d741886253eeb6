import Foundation
import IAPCore
@testable import ReadSide
@testable import ScenarioLanguage
import Testing
@testable import WorldCore

/// Apple: "Billing-related issues trigger the subscription to enter a billing retry state where
/// the App Store attempts to renew the subscription for up to 60 days"; "Without enabling Billing
/// Grace Period, the subscriber's days of paid service pause until Apple is able to collect
/// payment." The retry and its grace period are the Store's, kept in `store.sqlite`: a world
/// opened again after the process died shows them as before.
@Suite struct BillingRetryTests {
    let monthly = "com.storesim.premium.monthly"

    @Test func withoutAGracePeriodAccessEndsWithThePeriodAndBillingRetryShows() throws {
        let fixture = try WorldFixture()
        try fixture.run(.buy(productId: monthly, answer: .confirm), .subscriptionBilling(productId: monthly, fails: true))
        try fixture.run(.advance(seconds: 8 * 86400), .quit, .launch)
        #expect(fixture.events.contains { $0.from == .store && $0.text == "renewal of \(monthly) could not be charged: billing retry" })
        #expect(try !fixture.readModel.snapshot().ledger.owns(productId: monthly, account: "demo", at: fixture.world.now))
        let view = try fixture.readModel.view()
        #expect(view.products.first { $0.product.id == monthly }?.billing == BillingState(graceUntil: nil))
        #expect(view.transactions.last { $0.charged }?.billing == BillingState(graceUntil: nil))
        #expect(try fixture.audit().ok)
    }

    @Test func theRetryAndItsGracePeriodSurviveTheProcess() throws {
        let fixture = try WorldFixture()
        try fixture.run(.store(.gracePeriod, on: true), .buy(productId: monthly, answer: .confirm),
                        .subscriptionBilling(productId: monthly, fails: true), .advance(seconds: 8 * 86400))
        let reopened = try fixture.folder.world(seed: 7)
        let grace = try #require(try ReadModel(reopened).view().products.first { $0.product.id == monthly }?.billing?.graceUntil)
        #expect(SimulatedTime.format(grace).hasPrefix("2026-01-24"), "the trial ends on 01-08, then 16 days")
        #expect(reopened.store.switches[.gracePeriod] == .named("16d"))
        #expect(try reopened.store.failingBilling() == [monthly])
    }

    /// Apple: "A user shouldn't be able to purchase any new subscription until the billing issues
    /// on the account are solved." StoreKit Testing's renew now cannot charge a subscription in
    /// billing retry either: a paid period beside the retry would be paid again on recovery.
    @Test func renewingNowIsRefusedDuringTheRetryAndChargesNothing() throws {
        let fixture = try WorldFixture()
        try fixture.run(.buy(productId: monthly, answer: .confirm), .subscriptionBilling(productId: monthly, fails: true),
                        .advance(seconds: 8 * 86400))
        #expect(throws: WorldActionError.refused(.store(.renewalsInBillingRetry(productId: monthly)))) {
            try fixture.world.perform(.subscriptionRenewNow(productId: monthly))
        }
        try fixture.run(.subscriptionBilling(productId: monthly, fails: false))
        let audit = try fixture.audit()
        #expect(audit.paid == 2 && audit.credited == 2 && audit.overcharged == 0, "the trial and one recovered renewal: \(audit)")
    }

    /// Chaos draws a failing card as a user lives it, so that its runs reach a purchase during the
    /// retry: each draw of `billing fail` on the monthly plan (whose trial ends within the
    /// advance) that ends in a confirmed purchase of the group is refused, charging nothing.
    @Test func aDrawnBillingFailureReachesAPurchaseDuringTheRetry() throws {
        let declaration = try #require(ScenarioVocabulary.declarations.first { $0.syntax.usage == "subscription PRODUCT billing fail|ok" }?.chaos)
        var reached = 0
        for seed in 1...40 as ClosedRange<UInt64> {
            let fixture = try WorldFixture()
            var draw = ChaosDraw(catalog: fixture.world.catalog, random: SplitMix64(seed: seed))
            let commands = declaration.make(&draw)
            guard commands.count == 4, case .subscriptionBilling(monthly, true) = commands[1], case .buy(_, .confirm) = commands[3] else { continue }
            for command in commands { try fixture.run(command) }
            #expect(fixture.events.contains { $0.text == "\(monthly) is in billing retry: no new subscription of its group until the billing problem is solved; nothing charged" })
            let audit = try fixture.audit()
            #expect(audit.ok && audit.overcharged == 0 && audit.paid == 1, "seed \(seed): only the trial is paid: \(audit)")
            reached += 1
        }
        #expect(reached >= 3, "40 draws reach a purchase during the retry \(reached) times")
    }
}

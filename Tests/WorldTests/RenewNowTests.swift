import Foundation
import IAPCore
@testable import ReadSide
import Testing
@testable import WorldCore

/// Apple, `SKTestSession.forceRenewalOfSubscription(productIdentifier:)`: "Ends the previous
/// subscription period and begins the next period in the test environment." A subscription with
/// no current period (never bought, its latest period refunded, expired) has none to end: renew
/// now is refused with one line and charges nothing. Apple,
/// `disableAutoRenewForTransaction(identifier:)`: "A subscription with auto-renew disabled expires
/// at the end of the billing period and doesn't renew at the start of the next billing period."
/// — renew now ends that period now, and it expires, uncharged.
@Suite struct RenewNowTests {
    let yearly = "com.storesim.premium.yearly"

    /// The refusal `renew now` meets, with the paid transactions before and after it.
    private func refusal(_ fixture: WorldFixture) throws -> (problem: String?, paidBefore: Int, paidAfter: Int) {
        let before = try fixture.audit().paid
        var problem: String?
        do {
            try fixture.run(.subscriptionRenewNow(productId: yearly))
        } catch let WorldActionError.refused(refusal) {
            problem = refusal.english
        }
        return (problem, before, try fixture.audit().paid)
    }

    @Test func aSubscriptionNeverBoughtIsRefused() throws {
        let fixture = try WorldFixture()
        let outcome = try refusal(fixture)
        #expect(outcome.problem == "demo has no current period of \(yearly) to renew: it has no paid subscription of it")
        #expect(outcome.paidAfter == 0)
    }

    @Test func aSubscriptionWhoseLatestPeriodWasRefundedIsRefused() throws {
        let fixture = try WorldFixture()
        try fixture.run(.buy(productId: yearly, answer: .confirm), .advance(seconds: 366 * 86400),
                        .refund(.product(yearly), reason: nil))
        let outcome = try refusal(fixture)
        #expect(outcome.problem == "demo has no current period of \(yearly) to renew: its latest period was refunded")
        #expect(outcome.paidBefore == 2 && outcome.paidAfter == 2)
        #expect(try fixture.audit().overcharged == 0)
    }

    @Test func anExpiredSubscriptionIsRefusedEvenWithBillingFailing() throws {
        let fixture = try WorldFixture()
        try fixture.run(.buy(productId: yearly, answer: .confirm), .subscriptionRenew(productId: yearly, on: false),
                        .advance(seconds: 400 * 86400), .subscriptionBilling(productId: yearly, fails: true))
        let outcome = try refusal(fixture)
        #expect(outcome.problem == "demo has no current period of \(yearly) to renew: it expired on 2027-01-01 00:00:00")
        #expect(outcome.paidBefore == 1 && outcome.paidAfter == 1)
        #expect(try !fixture.world.store.billingRetries().values.contains { _ in true }, "no billing retry begins")
    }

    @Test func withAutoRenewOffThePeriodEndsNowUncharged() throws {
        let fixture = try WorldFixture()
        try fixture.run(.buy(productId: yearly, answer: .confirm), .subscriptionRenew(productId: yearly, on: false),
                        .subscriptionRenewNow(productId: yearly))
        #expect(fixture.events.contains { $0.from == .store && $0.text == "\(yearly) expired now: its auto-renew is off" })
        #expect(try fixture.audit().paid == 1)
        try fixture.run(.quit, .launch)
        #expect(try !fixture.readModel.snapshot().ledger.owns(productId: yearly, account: "demo", at: fixture.world.now))
        #expect(try refusal(fixture).problem?.hasPrefix("demo has no current period of \(yearly) to renew: it expired on 2026-01-01") == true)
    }
}

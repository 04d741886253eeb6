import IAPCore
@testable import ReadSide
import Testing

/// Apple (App Store, auto-renewable subscriptions, ranking): an upgrade's users "are immediately
/// upgraded and receive a refund of the prorated amount of their original subscription"; on a
/// downgrade "the subscription continues until the next renewal date, then is renewed at the
/// lower level and price". The timeline says why the Server's entitlement changes, and the
/// transaction manager's rows carry the change.
@Suite struct GroupChangeTests {
    let monthly = "com.storesim.premium.monthly", yearly = "com.storesim.premium.yearly"

    @Test func aDowngradeWaitsForTheRenewalAndSaysSo() throws {
        let fixture = try WorldFixture()
        try fixture.run(.buy(productId: yearly, answer: .confirm))
        try fixture.run(.buy(productId: monthly, answer: .confirm))
        #expect(fixture.events.contains { $0.from == .store && $0.text == "downgrade: \(yearly) renews as \(monthly) on 2027-01-01 00:00:00" })
        let view = try fixture.readModel.view()
        let latest = try #require(view.transactions.last { $0.charged })
        #expect(latest.productId == yearly && latest.renewsAs == monthly)
        #expect(view.products.first { $0.product.id == monthly }?.startsAt == latest.date.addingTimeInterval(365 * 86400))
        let handedBack = try #require(view.transactions.last)
        #expect(!handedBack.charged && handedBack.kind == .restore && handedBack.productId == yearly, "nothing is charged now")
        try fixture.run(.advance(seconds: 366 * 86400))
        let after = try fixture.readModel.view()
        #expect(after.transactions.last?.productId == monthly && after.transactions.last?.kind == .renewal)
        #expect(after.transactions.allSatisfy { $0.renewsAs == nil }, "the change is used up by the renewal")
        #expect(try fixture.audit().ok)
    }

    /// Under StoreKit 2 the downgrade makes no transaction: `Product.purchase()` answers with
    /// the subscription as it is, which the Server has credited already, never a second credit.
    @Test func aStoreKit2DowngradeAnswersWithTheSubscriptionAsItIs() throws {
        let fixture = try WorldFixture()
        try fixture.run(.api(.storekit2))
        try fixture.run(.buy(productId: yearly, answer: .confirm), .buy(productId: monthly, answer: .confirm))
        let view = try fixture.readModel.view()
        #expect(view.transactions.count == 1, "one paid transaction, no handed-back one")
        #expect(view.transactions.first?.renewsAs == monthly)
        let audit = try fixture.audit()
        #expect([audit.paid, audit.credited, audit.orphanCredits] == [Int]([1, 1, 0]))
    }

    @Test func anUpgradeRefundsTheUnusedPartProrated() throws {
        let fixture = try WorldFixture()
        try fixture.run(.buy(productId: yearly, answer: .confirm))
        try fixture.run(.buy(productId: monthly, answer: .confirm))
        try fixture.run(.advance(seconds: 376 * 86400))
        try fixture.run(.buy(productId: yearly, answer: .confirm))
        let renewal = try #require(fixture.readModel.view().transactions.first { $0.kind == .renewal })
        // 2.99 for 31 days, 20 of them unused: 1.929… rounds to 1.93.
        #expect(fixture.events.contains {
            $0.text == "upgrade: \(yearly) replaces \(monthly) at once; prorated refund US$1.93 for tx \(renewal.id)"
        })
        #expect(renewal.proratedRefund == 1.93)
        let snapshot = try fixture.readModel.snapshot()
        #expect(snapshot.ledger.owns(productId: yearly, account: "demo", at: fixture.world.now))
        #expect(!snapshot.ledger.owns(productId: monthly, account: "demo", at: fixture.world.now))
        #expect(try fixture.audit().ok)
    }

    /// An upgrade goes on with the subscription it replaces, under its original id: the replaced
    /// period's refund leaves the plan that runs on renewing, and auto-renew named by the replaced
    /// plan is the subscription's.
    @Test func theReplacedPlanAndThePlanThatRunsOnAreOneSubscription() throws {
        let fixture = try WorldFixture()
        try fixture.run(.buy(productId: monthly, answer: .confirm))
        try fixture.run(.advance(seconds: 18 * 86400))
        try fixture.run(.buy(productId: yearly, answer: .confirm))
        let charged = try fixture.readModel.view().transactions.filter(\.charged)
        #expect(charged.map(\.productId) == [monthly, monthly, yearly])
        #expect(Set(charged.map(\.originalId)) == [charged[0].id], "the trial, its renewal and the upgrade")
        try fixture.run(.refund(.transaction(charged[1].id), reason: nil))
        let running = try #require(try fixture.readModel.view().transactions.last { $0.charged })
        #expect(running.productId == yearly && !running.autoRenewOff, "the yearly plan renews on")
        try fixture.run(.subscriptionRenew(productId: monthly, on: false))
        #expect(try fixture.readModel.view().transactions.last { $0.charged }?.autoRenewOff == true)
        #expect(try fixture.audit().ok)
    }
}

import Foundation
import IAPCore
import OrderServer
@testable import ReadSide
import StoreEngine
import Testing
@testable import Drivers
@testable import WorldCore

/// The audit's `overcharged`: paid transactions that bought nothing new. Apple (In-App Purchase
/// Programming Guide): for a product "that's already been purchased ... The user isn't charged
/// again for the product"; an upgrade's "new billing period" comes with "a prorated refund for the
/// unused portion of the previous period" (App Store Server Notifications, DID_CHANGE_RENEWAL_PREF).
@Suite struct AuditOverchargeTests {
    let catalog = BuiltInCatalog.catalog()
    let start = SimulatedTime.epoch
    let noCredits = Ledger(credits: [], balances: [:], entitlements: [], rejections: [])

    func paid(_ id: TransactionID, _ productId: String, after days: Double = 0, kind: TransactionKind = .purchase,
              account: String = "demo", refunded: Bool = false) -> StoreRecord {
        StoreRecord(id: id, originalId: kind == .renewal ? 1 : id, productId: productId, account: account, state: .purchased,
                    kind: kind, charged: true, finished: true, refunded: refunded, date: start.addingTimeInterval(days * 86400),
                    error: nil, receipt: "r")
    }

    func audit(_ transactions: [StoreRecord], earlyEnds: [TransactionID: Date] = [:]) -> Audit {
        Audit(transactions: transactions, ledger: noCredits, pendingOrders: [], catalog: catalog, earlyEnds: earlyEnds)
    }

    @Test func aSecondUnrefundedNonConsumableIsOverchargedAndSaysWhatCoveredIt() {
        let audit = audit([paid(1, "com.storesim.pro"), paid(2, "com.storesim.pro", after: 1)])
        #expect(audit.overcharged == 1)
        #expect(audit.json.rendered.contains("\"refunded\": 0, \"overcharged\": 1, \"balanceMismatches\": 0, \"ok\": false}"))
        let lines = audit.lines(catalog: catalog)
        #expect(lines.contains("  StoreSim Pro tx 2: OVERCHARGED: paid again for what tx 1 already covered, not refunded"))
        #expect(lines[1].hasSuffix("  refunded 0  overcharged 1"))
        #expect(!audit.ok, "money taken for nothing fails the audit")
        #expect(lines.last == "audit FAILED")
    }

    @Test func aRefundOrAnotherAccountIsNoOvercharge() {
        #expect(audit([paid(1, "com.storesim.pro", refunded: true), paid(2, "com.storesim.pro", after: 1)]).overcharged == 0)
        #expect(audit([paid(1, "com.storesim.pro"), paid(2, "com.storesim.pro", after: 1, refunded: true)]).overcharged == 0)
        #expect(audit([paid(1, "com.storesim.pro"), paid(2, "com.storesim.pro", account: "other")]).overcharged == 0)
        #expect(audit([paid(1, "com.storesim.coins.100"), paid(2, "com.storesim.coins.100")]).overcharged == 0)
    }

    @Test func aPeriodPaidWhileAnotherOfTheGroupRunsIsOvercharged() {
        let monthlyThenYearly = [paid(1, "com.storesim.premium.monthly"), paid(2, "com.storesim.premium.yearly", after: 10)]
        let overlap = audit(monthlyThenYearly)
        #expect(overlap.overcharges == [Overcharge(transactionId: 2, productId: "com.storesim.premium.yearly", heldBy: 1)])
        #expect(audit([paid(1, "com.storesim.premium.monthly"), paid(2, "com.storesim.premium.monthly", after: 10)]).overcharged == 1)
    }

    @Test func anUpgradeThatEndedTheOldPeriodAndARenewalAtItsEndAreNot() {
        let upgrade = [paid(1, "com.storesim.premium.monthly"), paid(2, "com.storesim.premium.yearly", after: 10)]
        #expect(audit(upgrade, earlyEnds: [1: start.addingTimeInterval(10 * 86400)]).overcharged == 0)
        let renewal = [paid(1, "com.storesim.premium.monthly"), paid(2, "com.storesim.premium.monthly", after: 31, kind: .renewal)]
        #expect(audit(renewal).overcharged == 0)
        let afterExpiry = [paid(1, "com.storesim.premium.monthly"), paid(2, "com.storesim.premium.monthly", after: 40)]
        #expect(audit(afterExpiry).overcharged == 0)
    }

    @Test func chaosFailsARunThatOvercharged() {
        let twice = audit([paid(1, "com.storesim.pro"), paid(2, "com.storesim.pro", after: 1)])
        #expect(!twice.ok)
        #expect(ChaosTrial(script: [], audit: twice, statistics: WorldStatistics()).failed)
        #expect(!ChaosTrial(script: [], audit: audit([paid(1, "com.storesim.pro")]), statistics: WorldStatistics()).failed)
    }
}

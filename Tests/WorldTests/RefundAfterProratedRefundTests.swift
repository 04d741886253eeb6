import Foundation
import IAPCore
import OrderServer
@testable import ReadSide
import StoreEngine
import Testing
@testable import WorldCore

/// Apple, `Transaction.revocationPercentage`: "The percentage of the transaction amount that the
/// App Store has refunded or revoked, expressed as a decimal." "Valid values range from 0.0 to
/// 100.0". A period an upgrade ended was paid back in part then (its prorated refund); a refund
/// of its transaction later pays back the rest, never the whole charge again, and the audit
/// names any transaction paid back more than it charged.
@Suite struct RefundAfterProratedRefundTests {
    let monthly = "com.storesim.premium.monthly", yearly = "com.storesim.premium.yearly"

    /// An amount written as the Store keeps it (a float literal would not be exact).
    private func money(_ text: String) -> Decimal { Decimal(string: text) ?? .nan }

    @Test func aRefundAfterAnUpgradePaysBackTheRestOnly() throws {
        let fixture = try WorldFixture()
        try fixture.run(.buy(productId: monthly, answer: .confirm), .advance(seconds: 18 * 86400),
                        .buy(productId: yearly, answer: .confirm))
        let renewal = try #require(fixture.readModel.view().transactions.first { $0.kind == .renewal })
        try fixture.run(.refund(.transaction(renewal.id), reason: nil))
        // 2.99 charged on 01-08; 1.93 paid back at the upgrade on 01-19; 1.06 is what is left.
        #expect(fixture.events.contains {
            $0.from == .store && $0.text == "refund of tx \(renewal.id): US$1.06, what was left of its charge after its prorated refund of US$1.93"
        })
        let row = try #require(fixture.readModel.view().transactions.first { $0.id == renewal.id })
        #expect(row.refunded && row.proratedRefund == money("1.93") && row.refundedRest == money("1.06"))
        #expect(try fixture.world.store.refundedAmounts()[renewal.id] == money("1.06"))
        let audit = try fixture.audit()
        #expect(audit.overRefunded == 0 && audit.ok)
    }

    @Test func aPeriodPaidBackInFullAtTheUpgradeHasNothingLeftToRefund() throws {
        let fixture = try WorldFixture()
        try fixture.run(.buy(productId: monthly, answer: .confirm), .advance(seconds: 7 * 86400),
                        .buy(productId: yearly, answer: .confirm))
        let renewal = try #require(fixture.readModel.view().transactions.first { $0.kind == .renewal })
        #expect(renewal.proratedRefund == money("2.99"), "upgraded the moment the period began")
        #expect(throws: WorldActionError.refused(.store(.nothingLeftToRefund(renewal.id, prorated: "US$2.99")))) {
            try fixture.run(.refund(.transaction(renewal.id), reason: nil))
        }
        #expect(try fixture.readModel.view().transactions.first { $0.id == renewal.id }?.refunded == false)
    }

    @Test func theAuditNamesATransactionPaidBackMoreThanItCharged() {
        let catalog = BuiltInCatalog.catalog()
        let renewal = StoreRecord(id: 2, originalId: 1, productId: monthly, account: "demo", state: .purchased, kind: .renewal,
                                  charged: true, finished: true, refunded: true, date: SimulatedTime.epoch, error: nil, receipt: "r")
        let ledger = Ledger(credits: [], balances: [:], entitlements: [], rejections: [])
        func audit(_ figures: RefundFigures) -> Audit {
            Audit(transactions: [renewal], ledger: ledger, pendingOrders: [], catalog: catalog, refunds: figures)
        }
        #expect(audit(RefundFigures(prorated: [2: money("1.93")], refunded: [2: money("1.06")])).overRefunded == 0)
        // A refund the Store kept no figure for paid back the whole charge: with a prorated
        // refund before it, more than was charged.
        let over = audit(RefundFigures(prorated: [2: money("1.93")]))
        #expect(over.overRefunded == 1)
        #expect(over.lines(catalog: catalog).contains(
            "  Premium (Monthly) tx 2: REFUNDED MORE THAN CHARGED: charged US$2.99, paid back US$4.92"))
        #expect(over.ok, "the contract's ok counts lost, doubleCredited and orphanCredits only")
        #expect(audit(RefundFigures(prorated: [2: money("0.50")], refunded: [2: money("2.99")])).overRefunded == 1)
    }
}

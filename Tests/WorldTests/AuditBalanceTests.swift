import Foundation
import IAPCore
import OrderServer
@testable import ReadSide
import Testing
@testable import StoreEngine

/// A balance at the Server is what the credits of consumables grant, less the grants of credited
/// purchases the Store refunded and whose REFUND notification the Server processed; any other
/// balance fails the audit, whichever way it is off.
@Suite struct AuditBalanceTests {
    let catalog = BuiltInCatalog.catalog()

    func coins(_ id: TransactionID, refunded: Bool = false) -> StoreRecord {
        StoreRecord(id: id, originalId: id, productId: "com.storesim.coins.100", account: "demo", state: .purchased, kind: .purchase,
                    charged: true, finished: true, refunded: refunded, date: SimulatedTime.epoch, error: nil, receipt: "r")
    }

    func credit(_ id: TransactionID) -> Ledger.Credit {
        Ledger.Credit(transactionId: id, originalTransactionId: id, productId: "com.storesim.coins.100", account: "demo",
                      date: SimulatedTime.epoch, grant: .amounts([GrantAmount(currency: "coins", amount: 100)]))
    }

    func refundNotification(of id: TransactionID) -> PostedNotification {
        PostedNotification(notification: ServerNotification(uuid: "refund-\(id)", type: .refund, subtype: nil, transactionId: id,
                                                             productId: "com.storesim.coins.100", signedPayload: "", attempt: 1),
                           attempts: 1, delivered: true, nextAttemptMillis: nil)
    }

    func reversalNotification(of id: TransactionID) -> PostedNotification {
        PostedNotification(notification: ServerNotification(uuid: "reversal-\(id)", type: .refundReversed, subtype: nil, transactionId: id,
                                                             productId: "com.storesim.coins.100", signedPayload: "", attempt: 1),
                           attempts: 1, delivered: true, nextAttemptMillis: nil)
    }

    func audit(_ transactions: [StoreRecord], balance: Int, processed: Set<String> = [],
               notifications: [PostedNotification]? = nil) -> Audit {
        let ledger = Ledger(credits: transactions.map { credit($0.id) }, balances: ["coins": balance], entitlements: [],
                            rejections: [], notifications: processed)
        return Audit(transactions: transactions, ledger: ledger, pendingOrders: [], catalog: catalog, notifications: notifications)
    }

    @Test func aBalanceThatIsWhatTheCreditsGrantIsOk() {
        let audit = audit([coins(1), coins(2)], balance: 200)
        #expect(audit.balanceMismatches.isEmpty)
        #expect(audit.ok)
        #expect(audit.json.rendered.hasSuffix("\"balanceMismatches\": 0, \"ok\": true}"))
    }

    @Test func coinsTakenThatNoRefundTookFailTheAudit() {
        let audit = audit([coins(1), coins(2)], balance: 100)
        #expect(audit.balanceMismatches == [BalanceMismatch(currency: "coins", balance: 100, expected: 200)])
        #expect(!audit.ok)
        #expect(audit.json.rendered.hasSuffix("\"balanceMismatches\": 1, \"ok\": false}"))
        let lines = audit.lines(catalog: catalog)
        #expect(lines.contains("  balance coins: BALANCE MISMATCH: the Server holds 100, its credits and the refunds it took back add up to 200"))
        #expect(lines.last == "audit FAILED")
    }

    @Test func coinsNobodyPaidForFailTheAudit() {
        let audit = audit([coins(1)], balance: 650)
        #expect(audit.balanceMismatches == [BalanceMismatch(currency: "coins", balance: 650, expected: 100)])
        #expect(!audit.ok)
    }

    @Test func aRefundTheStoreMadeAndTheServerProcessedIsTakenBackOnce() {
        let refunded = coins(2, refunded: true)
        let told = [refundNotification(of: 2), refundNotification(of: 2)]
        let audit = audit([coins(1), refunded], balance: 100, processed: ["refund-2"], notifications: told)
        #expect(audit.balanceMismatches.isEmpty)
        #expect(audit.ok)
    }

    @Test func aRefundTheServerHasNotProcessedYetLeavesTheGrant() {
        let audit = audit([coins(1), coins(2, refunded: true)], balance: 200, notifications: [refundNotification(of: 2)])
        #expect(audit.balanceMismatches.isEmpty)
    }

    /// A refund notification of a purchase the Store never refunded takes nothing the audit allows.
    @Test func aRefundTheStoreNeverMadeIsNoReasonForCoinsToGo() {
        let audit = audit([coins(1), coins(2)], balance: 100, processed: ["refund-2"], notifications: [refundNotification(of: 2)])
        #expect(audit.balanceMismatches == [BalanceMismatch(currency: "coins", balance: 100, expected: 200)])
        #expect(!audit.ok)
    }

    /// Apple, REFUND_REVERSED: "If your app revoked content or services as a result of the related
    /// refund, it needs to reinstate them": a processed reversal gives the grant its refund took back.
    @Test func aReversalTheServerProcessedGivesTheGrantBack() {
        let told = [refundNotification(of: 2), reversalNotification(of: 2), reversalNotification(of: 2)]
        let audit = audit([coins(1), coins(2)], balance: 200, processed: ["refund-2", "reversal-2"], notifications: told)
        #expect(audit.balanceMismatches.isEmpty)
        #expect(audit.refunded == 0)
        #expect(audit.ok)
    }

    @Test func aReversalTheServerHasNotProcessedYetLeavesTheRefundTaken() {
        let told = [refundNotification(of: 2), reversalNotification(of: 2)]
        let audit = audit([coins(1), coins(2)], balance: 100, processed: ["refund-2"], notifications: told)
        #expect(audit.balanceMismatches.isEmpty)
    }

    /// A reversal gives back no more than its refund took: coins given twice fail the audit.
    @Test func aReversalNeverGivesBackMoreThanItsRefundTook() {
        let audit = audit([coins(1), coins(2)], balance: 300, processed: ["refund-2", "reversal-2"],
                          notifications: [refundNotification(of: 2), reversalNotification(of: 2)])
        #expect(audit.balanceMismatches == [BalanceMismatch(currency: "coins", balance: 300, expected: 200)])
    }
}

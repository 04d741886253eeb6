import Foundation
import IAPClient
import IAPCore
import OrderServer
@testable import ReadSide
import StoreEngine
import Testing

/// The audit's figures and its explanation of each, from what the parties hold.
@Suite struct AuditTests {
    let catalog = BuiltInCatalog.catalog()
    let date = SimulatedTime.epoch

    func paid(_ id: TransactionID, _ productId: String, finished: Bool = true) -> StoreRecord {
        StoreRecord(id: id, originalId: id, productId: productId, account: "demo", state: .purchased, kind: .purchase,
                    charged: true, finished: finished, refunded: false, date: date, error: nil, receipt: "r")
    }

    func credit(_ id: TransactionID, _ productId: String) -> Ledger.Credit {
        Ledger.Credit(transactionId: id, originalTransactionId: id, productId: productId, account: "demo", date: date, grant: .amounts([GrantAmount(currency: "coins", amount: 100)]))
    }

    @Test func everyFigureAndItsExplanation() {
        let transactions = [
            paid(1, "com.storesim.coins.100"),                       // credited once
            paid(2, "com.storesim.coins.100"),                       // finished, never credited: lost
            paid(3, "com.storesim.coins.550", finished: false),      // in the queue
            paid(4, "com.storesim.pro"),                             // restorable
            paid(5, "com.storesim.coins.100"),                       // in the cache
            paid(6, "com.storesim.coins.100"),                       // credited twice
        ]
        let ledger = Ledger(credits: [credit(1, "com.storesim.coins.100"), credit(6, "com.storesim.coins.100"),
                                      credit(6, "com.storesim.coins.100"), credit(99, "com.storesim.coins.550")],
                            balances: ["coins": 850], entitlements: [], rejections: [])
        let cache = [PendingOrder(transactionId: 5, productId: "com.storesim.coins.100", serverProductId: nil, receipt: "r")]
        let audit = Audit(transactions: transactions, ledger: ledger, pendingOrders: cache, catalog: catalog)
        #expect(audit.json.rendered == """
            {"paid": 6, "credited": 2, "pending": 1, "unfinished": 1, "recoverable": 3, "lost": 1, "doubleCredited": 1, "orphanCredits": 1, "refunded": 0, "overcharged": 0, "balanceMismatches": 0, "ok": false}
            """)
        let lines = audit.lines(catalog: catalog)
        #expect(lines.contains("  100 Coins tx 2: LOST: paid, never credited, and nothing left to recover it"))
        #expect(lines.contains("  550 Coins tx 3: recoverable: unfinished in the Store's queue"))
        #expect(lines.contains("  StoreSim Pro tx 4: recoverable: restorable from the Store"))
        #expect(lines.contains("  100 Coins tx 5: recoverable: in the app's pending-order cache"))
        #expect(lines.contains("  100 Coins tx 6: DOUBLE-CREDITED: paid once, credited 2 times"))
        #expect(lines.contains("  550 Coins tx 99: ORPHAN CREDIT: credited (+100 coins) with no paid transaction behind it"))
        #expect(lines.last == "audit FAILED")
    }
}

/// The audit tells a loss in the loss report's sentences: which steps ran, why nothing can
/// recover it (the matrix's sentence), which strategies would have saved it.
@Suite struct AuditLossWordsTests {
    let catalog = BuiltInCatalog.catalog()

    @Test func aLostPurchaseIsExplainedInTheMatrixsWords() {
        let lost = StoreRecord(id: 2, originalId: 2, productId: "com.storesim.coins.100", account: "demo", state: .purchased,
                               kind: .purchase, charged: true, finished: true, refunded: false, date: SimulatedTime.epoch,
                               error: nil, receipt: "r")
        let audit = Audit(transactions: [lost], ledger: Ledger(credits: [], balances: [:], entitlements: [], rejections: []),
                          pendingOrders: [], catalog: catalog)
        let lines = audit.lines(catalog: catalog, finishedEarly: [2: .finishThenCache])
        let index = lines.firstIndex(of: "  100 Coins tx 2: LOST: paid, never credited, and nothing left to recover it")
        #expect(index != nil)
        #expect(lines.contains("    ran: paid at the Store, reported purchased, finished with the Store; never ran: saved to the app's cache, credited by the Server, the app heard of the credit"))
        let why = LossCause(strategy: .finishThenCache, trial: .crash(.finished))
        #expect(why == .finishedBeforeSaved)
        #expect(lines.contains("    why it cannot be recovered: finished before the receipt was saved; the Store will not redeliver it"))
        #expect(lines.contains("    " + LossCause.rescueExplanation))
        #expect(audit.losses(finishedEarly: [2: .finishThenCache]).map(\.why) == [why])
    }
}

/// A refunded purchase owes nothing: a credit made of it after the refund is a fault, one made
/// before the refund is not.
@Suite struct AuditRefundTests {
    let catalog = BuiltInCatalog.catalog()
    let refundDate = SimulatedTime.epoch.addingTimeInterval(60)

    func refundedCoins() -> StoreRecord {
        StoreRecord(id: 1, originalId: 1, productId: "com.storesim.coins.100", account: "demo", state: .purchased,
                    kind: .purchase, charged: true, finished: false, refunded: true, date: SimulatedTime.epoch, error: nil,
                    receipt: "r", refundDate: refundDate)
    }

    func audit(creditedAt date: Date) -> Audit {
        let credit = Ledger.Credit(transactionId: 1, originalTransactionId: 1, productId: "com.storesim.coins.100",
                                   account: "demo", date: date, grant: .amounts([GrantAmount(currency: "coins", amount: 100)]))
        return Audit(transactions: [refundedCoins()], ledger: Ledger(credits: [credit], balances: ["coins": 100], entitlements: [], rejections: []),
                     pendingOrders: [], catalog: catalog)
    }

    @Test func aCreditMadeAfterTheRefundIsAnOrphanCredit() {
        let audit = audit(creditedAt: refundDate.addingTimeInterval(0.001))
        #expect(audit.orphanCredits == 1)
        #expect(!audit.ok)
        #expect(audit.lines(catalog: catalog).contains(
            "  100 Coins tx 1: ORPHAN CREDIT: credited (+100 coins) after the Store refunded it"))
    }

    @Test func aCreditMadeBeforeTheRefundIsNoFault() {
        let audit = audit(creditedAt: refundDate)
        #expect(audit.orphanCredits == 0)
        #expect(audit.ok)
    }
}

import Foundation
import IAPCore
import Storage
import TestSupport
import Testing
@testable import StoreEngine

/// What the Store reads at every stop of the clock and for every renewal, it reads through an
/// index, however long the history: SQLite's own plan for each such query says so, and the
/// answers stay those of the whole history.
@Suite struct StoreQueryPlanTests {
    private let folder: TemporaryFolder
    private let store: Store
    private let link = RecordingLink()
    private var path: String { folder.file("store.sqlite") }

    init() throws {
        folder = try TemporaryFolder()
        store = try Store(path: folder.file("store.sqlite"), catalog: BuiltInCatalog.catalog(), seed: 42)
    }

    /// SQLite's plan for `sql`, one detail a step ("SEARCH receipts USING INDEX …").
    private func plan(_ sql: String, _ values: [SQLiteValue]) throws -> [String] {
        try SQLiteDatabase(path: path, readOnly: true).query("EXPLAIN QUERY PLAN " + sql, values).map { try $0.text("detail") }
    }

    private func buy(_ product: String) throws -> StoreTransaction {
        try store.receive(.addPayment(PaymentRequest(productId: product, answer: .confirm)), link: link)
        return try #require(sentTransactions().last)
    }

    private func sentTransactions() -> [StoreTransaction] {
        link.take().compactMap { if case .transactionUpdated(let transaction) = $0 { transaction } else { nil } }
    }

    @Test func theReceiptARenewalHandsOutIsFoundThroughTheSubscriptionsReceipts() throws {
        _ = try buy(Products.monthly)
        let renewing = BuiltInCatalog.catalog().products(ofType: .autoRenewable).map(\.id)
        let steps = try plan(StoreDatabase.lastReceiptQuery(products: renewing.count),
                             renewing.map(SQLiteValue.text) + [.integer(1)])
        #expect(steps.contains { $0.hasPrefix("SEARCH receipts USING INDEX receipts_by_original") }, "\(steps)")
        #expect(!steps.contains { $0.hasPrefix("SCAN") || $0.contains("TEMP B-TREE") }, "\(steps)")
    }

    @Test func theNewestTransactionOfEachSubscriptionAReceiptListsIsFoundThroughItsOriginalId() throws {
        _ = try buy(Products.monthly)
        let renewing = BuiltInCatalog.catalog().products(ofType: .autoRenewable).map(\.id)
        let steps = try plan(StoreDatabase.recordsQuery(where: StoreDatabase.latestPaidOfSubscriptions(products: renewing.count),
                                                        withReceipts: false),
                             [.text("demo")] + renewing.map(SQLiteValue.text) + [StoreDatabase.idList([1, 2])])
        #expect(steps.contains { $0.hasPrefix("SEARCH paid USING INDEX transactions_paid_by_original") }, "\(steps)")
        #expect(!steps.contains { $0.hasPrefix("SCAN transactions") || $0.hasPrefix("SCAN paid") || $0.contains("TEMP B-TREE") },
                "\(steps)")
    }

    @Test func eachRenewalHandsOutItsOwnSubscriptionsLastReceiptNotANewerOneOfAnother() throws {
        let mine = try buy(Products.monthly)
        try store.signIn(account: "other")
        link.now = link.now.addingTimeInterval(86_400)
        let theirs = try buy(Products.monthly)
        try store.signIn(account: "demo")
        #expect(mine.receipt != theirs.receipt && theirs.id > mine.id)
        var renewals: [TransactionID: Int] = [:]
        for month in 1...14 {
            link.now = SimulatedTime.epoch.addingTimeInterval(Double(month) * 31 * 86_400)
            try store.renewDueSubscriptions(link: link)
            for renewal in sentTransactions() {
                renewals[renewal.originalId, default: 0] += 1
                let bought = renewal.originalId == mine.id ? mine : theirs
                #expect(renewal.receipt == bought.receipt, "a renewal comes with the receipt of its own subscription's purchase")
            }
        }
        #expect((renewals[mine.id] ?? 0) >= 13 && (renewals[theirs.id] ?? 0) >= 13, "\(renewals)")
    }

    @Test func theWaitingAskToBuyRequestsAreReadThroughTheirIndex() throws {
        _ = try store.recordPastPurchases(50, of: Products.coins, from: link.now, spacingMillis: 1000)
        let waiting = try plan(StoreDatabase.recordsQuery(where: StoreDatabase.waitingAskedBy, withReceipts: true), [.integer(0)])
        #expect(waiting.contains { $0.hasPrefix("SEARCH transactions USING INDEX transactions_deferred") }, "\(waiting)")
        let dates = try plan(StoreDatabase.waitingDatesQuery, [])
        #expect(dates.contains { $0.contains("USING INDEX transactions_deferred") }, "\(dates)")
        for steps in [waiting, dates] {
            #expect(!steps.contains { $0 == "SCAN transactions" || $0.contains("TEMP B-TREE") }, "\(steps)")
        }
    }

    @Test func amongManyPastPurchasesEachAskToBuyRequestExpiresADayAfterItWasAskedInTurn() throws {
        _ = try store.recordPastPurchases(50, of: Products.coins, from: link.now, spacingMillis: 1000)
        link.now = link.now.addingTimeInterval(3600)
        try store.receive(.addPayment(PaymentRequest(productId: Products.pro, answer: .ask)), link: link)
        let first = link.now
        link.now = link.now.addingTimeInterval(3600)
        try store.receive(.addPayment(PaymentRequest(productId: Products.season, answer: .ask)), link: link)
        _ = link.take()
        let firstDue = try #require(try store.nextDue(after: SimulatedTime.millis(link.now)))
        #expect(firstDue == SimulatedTime.millis(first.addingTimeInterval(86_400)))
        link.now = SimulatedTime.date(millis: firstDue)
        try store.expireAskToBuyRequests(link: link)
        #expect(sentTransactions().map { [$0.productId, $0.error?.rawValue ?? "-"] } == [[Products.pro, "ask-expired"]])
        let secondDue = try #require(try store.nextDue(after: firstDue))
        #expect(secondDue == firstDue + 3_600_000)
        link.now = SimulatedTime.date(millis: secondDue)
        try store.expireAskToBuyRequests(link: link)
        #expect(sentTransactions().map(\.productId) == [Products.season])
        #expect(try store.nextDue(after: secondDue) == nil)
    }

    @Test func theNewestPaidTransactionOfAProductIsReadByWalkingTheAccountsIndexBackward() throws {
        _ = try store.recordPastPurchases(50, of: Products.coins, from: link.now, spacingMillis: 1000)
        let steps = try plan(StoreDatabase.recordsQuery(where: StoreDatabase.newestPaidUnrefunded, withReceipts: true),
                             [.text(Products.coins), .text("demo")])
        #expect(steps.contains { $0.hasPrefix("SEARCH transactions USING INDEX transactions_by_account_product") }, "\(steps)")
        #expect(!steps.contains { $0.hasPrefix("SCAN") || $0.contains("TEMP B-TREE") }, "\(steps)")
    }

    @Test func aRefundByProductAmongManyPurchasesRefundsTheNewestNotRefundedAndKeepsItsReceipt() throws {
        _ = try store.recordPastPurchases(50, of: Products.coins, from: link.now, spacingMillis: 1000)
        link.now = link.now.addingTimeInterval(3600)
        let bought = [try buy(Products.coins), try buy(Products.coins)]
        let first = try store.refund(productId: Products.coins, at: link.now)
        let second = try store.refund(productId: Products.coins, at: link.now)
        #expect([first.id, second.id] == bought.reversed().map(\.id), "each refund takes the newest purchase not refunded yet")
        let kept = try store.transactions().filter { bought.map(\.id).contains($0.id) }
        #expect(kept.map(\.refunded) == [true, true])
        #expect(kept.map(\.receipt) == bought.map(\.receipt), "a refund keeps the receipt the purchase was handed")
    }

    @Test func theAuditsReadOfEveryTransactionIsExactAndLeavesOnlyTheReceiptsOut() throws {
        let bought = [try buy(Products.coins), try buy(Products.monthly), try buy(Products.pro)]
        _ = try store.refund(productId: Products.pro, at: link.now)
        let kept = try store.transactions()
        #expect(kept.map(\.receipt) == bought.map(\.receipt) && !kept.contains { $0.receipt == nil })
        let read = try #require(try StoreReader(path: path).transactions { true })
        #expect(read == kept.map { $0.with(receipt: .some(nil)) }, "every transaction, each field as kept, but the receipt")
    }
}

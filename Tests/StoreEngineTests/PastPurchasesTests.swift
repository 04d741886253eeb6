import Foundation
import TestSupport
import Testing
import IAPCore
import Storage
import StoreEngine

/// Past purchases written in bulk are the transactions settled purchases leave, and a receipt
/// made after a long history of them lists the holdings only.
@Suite("Past purchases in the Store")
final class PastPurchasesTests {
    private let folder: TemporaryFolder
    private let link = RecordingLink()

    init() throws {
        folder = try TemporaryFolder()
    }

    private func openStore() throws -> Store {
        try Store(path: folder.path + "/store.sqlite", catalog: BuiltInCatalog.catalog(), seed: 42)
    }

    /// Buys a product now and returns the purchased transaction.
    private func buy(_ store: Store, _ productId: String) throws -> StoreTransaction {
        try store.receive(.addPayment(PaymentRequest(productId: productId, answer: .confirm)), link: link)
        let updates = link.take().compactMap { message -> StoreTransaction? in
            if case .transactionUpdated(let transaction) = message { return transaction }
            return nil
        }
        return try #require(updates.last { $0.state == .purchased })
    }

    /// What the Store answers `verifyReceipt` for a receipt.
    private func entries(_ store: Store, receipt: String) throws -> [ReceiptEntry] {
        let request = VerificationRequest(transactionId: 1, productId: Products.coins, serverProductId: nil, receipt: receipt)
        try store.receive(.verifyReceipt(ReceiptCheck(request: request, sharedSecret: store.sharedSecret)), link: link)
        guard case .receiptChecked(let result) = try #require(link.take().first), result.status == .valid else {
            Issue.record("the receipt was not authenticated")
            return []
        }
        return result.entries
    }

    @Test func pastPurchasesAreChargedSignedAndFinishedTransactions() throws {
        let store = try openStore()
        let start = SimulatedTime.epoch
        let credited = try store.recordPastPurchases(300, of: Products.coins, from: start, spacingMillis: 10)
        let records = try store.transactions()
        #expect(records.map(\.id) == credited.map(\.transactionId))
        #expect(records.count == 300)
        #expect(records.allSatisfy { $0.charged && $0.finished && $0.state == .purchased && $0.kind == .purchase && !$0.isUnfinished })
        #expect(records.last?.date == start.addingTimeInterval(2.99))
        let last = try #require(records.last)
        let listed = try entries(store, receipt: try #require(last.receipt))
        #expect(listed.map(\.transactionId) == [last.id], "each receipt proves its own purchase")
        let next = try buy(store, Products.coins).id
        #expect(next == TransactionID(last.id.value + 1), "ids go on from the last")
    }

    @Test func aReceiptAfterALongHistoryOfConsumablesListsTheHoldingsOnly() throws {
        let store = try openStore()
        let pro = try buy(store, Products.pro)
        let monthly = try buy(store, Products.monthly)
        _ = try store.recordPastPurchases(500, of: Products.coins, from: link.now, spacingMillis: 10)
        let coins = try buy(store, Products.coins)
        let listed = try entries(store, receipt: try #require(coins.receipt))
        #expect(listed.map(\.transactionId) == [coins.id, pro.id, monthly.id])
        try store.receive(.restoreCompletedTransactions, link: link)
        #expect(link.take().last == .restoreCompleted(.finished(restored: 2)))
    }

    @Test func onlyConsumablesAreRecordedInBulk() throws {
        let store = try openStore()
        #expect(throws: StoreError.refused(.notAConsumable(productId: Products.pro))) {
            try store.recordPastPurchases(3, of: Products.pro, from: link.now, spacingMillis: 10)
        }
        #expect(try store.transactions().isEmpty)
    }
}

import Foundation
import IAPCore
import StoreEngine
import TestSupport
import Testing

/// Receipts list every transaction of an auto-renewable subscription, and `verifyReceipt`
/// answers with Apple's `latest_receipt_info`. Apple, responseBody.Receipt.In_app: "Purchases
/// for non-consumable products, auto-renewable subscriptions, and non-renewing subscriptions
/// remain in the receipt indefinitely"; "For receipts containing auto-renewable subscriptions,
/// check the value of the responseBody.Latest_receipt_info key of the response to get the
/// status of the most recent renewal."
@Suite struct ReceiptRenewalsTests {
    private let folder: TemporaryFolder
    private let store: Store
    private let link = RecordingLink()

    init() throws {
        folder = try TemporaryFolder()
        store = try Store(path: folder.file("store.sqlite"), catalog: BuiltInCatalog.catalog(), seed: 7)
    }

    /// The receipt of the signed-in account's purchase of `product`, as the app got it.
    private func buy(_ product: String) throws -> StoreTransaction {
        try store.receive(.addPayment(PaymentRequest(productId: product, answer: .confirm)), link: link)
        return try #require(sentTransactions().last)
    }

    private func sentTransactions() -> [StoreTransaction] {
        link.take().compactMap { if case .transactionUpdated(let transaction) = $0 { transaction } else { nil } }
    }

    private func check(_ receipt: String, asking id: TransactionID?) throws -> ReceiptCheckResult {
        let request = VerificationRequest(transactionId: id, productId: "", serverProductId: nil, receipt: receipt)
        try store.receive(.verifyReceipt(ReceiptCheck(request: request, sharedSecret: store.sharedSecret)), link: link)
        let result = try #require(link.takeReceiptCheck(), "the Store answers with the receipt check")
        return result
    }

    private func advance(days: Double) throws {
        link.now = link.now.addingTimeInterval(days * 86400)
        try store.renewDueSubscriptions(link: link)
    }

    @Test func aRefreshedReceiptListsThePurchaseAndEveryRenewalEvenAfterTheyEnd() throws {
        let purchase = try buy(Products.monthly)
        try store.receive(.finishTransaction(transactionId: purchase.id), link: link)
        try advance(days: 95)
        let renewals = sentTransactions()
        #expect(renewals.count == 3)
        try store.setAutoRenew(productId: Products.monthly, on: false, at: link.now)
        try advance(days: 60)
        #expect(try store.currentReceiptProducts() == Array(repeating: Products.monthly, count: 4))
        try store.receive(.refreshReceipt, link: link)
        guard case .receiptRefreshed(let refreshed) = try #require(link.take().first) else {
            Issue.record("no refreshed receipt")
            return
        }
        let listed = try check(refreshed, asking: nil).entries.map(\.transactionId)
        #expect(listed.sorted() == ([purchase.id] + renewals.map(\.id)).sorted())
    }

    @Test func aRenewalComesWithTheReceiptTheDeviceHoldsAndIsKeptWithoutOne() throws {
        let purchase = try buy(Products.monthly)
        try advance(days: 65)
        let renewals = sentTransactions()
        #expect(renewals.count == 2)
        #expect(renewals.allSatisfy { $0.receipt == purchase.receipt }, "no receipt is built at a renewal")
        let kept = try store.transactions().filter { $0.kind == .renewal }
        #expect(kept.count == 2 && kept.allSatisfy { $0.receipt == nil }, "the Store keeps no copy of a receipt per renewal")
    }

    @Test func latestReceiptInfoTellsTheNewestRenewalAndTheOneAskedAbout() throws {
        let purchase = try buy(Products.monthly)
        try advance(days: 95)
        let renewals = sentTransactions()
        let first = try #require(renewals.first), newest = try #require(renewals.last)
        let result = try check(try #require(purchase.receipt), asking: first.id)
        #expect(result.status == .valid)
        #expect(result.entries.map(\.transactionId) == [purchase.id], "in_app is the receipt sent, which predates the renewals")
        #expect(result.latestReceiptInfo.map(\.transactionId) == [first.id, newest.id], "oldest first")
        let latest = try #require(result.latestReceiptInfo.first { $0.transactionId == newest.id })
        let record = try #require(store.transactions().first { $0.id == newest.id })
        #expect(latest.expires == store.expiry(of: record))
    }

    @Test func latestReceiptInfoNeverListsAnotherAccountsRenewal() throws {
        try store.signIn(account: "other")
        _ = try buy(Products.monthly)
        try store.signIn(account: "demo")
        let mine = try buy(Products.monthly)
        try advance(days: 35)
        let renewals = sentTransactions()
        let theirs = try #require(renewals.first { $0.originalId != mine.id })
        let result = try check(try #require(mine.receipt), asking: theirs.id)
        #expect(!result.latestReceiptInfo.contains { $0.transactionId == theirs.id })
        #expect(result.latestReceiptInfo.allSatisfy { $0.account == "demo" && $0.originalTransactionId == mine.id })
    }

    @Test func aReceiptWithoutSubscriptionsHasNoLatestReceiptInfo() throws {
        let pro = try buy(Products.pro)
        let result = try check(try #require(pro.receipt), asking: pro.id)
        #expect(result.status == .valid && result.latestReceiptInfo.isEmpty)
    }
}

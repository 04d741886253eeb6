import Foundation
import Testing
import IAPCore
import StoreEngine
import TestSupport

/// A clock moved by a century: every period that ended is renewed, each renewal a whole
/// transaction of its own, which the receipt lists for good and `latest_receipt_info` proves.
@Suite struct LongClockTests {
    @Test func aCenturyOfMonthlyRenewalsMakesOneRealTransactionPerPeriod() throws {
        let folder = try TemporaryFolder()
        let store = try Store(path: folder.file("store.sqlite"), catalog: BuiltInCatalog.catalog(), seed: 42)
        let link = RecordingLink()
        try store.receive(.addPayment(PaymentRequest(productId: Products.pro, answer: .confirm)), link: link)
        try store.receive(.addPayment(PaymentRequest(productId: Products.monthly, answer: .confirm)), link: link)
        _ = link.take()
        link.now = SimulatedTime.epoch.addingTimeInterval(100 * 365.25 * 86400)
        try store.renewDueSubscriptions(link: link)

        let chain = try store.transactions().filter { $0.productId == Products.monthly }
        let renewals = chain.filter { $0.kind == .renewal }
        #expect(renewals.count >= 1200)
        #expect(Set(chain.map(\.id)).count == chain.count)
        for (previous, renewal) in zip(chain, chain.dropFirst()) {
            #expect(renewal.kind == .renewal && renewal.charged && renewal.originalId == chain[0].id)
            #expect(renewal.date == store.expiry(of: previous), "each renewal starts when the period before it ends")
        }
        let last = try #require(chain.last)
        #expect(try #require(store.expiry(of: last)) > link.now, "no period that ended is left unrenewed")

        let sent = link.take().compactMap { message -> StoreTransaction? in
            if case .transactionUpdated(let transaction) = message { transaction } else { nil }
        }
        #expect(sent.map(\.id) == renewals.map(\.id), "each renewal is sent to the app, in order")
        let newest = try #require(sent.last)
        let request = VerificationRequest(transactionId: newest.id, productId: newest.productId, serverProductId: nil,
                                          receipt: try #require(newest.receipt))
        try store.receive(.verifyReceipt(ReceiptCheck(request: request, sharedSecret: store.sharedSecret)), link: link)
        guard case .receiptChecked(let result) = try #require(link.take().first) else {
            Issue.record("the Store did not answer the receipt check")
            return
        }
        #expect(result.status == .valid)
        let purchase = try #require(chain.first)
        #expect(result.entries.map(\.transactionId) == [purchase.id, try #require(store.transactions().first?.id)],
                "a renewal comes with the receipt the device holds: the subscription's purchase's, which still lists the non-consumable")
        #expect(result.latestReceiptInfo.map(\.transactionId) == [newest.id],
                "latest_receipt_info tells the newest renewal, one entry for the subscription")
        #expect(result.latestReceiptInfo.first?.expires == store.expiry(of: last))

        try store.receive(.refreshReceipt, link: link)
        guard case .receiptRefreshed(let refreshed) = try #require(link.take().first) else {
            Issue.record("the Store did not refresh the receipt")
            return
        }
        let whole = VerificationRequest(transactionId: nil, productId: "", serverProductId: nil, receipt: refreshed)
        try store.receive(.verifyReceipt(ReceiptCheck(request: whole, sharedSecret: store.sharedSecret)), link: link)
        guard case .receiptChecked(let checked) = try #require(link.take().first) else {
            Issue.record("the Store did not answer the refreshed receipt's check")
            return
        }
        #expect(checked.entries.count == chain.count + 1)
        #expect(Set(checked.entries.map(\.transactionId)) == Set(chain.map(\.id) + [try #require(store.transactions().first?.id)]),
                "a refreshed receipt lists the purchase and each of the century's renewals, and the non-consumable")
    }
}

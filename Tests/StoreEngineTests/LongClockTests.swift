import Foundation
import Testing
import IAPCore
import StoreEngine
import TestSupport

/// A clock moved by a century: every period that ended is renewed, each renewal a whole
/// transaction of its own with a receipt that proves it.
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
        #expect(result.entries.map(\.transactionId) == [newest.id, try #require(store.transactions().first?.id)],
                "the newest renewal's receipt leads with it and still lists the non-consumable")
    }
}

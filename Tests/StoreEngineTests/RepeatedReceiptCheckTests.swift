import Foundation
import IAPCore
import StoreEngine
import Testing
import TestSupport

/// `verifyReceipt` keeps what it read of a receipt for a check of the same receipt that follows
/// (a launch checks the app receipt twice): a second check answers the same, and anything the
/// Store wrote in between, such as a refund, is in the second answer. Apple, `cancellation_date_ms`:
/// "The time and date that the App Store refunds a transaction or revokes it from Family
/// Sharing"; "This value is present only if the refund or revocation was for a non-consumable
/// product, an auto-renewable subscription, or a non-renewing subscription."
@Suite struct RepeatedReceiptCheckTests {
    private let folder: TemporaryFolder
    private let link = RecordingLink()

    init() throws {
        folder = try TemporaryFolder()
    }

    private func check(_ store: Store, _ receipt: String) throws -> ReceiptCheckResult {
        _ = link.take()
        let request = VerificationRequest(transactionId: nil, productId: "", serverProductId: nil, receipt: receipt)
        try store.receive(.verifyReceipt(ReceiptCheck(request: request, environment: .production, sharedSecret: store.sharedSecret,
                                                      usesPost: true)), link: link)
        let result = try #require(link.takeReceiptCheck(), "the Store answers with the receipt check")
        return result
    }

    private func buy(_ store: Store, _ productId: String) throws -> StoreTransaction {
        _ = link.take()
        try store.receive(.addPayment(PaymentRequest(productId: productId, answer: .confirm)), link: link)
        let purchased = link.take().compactMap { message -> StoreTransaction? in
            if case .transactionUpdated(let transaction) = message, transaction.state == .purchased { return transaction }
            return nil
        }
        return try #require(purchased.last)
    }

    @Test func aSecondCheckOfTheSameReceiptSeesWhatTheStoreWroteBetween() throws {
        let store = try Store(path: folder.path + "/store.sqlite", catalog: BuiltInCatalog.catalog(), seed: 42)
        link.now = SimulatedTime.epoch.addingTimeInterval(60)
        let first = try buy(store, Products.pro)
        let second = try buy(store, Products.coins)
        let receipt = try #require(second.receipt)

        let before = try check(store, receipt)
        #expect(before.status == .valid)
        #expect(before.entries.map(\.transactionId) == [second.id, first.id])
        #expect(before.entries.allSatisfy { !$0.revoked })
        #expect(try check(store, receipt) == before, "nothing written between: the same answer")

        _ = try store.refund(transactionId: first.id, reason: nil, at: link.now)
        let after = try check(store, receipt)
        #expect(after.entries.map(\.transactionId) == [second.id, first.id])
        #expect(after.entries.map(\.revoked) == [false, true], "the refund is in the very next check")
    }
}

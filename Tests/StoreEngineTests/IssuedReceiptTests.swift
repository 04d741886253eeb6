import Foundation
import IAPCore
import Testing
import TestSupport
@testable import StoreEngine

/// `verifyReceipt` answers from the Store's own records: a receipt signed with the Store's own chain
/// (a key that leaked, or the public test key of a seeded world) that lists a purchase the Store
/// did not issue as listed could not be authenticated (21003), and nothing in it is answered.
@Suite struct IssuedReceiptTests {
    private let folder: TemporaryFolder
    private let link = RecordingLink()
    private let store: Store

    init() throws {
        folder = try TemporaryFolder()
        store = try Store(path: folder.path + "/store.sqlite", catalog: BuiltInCatalog.catalog(), seed: 42)
    }

    private func pay(_ productId: String, _ answer: SheetAnswer = .confirm) throws -> StoreTransaction {
        _ = link.take()
        try store.receive(.addPayment(PaymentRequest(productId: productId, answer: answer)), link: link)
        let updates = link.take().compactMap { message -> StoreTransaction? in
            if case .transactionUpdated(let transaction) = message { return transaction }
            return nil
        }
        return try #require(updates.last)
    }

    private func status(_ receipt: String) throws -> ReceiptStatus {
        _ = link.take()
        let request = VerificationRequest(transactionId: nil, productId: "", serverProductId: nil, receipt: receipt)
        try store.receive(.verifyReceipt(ReceiptCheck(request: request, sharedSecret: store.sharedSecret)), link: link)
        let result = try #require(link.takeReceiptCheck(), "the Store answers with the receipt check")
        #expect(result.status == .valid || result.entries.isEmpty)
        return result.status
    }

    /// A receipt of `account` listing `purchases`, signed with the Store's own chain, made a minute
    /// after the last of them.
    private func signed(_ purchases: Receipt.Purchase..., account: String = "demo") throws -> String {
        let receipt = Receipt(environment: .production, account: account, inApp: purchases,
                              createdMillis: (purchases.map(\.purchaseDateMillis).max() ?? 0) + 60_000)
        return try receipt.encoded(signer: try store.signatures.appReceiptSigner(from: Date()))
    }

    private func purchase(of transaction: StoreTransaction, id: String? = nil, productId: String? = nil,
                          millis: Int64? = nil, shared: Bool = false) -> Receipt.Purchase {
        Receipt.Purchase(transactionId: id ?? transaction.id.description, originalTransactionId: id ?? transaction.originalId.description,
                         productId: productId ?? transaction.productId,
                         purchaseDateMillis: millis ?? SimulatedTime.millis(transaction.date),
                         inAppOwnershipType: shared ? SignedTransactionPayload.familyShared : nil)
    }

    @Test func aPurchaseListedAsTheStoreIssuedItIsValid() throws {
        let bought = try pay(Products.coins)
        #expect(try status(signed(purchase(of: bought))) == .valid)
        #expect(try status(try #require(bought.receipt)) == .valid)
    }

    @Test func aTransactionTheStoreNeverIssuedIsNotAuthenticated() throws {
        let bought = try pay(Products.coins)
        #expect(try status(signed(purchase(of: bought, id: "1000000000000777"))) == .notAuthenticated)
        #expect(try status(signed(purchase(of: bought, id: "9223372036854775807"))) == .notAuthenticated)
    }

    @Test func anotherProductThanTheOneChargedIsNotAuthenticated() throws {
        let bought = try pay(Products.coins)
        #expect(try status(signed(purchase(of: bought, productId: "com.storesim.coins.550"))) == .notAuthenticated)
        #expect(try status(signed(purchase(of: bought, productId: "com.example.unknown"))) == .notAuthenticated)
    }

    @Test func anotherAccountThanTheOneChargedIsNotAuthenticated() throws {
        let bought = try pay(Products.coins)
        #expect(try status(signed(purchase(of: bought), account: "mallory")) == .notAuthenticated)
    }

    @Test func anotherDateOrAShareNeverMadeIsNotAuthenticated() throws {
        let bought = try pay(Products.pro)
        #expect(try status(signed(purchase(of: bought, millis: SimulatedTime.millis(bought.date) - 1))) == .notAuthenticated)
        #expect(try status(signed(purchase(of: bought, shared: true))) == .notAuthenticated)
    }

    @Test func aTransactionNeverChargedIsNotAuthenticated() throws {
        let cancelled = try pay(Products.pro, .cancel)
        try #require(cancelled.state == .failed)
        #expect(try status(signed(purchase(of: cancelled))) == .notAuthenticated)
        let asked = try pay(Products.pro, .ask)
        try #require(asked.state == .deferred)
        #expect(try status(signed(purchase(of: asked))) == .notAuthenticated)
    }

    @Test func oneUnissuedPurchaseAmongGenuineOnesCondemnsTheReceipt() throws {
        let first = try pay(Products.coins), second = try pay(Products.coins)
        #expect(try status(signed(purchase(of: first), purchase(of: second), purchase(of: second, id: "1000000000000777")))
                == .notAuthenticated)
    }
}

import Foundation
import IAPClient
import IAPCore
import Signing
import Testing
import TestSupport

/// The app on StoreKit 2. Apple, on `VerificationResult`: "StoreKit automatically verifies the
/// Transaction … values. To access the wrapped values, check whether the values are verified or
/// unverified." The app delivers content only for a verified transaction, sends its Server the
/// signed transaction, and finishes with `finish()`.
@Suite("The app on StoreKit 2")
final class StoreKit2AppTests {
    private let folder: TemporaryFolder
    private let link = RecordingLink()
    private let chain: CertificateChain
    private static let coins = "com.storesim.coins.100"

    init() throws {
        folder = try TemporaryFolder()
        chain = try CertificateChain.make(secret: Array("store key".utf8), notBefore: SimulatedTime.epoch,
                                          notAfter: SimulatedTime.epoch.addingTimeInterval(86400 * 365))
    }

    private func app(trusting root: Certificate, strategy: Strategy = .verifyThenFinish) throws -> PurchaseService {
        let cache = try PendingOrderCache(path: folder.path + "/pending-orders")
        return PurchaseService(catalog: BuiltInCatalog.catalog(), strategy: strategy, cache: cache,
                               receipt: AppReceipt(path: folder.path + "/receipt"), link: link, api: .storekit2, trustedRoot: root)
    }

    private func signed(_ id: TransactionID, signer: JWSSigner? = nil) throws -> SignedTransaction {
        let payload = SignedTransactionPayload(
            transactionId: id.description, originalTransactionId: id.description, bundleId: SignedTransactionPayload.appBundleId, productId: Self.coins,
            subscriptionGroupIdentifier: nil, purchaseDate: 1_767_225_600_000, originalPurchaseDate: 1_767_225_600_000,
            expiresDate: nil, type: "Consumable", signedDate: 1_767_225_600_000, revocationDate: nil, offerType: nil,
            offerDiscountType: nil, environment: "Production", storefront: "USA", transactionReason: "PURCHASE",
            price: 990, currency: "USD")
        let jws = try (signer ?? JWSSigner(chain: chain)).sign(payload: Array(try JSONEncoder().encode(payload)))
        return SignedTransaction(transactionId: id, productId: Self.coins, state: .purchased, jws: jws)
    }

    @Test func launchListensToTransactionUpdatesAndChecksNoReceipt() throws {
        try AppReceipt(path: folder.path + "/receipt").save("an old receipt")
        try app(trusting: chain.root).launch()
        #expect(link.take().map(\.summary) == ["listen to Transaction.updates", "request products (6 identifiers)"])
    }

    @Test func aVerifiedPurchaseIsCachedThenItsSignedTransactionSentToTheServer() throws {
        let app = try app(trusting: chain.root)
        #expect(try app.buy(productId: Self.coins, answer: .confirm, canMakePayments: true) == nil)
        #expect(link.take() == [.purchase(PaymentRequest(productId: Self.coins, answer: .confirm))])
        let transaction = try signed(1000000000000001)
        try app.receive(.purchaseResult(.success(transaction)))
        #expect(link.notes.contains("StoreKit verified tx 1000000000000001: .verified"))
        #expect(app.cache.orders.map(\.proof) == [.signedTransaction(transaction.jws)])
        guard case .verifySignedTransaction(let request) = try #require(link.take().first) else {
            Issue.record("expected the signed transaction sent to the Server")
            return
        }
        #expect(request.receipt == transaction.jws)
        try app.receive(.verificationAnswered(VerificationAnswer(transactionId: 1000000000000001, outcome: .credited,
                                                                 productId: Self.coins, grant: "+100 coins")))
        #expect(link.take() == [.finish(transactionId: 1000000000000001)])
        #expect(app.cache.orders.isEmpty)
    }

    @Test func anUnverifiedTransactionIsNeitherCachedNorSentNorFinished() throws {
        let app = try app(trusting: chain.root)
        _ = try app.buy(productId: Self.coins, answer: .confirm, canMakePayments: true)
        _ = link.take()
        let foreign = try CertificateChain.make(secret: Array("forger".utf8), notBefore: SimulatedTime.epoch,
                                                notAfter: SimulatedTime.epoch.addingTimeInterval(86400))
        try app.receive(.purchaseResult(.success(try signed(1000000000000001, signer: JWSSigner(chain: foreign)))))
        #expect(link.take().isEmpty)
        #expect(app.cache.orders.isEmpty)
        #expect(link.notes.contains { $0.hasPrefix("StoreKit could not verify tx 1000000000000001: .unverified (") })
        #expect(try app.buy(productId: Self.coins, answer: .confirm, canMakePayments: true) == nil, "the tap is no longer in progress")
    }

    @Test func cancelledAndPendingPurchasesSendNothingAndFreeTheButton() throws {
        let app = try app(trusting: chain.root)
        _ = try app.buy(productId: Self.coins, answer: .cancel, canMakePayments: true)
        try app.receive(.purchaseResult(.userCancelled(productId: Self.coins)))
        _ = try app.buy(productId: "com.storesim.pro", answer: .ask, canMakePayments: true)
        try app.receive(.purchaseResult(.pending(productId: "com.storesim.pro")))
        _ = link.take()
        #expect(try app.buy(productId: Self.coins, answer: .confirm, canMakePayments: true) == nil)
        #expect(link.take() == [.purchase(PaymentRequest(productId: Self.coins, answer: .confirm))])
    }

    @Test func restoreIsAppStoreSync() throws {
        try app(trusting: chain.root).restore()
        #expect(link.take() == [.sync])
    }
}

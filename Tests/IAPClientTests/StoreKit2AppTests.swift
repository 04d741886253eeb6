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

    private func signed(_ id: TransactionID, signer: JWSSigner? = nil, productId: String = coins, type: String = "Consumable",
                        revocationDate: Int64? = nil) throws -> SignedTransaction {
        let payload = SignedTransactionPayload(
            transactionId: id.description, originalTransactionId: id.description, bundleId: AppIdentity.standard.bundleId, productId: productId,
            subscriptionGroupIdentifier: nil, purchaseDate: 1_767_225_600_000, originalPurchaseDate: 1_767_225_600_000,
            expiresDate: nil, type: type, signedDate: 1_767_225_600_000, revocationDate: revocationDate,
            revocationReason: revocationDate.map { _ in 0 }, offerType: nil,
            offerDiscountType: nil, environment: "Production", storefront: "USA", transactionReason: "PURCHASE",
            price: 990, currency: "USD")
        let jws = try (signer ?? JWSSigner(chain: chain)).sign(payload: Array(try JSONEncoder().encode(payload)))
        return SignedTransaction(transactionId: id, productId: productId, state: .purchased, jws: jws)
    }

    @Test func launchListensToTransactionUpdatesReadsCurrentEntitlementsAndChecksNoReceipt() throws {
        try AppReceipt(path: folder.path + "/receipt").save("an old receipt")
        try app(trusting: chain.root).launch()
        #expect(link.take().map(\.summary)
            == ["listen to Transaction.updates", "read Transaction.currentEntitlements", "request products (6 identifiers)"])
    }

    /// Apple, Transaction.currentEntitlements: "A sequence of the latest transactions that entitle a
    /// customer to In-App Purchases and subscriptions." Apple, revocationDate: "The date that the
    /// App Store refunded the transaction or revoked it from Family Sharing." What the app shows as
    /// owned comes from the first and loses what a revocation through Transaction.updates takes away;
    /// the revoked transaction is finished and never sent to the Server.
    @Test func aRevocationThroughTransactionUpdatesEndsWhatCurrentEntitlementsGave() throws {
        let app = try app(trusting: chain.root)
        let pro = try signed(1000000000000001, productId: "com.storesim.pro", type: "Non-Consumable")
        let forged = try signed(1000000000000002, signer: JWSSigner(chain: try CertificateChain.make(
            secret: Array("another key".utf8), notBefore: SimulatedTime.epoch, notAfter: SimulatedTime.epoch.addingTimeInterval(86400))),
                                productId: "com.storesim.premium.monthly", type: "Auto-Renewable Subscription")
        try app.receive(.currentEntitlements([pro, forged]))
        #expect(app.entitled == ["com.storesim.pro"])
        let revoked = try signed(1000000000000001, productId: "com.storesim.pro", type: "Non-Consumable",
                                 revocationDate: 1_767_312_000_000)
        try app.receive(.transactionUpdate(revoked))
        #expect(app.entitled.isEmpty)
        #expect(link.notes.contains("Transaction.updates: tx 1000000000000001 was revoked; the app stops providing com.storesim.pro"))
        #expect(link.take() == [.subscriptionStatusRequest, .finish(transactionId: 1000000000000001)],
                "after its entitlements the app reads its subscriptions' status")
        #expect(app.cache.orders.isEmpty)
    }

    /// Apple, Product.SubscriptionInfo.RenewalState: "Subscriptions in the subscribed and
    /// inGracePeriod states are entitled to service." The status read after the entitlements
    /// shows access for a subscription in its grace period and takes it from one that expired.
    @Test func theSubscriptionStatusShowsTheAccessEachStateGives() throws {
        let app = try app(trusting: chain.root)
        let monthly = try signed(1000000000000001, productId: "com.storesim.premium.monthly", type: "Auto-Renewable Subscription")
        let yearly = try signed(1000000000000002, productId: "com.storesim.premium.yearly", type: "Auto-Renewable Subscription")
        try app.receive(.currentEntitlements([monthly]))
        #expect(link.take() == [.subscriptionStatusRequest])
        try app.receive(.subscriptionStatuses([SubscriptionStatus(state: .expired, transaction: monthly),
                                               SubscriptionStatus(state: .inGracePeriod, transaction: yearly)]))
        #expect(app.entitled == ["com.storesim.premium.yearly"])
        try app.receive(.subscriptionStatuses([SubscriptionStatus(state: .inBillingRetryPeriod, transaction: yearly)]))
        #expect(app.entitled.isEmpty)
    }

    /// A status that fails to verify on the device, or a call that throws (StoreKit Testing's
    /// Subscription Status error), changes nothing: the access stays as the entitlements showed
    /// it, and nothing is sent, cached or finished.
    @Test func aFailedOrUnverifiedStatusChangesNothing() throws {
        let app = try app(trusting: chain.root)
        let monthly = try signed(1000000000000001, productId: "com.storesim.premium.monthly", type: "Auto-Renewable Subscription")
        try app.receive(.currentEntitlements([monthly]))
        _ = link.take()
        try app.receive(.subscriptionStatusFailed(reason: .unreachable))
        #expect(app.entitled == ["com.storesim.premium.monthly"])
        #expect(link.notes.contains(
            "could not read the subscription status (the App Store could not be reached); access stays as Transaction.currentEntitlements showed it"))
        let forged = try signed(1000000000000001, signer: JWSSigner(chain: try CertificateChain.make(
            secret: Array("another key".utf8), notBefore: SimulatedTime.epoch, notAfter: SimulatedTime.epoch.addingTimeInterval(86400))),
                                productId: "com.storesim.premium.monthly", type: "Auto-Renewable Subscription")
        try app.receive(.subscriptionStatuses([SubscriptionStatus(state: .expired, transaction: forged)]))
        #expect(app.entitled == ["com.storesim.premium.monthly"], "an unverified status takes nothing away")
        #expect(link.take().isEmpty && app.cache.orders.isEmpty)
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
                                                                 productId: Self.coins, grant: .amounts([GrantAmount(currency: "coins", amount: 100)]))))
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

import Foundation
import IAPCore
import OrderServer
import Signing
import Storage
import StoreEngine
import Testing
import TestSupport

/// The Server verifies a StoreKit 2 signed transaction itself, offline, against the root it
/// pinned: Apple's JWSDecodedHeader says "Use the information in the JWSDecodedHeader to
/// validate the JWS signature", with the x5c chain. Before crediting, it asks the Store for the
/// transaction as it is now (App Store Server API, Get Transaction Info: "The transactionId in
/// the signedTransactionInfo matches the transactionId you provide in the request path"), verifies
/// that answer the same way, and credits exactly what it proves, once.
@Suite("The order server and signed transactions")
final class SignedTransactionServerTests {
    private let folder: TemporaryFolder
    private let router: Router

    init() throws {
        folder = try TemporaryFolder()
        router = try Router(directory: folder.path)
        try router.store.serve(.storekit2, from: router.now)
        router.server.pin(root: router.store.rootCertificate)
    }

    private func buy(_ productId: String, token: String? = nil) throws -> SignedTransaction {
        try router.deliver(.purchase(PaymentRequest(productId: productId, answer: .confirm, appAccountToken: token)))
        guard case .purchaseResult(.success(let transaction)) = try #require(router.takeToApp().last) else {
            throw ServerError(StorageError(path: "", problem: "no purchase"))
        }
        return transaction
    }

    /// Sends the Server a signed transaction (the genuine one unless `jws` is given) and returns its answer.
    private func verify(_ transaction: SignedTransaction, asking id: TransactionID? = nil, jws: String? = nil,
                        user: String = "demo") throws -> VerificationOutcome {
        let request = VerificationRequest(transactionId: id ?? transaction.transactionId, productId: transaction.productId,
                                          serverProductId: nil, receipt: jws ?? transaction.jws, account: user)
        try router.deliver(.verifySignedTransaction(request))
        guard case .verificationAnswered(let answer) = try #require(router.takeToApp().last) else {
            throw ServerError(StorageError(path: "", problem: "no answer"))
        }
        return answer.outcome
    }

    @Test func aGenuineSignedTransactionIsCreditedOnceOnTheStoresWordWhichChangesNothingAtTheStore() throws {
        let transaction = try buy("com.storesim.coins.100")
        let before = try router.store.transactions()
        #expect(try verify(transaction) == .credited)
        #expect(router.notes.contains("verified signed tx \(transaction.transactionId) offline: chain to the pinned root, ES256 signature"))
        #expect(router.delivered.contains(.getTransactionInfo(VerificationRequest(
            transactionId: transaction.transactionId, productId: transaction.productId, serverProductId: nil,
            receipt: transaction.jws, account: "demo"))))
        #expect(try verify(transaction) == .alreadyCredited)
        #expect(try router.store.transactions() == before, "Get Transaction Info only reads")
        let ledger = try router.server.ledger()
        #expect(ledger.balances["coins"] == 100)
        #expect(ledger.credits.map(\.transactionId) == [transaction.transactionId])
    }

    /// A purchase in the sandbox (App Review buys there) is signed `Sandbox`, as StoreKit's
    /// `Transaction.environment` says, and credited: Apple tells a server without the environment
    /// to "call the endpoint using the production URL" and then the sandbox's, as verifyReceipt's 21007.
    @Test func aSandboxPurchaseIsSignedSandboxAndCredited() throws {
        try router.store.setSwitches { $0[.environment] = .named("sandbox") }
        let transaction = try buy("com.storesim.coins.100")
        let root = try #require(router.store.rootCertificate)
        let payload = try JSONDecoder().decode(SignedTransactionPayload.self, from: Data(JWSVerifier(root: root).verify(transaction.jws, at: .signedDate)))
        #expect(payload.environment == "Sandbox")
        #expect(try verify(transaction) == .credited)
        #expect(try router.server.ledger().balances["coins"] == 100)
    }

    @Test func aTamperedSignedTransactionIsRejectedAndNeverCredited() throws {
        let transaction = try buy("com.storesim.coins.100")
        var parts = transaction.jws.split(separator: ".").map { Array($0) }
        let middle = parts[2].count / 2
        parts[2][middle] = parts[2][middle] == "A" ? "B" : "A"
        let tampered = parts.map { String($0) }.joined(separator: ".")
        #expect(try verify(transaction, jws: tampered) == .unverified(.verificationFailure, .signature(.badSignature)))
        let ledger = try router.server.ledger()
        #expect(ledger.credits.isEmpty)
        #expect(ledger.rejections.map(\.status) == [VerificationStatus.verificationFailure.rawValue])
    }

    @Test func aSignedTransactionOfAnotherRootOrAnotherTransactionCreditsNothing() throws {
        let transaction = try buy("com.storesim.coins.100")
        let foreign = try JWSSigner(chain: CertificateChain.make(
            secret: Array("forger".utf8), notBefore: SimulatedTime.epoch, notAfter: SimulatedTime.epoch.addingTimeInterval(86400)))
        let forged = try foreign.sign(payload: Array(String(decoding: try #require(
            Base64.url.decode(transaction.jws.split(separator: ".")[1])), as: UTF8.self).utf8))
        #expect(try verify(transaction, jws: forged) == .unverified(.verificationFailure, .signature(.wrongRoot)))
        let other = try buy("com.storesim.coins.550")
        #expect(try verify(other, asking: transaction.transactionId) == .refused(.otherTransaction))
        #expect(try router.server.ledger().credits.isEmpty)
    }

    @Test func aRefundedSignedTransactionIsNotCredited() throws {
        let transaction = try buy("com.storesim.pro")
        try router.store.refund(productId: "com.storesim.pro", at: router.now)
        let refunded = try #require(try router.store.transactions().last?.signedTransaction)
        #expect(try verify(transaction, jws: refunded) == .refused(.refunded))
    }

    @Test func aPurchaseRefundedAfterTheAppGotItsJWSIsRefusedOnTheStoresWord() throws {
        let transaction = try buy("com.storesim.pro")
        try router.store.refund(productId: "com.storesim.pro", at: router.now)
        #expect(try verify(transaction) == .refused(.refunded), "the app's JWS predates the refund; the Store's answer shows it")
        #expect(try router.server.ledger().credits.isEmpty)
    }

    /// Apple, Transaction.appAccountToken: "A UUID that associates the transaction with a user on
    /// your own service." The token is in the JWS, the renewal's too, and the Server credits the
    /// transaction only to the user it names.
    @Test func aTransactionIsCreditedOnlyToTheUserItsAppAccountTokenNames() throws {
        let token = AppAccountToken.of(user: "demo")
        #expect(token.count == 36 && token != AppAccountToken.of(user: "alice") && token == AppAccountToken.of(user: "demo"))
        let transaction = try buy("com.storesim.premium.yearly", token: token)
        let payload = try #require(JWSText.payload(of: transaction.jws))
        #expect(payload["appAccountToken"] as? String == token)
        #expect(try verify(transaction, user: "alice") == .refused(.otherUser))
        #expect(try router.server.ledger().credits.isEmpty)
        #expect(try verify(transaction, user: "demo") == .credited)
        try router.store.renewNow(productId: "com.storesim.premium.yearly", link: router)
        let renewal = try #require(try router.store.transactions().last?.signedTransaction)
        #expect(JWSText.payload(of: renewal)?["appAccountToken"] as? String == token)
    }

    @Test func aTransactionTheStoreNoLongerHasIsRefused() throws {
        let transaction = try buy("com.storesim.coins.100")
        try router.store.delete(transactionId: transaction.transactionId)
        #expect(try verify(transaction) == .refused(.unknownToStore))
        #expect(router.delivered.contains { message in
            if case .transactionInfo(let info) = message { return info.signedTransactionInfo == nil }
            return false
        })
        #expect(try router.server.ledger().credits.isEmpty)
    }

    @Test func aSignedTransactionOfAnotherAppOrEnvironmentIsRejectedWithApplesStatus() throws {
        let chain = try CertificateChain.make(secret: Array("another store".utf8), notBefore: SimulatedTime.epoch,
                                              notAfter: SimulatedTime.epoch.addingTimeInterval(86400))
        router.server.pin(root: chain.root)
        let transaction = try buy("com.storesim.coins.100")
        func signed(bundleId: String, environment: String) throws -> String {
            let payload = SignedTransactionPayload(
                transactionId: transaction.transactionId.description, originalTransactionId: transaction.transactionId.description,
                bundleId: bundleId,
                productId: transaction.productId, subscriptionGroupIdentifier: nil, purchaseDate: 1_767_225_600_000,
                originalPurchaseDate: 1_767_225_600_000, expiresDate: nil, type: "Consumable", signedDate: 1_767_225_600_000,
                revocationDate: nil, offerType: nil, offerDiscountType: nil, environment: environment, storefront: "USA",
                transactionReason: "PURCHASE", price: 990, currency: "USD")
            return try JWSSigner(chain: chain).sign(payload: Array(try JSONEncoder().encode(payload)))
        }
        #expect(try verify(transaction, jws: signed(bundleId: "com.example.other", environment: "Production"))
            == .unverified(.invalidAppIdentifier, .otherApp(bundleId: "com.example.other", expected: "com.storesim.app")))
        #expect(try verify(transaction, jws: signed(bundleId: AppIdentity.standard.bundleId, environment: "Xcode"))
            == .unverified(.invalidEnvironment, .otherEnvironment("Xcode")))
        // The right app and environment under the pinned root pass the offline check; the Store's
        // answer to Get Transaction Info must verify against that same root, and this Store's does not.
        #expect(try verify(transaction, jws: signed(bundleId: AppIdentity.standard.bundleId, environment: "Production"))
            == .unverified(.verificationFailure, .signature(.wrongRoot)))
        #expect(router.notes.contains("verified signed tx \(transaction.transactionId) offline: chain to the pinned root, ES256 signature"))
        #expect(try router.server.ledger().credits.isEmpty)
    }

    @Test func aServerWithoutAPinnedRootTrustsNoSignedTransaction() throws {
        router.server.pin(root: nil)
        let transaction = try buy("com.storesim.coins.100")
        #expect(try verify(transaction) == .unverified(.verificationFailure, .noPinnedRoot))
    }
}

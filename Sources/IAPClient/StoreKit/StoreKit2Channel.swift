import Foundation
import IAPCore
import Signing

/// StoreKit 2: `Product.purchase()` and its results, the `Transaction.updates` listener,
/// `finish()`, `AppStore.sync()`. Every signed transaction is verified on the device against the
/// App Store's root before the app sees it, as StoreKit does ("StoreKit automatically verifies
/// the Transaction … values"); the app delivers nothing for one that is unverified.
struct StoreKit2Channel: StoreKitChannel {
    /// The App Store root certificate the device trusts; nil when the app was given none.
    let trustedRoot: Certificate?

    var api: StoreKitAPI { .storekit2 }
    var listen: Message { .listenForTransactions }
    var checksReceiptAtLaunch: Bool { false }
    var readsAppReceipt: Bool { false }
    var signsOffers: Bool { true }
    var tiesPurchasesToAccount: Bool { true }
    var entitlementsRequest: Message? { .currentEntitlementsRequest }

    func entitlements(_ message: Message) -> [DeliveredTransaction]? {
        guard case .currentEntitlements(let transactions) = message else { return nil }
        return transactions.map(checked)
    }

    var subscriptionStatusRequest: Message? { .subscriptionStatusRequest }

    func subscriptionStatuses(_ message: Message) -> [(transaction: DeliveredTransaction, state: SubscriptionStatus.RenewalState)]? {
        guard case .subscriptionStatuses(let statuses) = message else { return nil }
        return statuses.map { (checked($0.transaction), $0.state) }
    }

    func purchase(_ request: PaymentRequest) -> Message {
        .purchase(request)
    }

    func finish(_ transactionId: TransactionID) -> Message? {
        .finish(transactionId: transactionId)
    }

    func restore(hasReceipt: Bool) -> Message {
        .sync
    }

    func delivered(_ message: Message) -> [DeliveredTransaction] {
        deliveredOne(message).map { [$0] } ?? []
    }

    private func deliveredOne(_ message: Message) -> DeliveredTransaction? {
        switch message {
        case .purchaseResult(.success(let transaction)), .transactionUpdate(let transaction):
            return checked(transaction)
        case .purchaseResult(.userCancelled(let productId)):
            return nothing(productId, .failed, .paymentCancelled)
        case .purchaseResult(.pending(let productId)):
            return nothing(productId, .deferred, nil)
        case .purchaseResult(.failed(let productId, let error)):
            return nothing(productId, .failed, error)
        default:
            return nil
        }
    }

    /// A purchase that made no transaction.
    private func nothing(_ productId: String, _ state: TransactionState, _ error: PurchaseError?) -> DeliveredTransaction {
        DeliveredTransaction(id: nil, renews: false, productId: productId, state: state, proof: nil, error: error, deviceCheck: nil)
    }

    /// The signed transaction verified on the device; its ids are the payload's once verified.
    private func checked(_ transaction: SignedTransaction) -> DeliveredTransaction {
        let proof = PurchaseProof.signedTransaction(transaction.jws)
        do throws(SigningError) {
            guard let trustedRoot else { throw SigningError.wrongRoot }
            let bytes = try JWSVerifier(root: trustedRoot).verify(transaction.jws, at: .signedDate)
            guard let payload = try? JSONDecoder().decode(SignedTransactionPayload.self, from: Data(bytes)),
                  let id = TransactionID(payload.transactionId), TransactionID(payload.originalTransactionId) != nil
            else { throw SigningError.malformed(.payloadNotTransaction) }
            return DeliveredTransaction(id: id, renews: payload.transactionReason == "RENEWAL",
                                        productId: payload.productId, state: transaction.state, proof: proof, error: nil,
                                        deviceCheck: .verified, revoked: payload.revocationDate != nil)
        } catch {
            return DeliveredTransaction(id: transaction.transactionId, renews: false,
                                        productId: transaction.productId, state: transaction.state, proof: proof, error: nil,
                                        deviceCheck: .unverified(.signature(error)))
        }
    }
}

import IAPCore

/// A transaction as the app's StoreKit hands it to the purchase flow, whichever generation of
/// StoreKit delivered it, so that the flow (cache, verify, finish) is one for both.
struct DeliveredTransaction {
    /// StoreKit 2's check of a signed transaction on the device (`VerificationResult`).
    enum DeviceCheck: Equatable {
        case verified
        case unverified(UnverifiedReason)
    }

    /// The transaction id; nil for a StoreKit 2 purchase that made no transaction.
    let id: TransactionID?
    /// Whether it renews a subscription: StoreKit 2 says so (`transactionReason` `RENEWAL`);
    /// StoreKit 1 only by an original id other than its own, which a purchase that continues a
    /// subscription (an upgrade, a resubscription) has too: one the app itself made is no renewal.
    let renews: Bool
    let productId: String
    let state: TransactionState
    /// What the app sends its Server, present when the state is purchased or restored.
    let proof: PurchaseProof?
    let error: PurchaseError?
    /// Whether a failed transaction waits in the Store's queue to be finished: StoreKit 1's
    /// do; StoreKit 2 makes no transaction for a purchase that failed.
    let waitsToBeFinished: Bool
    /// StoreKit 2's on-device check; nil under StoreKit 1, which has none.
    let deviceCheck: DeviceCheck?
    /// A verified StoreKit 2 transaction whose JWS has a `revocationDate`: the App Store refunded it.
    let revoked: Bool

    /// A transaction the StoreKit 1 payment queue reported.
    init(_ transaction: StoreTransaction) {
        id = transaction.id
        renews = transaction.originalId != transaction.id
        productId = transaction.productId
        state = transaction.state
        proof = transaction.receipt.map(PurchaseProof.receipt)
        error = transaction.error
        waitsToBeFinished = true
        deviceCheck = nil
        revoked = false
    }

    init(id: TransactionID?, renews: Bool, productId: String, state: TransactionState, proof: PurchaseProof?,
         error: PurchaseError?, deviceCheck: DeviceCheck?, revoked: Bool = false) {
        self.id = id
        self.renews = renews
        self.productId = productId
        self.state = state
        self.proof = proof
        self.error = error
        waitsToBeFinished = false
        self.deviceCheck = deviceCheck
        self.revoked = revoked
    }
}

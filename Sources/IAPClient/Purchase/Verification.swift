import IAPCore

/// A verification the app has asked its Server for and not yet heard back about.
struct Verification {
    let productId: String
    /// Whether the order sits in the pending-order cache.
    var cached: Bool
    /// Whether the transaction still waits in the Store's queue to be finished.
    var needsFinish: Bool
    /// The proof the Store's queue redelivered with the transaction, when it differs from the
    /// one being verified: the fallback if the cached one is rejected.
    var queueProof: PurchaseProof?
}

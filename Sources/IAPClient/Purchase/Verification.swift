import IAPCore

/// A verification the app has asked its Server for and not yet heard back about.
struct Verification {
    let productId: String
    /// Whether the order sits in the pending-order cache.
    var cached: Bool
    /// Whether the app finishes the transaction once the Server credits it: it still waits in
    /// the Store's queue, and the strategy does not leave its finish to the Server.
    var needsFinish: Bool
    /// The proof the Store's queue redelivered with the transaction, when it differs from the
    /// one being verified: the fallback if the cached one is rejected.
    var queueProof: PurchaseProof?
    /// Whether a launch's recovery asked the app receipt to prove it: when the receipt does not,
    /// the order's own cached receipt is verified instead.
    var byAppReceipt = false
}

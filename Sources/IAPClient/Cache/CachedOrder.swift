import IAPCore

/// A live order as the cache indexes it: its fields without its proof, which stays on disk
/// until the app needs it (`PendingOrderCache.order(transactionId:)`).
public struct CachedOrder: Sendable, Equatable {
    public let transactionId: TransactionID
    public let productId: String
    public let serverProductId: String?
    /// Whether something other than a receipt proves it: a signed transaction (StoreKit 2) or
    /// a purchase token (Google Play), each verified on its own, never with the app receipt.
    public let isSigned: Bool

    init(_ order: PendingOrder) {
        var signed = false
        if case .receipt = order.proof {} else { signed = true }
        self.init(transactionId: order.transactionId, productId: order.productId, serverProductId: order.serverProductId,
                  isSigned: signed)
    }

    init(transactionId: TransactionID, productId: String, serverProductId: String?, isSigned: Bool) {
        self.transactionId = transactionId
        self.productId = productId
        self.serverProductId = serverProductId
        self.isSigned = isSigned
    }
}

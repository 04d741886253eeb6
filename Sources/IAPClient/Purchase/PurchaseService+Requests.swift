import IAPCore

/// What the app asks its Server, and who finishes a purchase the Server credits.
extension PurchaseService {
    /// Whether the app finishes a purchase itself once the Server credits it: under every
    /// strategy but server-finishes, where it asks the Server to (`VerificationRequest.serverFinishes`).
    /// A failed StoreKit 1 payment, which the Server never hears of, the app finishes under every one.
    var appFinishes: Bool { !strategy.serverFinishes }

    /// The request that asks the Server to verify an order: the receipt goes through the
    /// Store's `verifyReceipt`, a signed transaction is verified by the Server itself.
    func verifyMessage(for order: PendingOrder, purpose: VerificationRequest.Purpose = .purchase) -> Message {
        storeKit.proven(order)
        let request = VerificationRequest(transactionId: order.transactionId, productId: order.productId,
                                          serverProductId: order.serverProductId, receipt: order.receipt,
                                          purpose: purpose, account: account, serverFinishes: strategy.serverFinishes)
        switch order.proof {
        case .receipt: return .verifyPurchase(request)
        case .signedTransaction: return .verifySignedTransaction(request)
        case .purchaseToken: return .play(.verifyPurchase(request))
        }
    }
}

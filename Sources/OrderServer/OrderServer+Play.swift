import Foundation
import IAPCore
import Storage

/// The Server's side of Google Play: Google, "we strongly recommend passing the token to your
/// secure backend server where you can then verify the purchase". It asks
/// `purchases.products.get` about the token the app sent, and credits a PURCHASED purchase once:
/// the credit is keyed by the purchase's order number, which Play derives one for one from its
/// token, so a token is credited once however often it is sent ("verify that each purchase token
/// hasn't been used so your app doesn't grant entitlement multiple times").
extension OrderServer {
    /// Handles one Google Play message addressed to the Server.
    func receive(_ message: PlayMessage, link: Link) throws(ServerError) {
        switch message {
        case .verifyPurchase(let request):
            link.send(.play(.productsGet(request)))
        case .productPurchase(let request, let purchase):
            let settled: VerificationAnswer
            do {
                settled = try settle(purchase, of: request, at: link.now)
            } catch {
                throw ServerError(error)
            }
            tell(settled, for: request, link: link)
        default:
            break
        }
    }

    /// Credits the purchase `purchases.products.get` answered, once, to the app's user: refused
    /// when Play knows no purchase by the token, when it is of another product than the app
    /// claims, or when it is not PURCHASED (Canceled: refunded or never paid; Pending: not paid yet).
    private func settle(_ purchase: ProductPurchase?, of request: VerificationRequest,
                        at now: Date) throws(StorageError) -> VerificationAnswer {
        guard let purchase, let product = catalog.product(id: purchase.productId),
              purchase.orderId.transactionId == request.transactionId else {
            return try refuse(request, .notOnReceipt, at: now)
        }
        guard purchase.purchaseState == .purchased else { return try refuse(request, .refunded, at: now) }
        let id = purchase.orderId.transactionId
        let entry = ReceiptEntry(transactionId: id, originalTransactionId: id, productId: purchase.productId,
                                 account: request.account ?? "",
                                 purchaseDate: SimulatedTime.date(millis: purchase.purchaseTimeMillis))
        return try creditOnce(entry, product: product, answering: request.transactionId, at: now)
    }
}

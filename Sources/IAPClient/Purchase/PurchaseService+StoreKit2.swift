import IAPCore

extension PurchaseService {
    /// Whether the app's StoreKit hands a transaction on to the purchase flow. StoreKit 2
    /// verifies it on the device first and delivers nothing for one that is `.unverified`; a
    /// verified one the App Store revoked (a refund, with its `revocationDate`) is not a purchase
    /// to verify: the app stops providing what it bought and finishes it (the Server refuses a
    /// revoked transaction and hears of the refund from the Store). A verified purchase or
    /// restore of anything but a consumable is what the app now shows as owned.
    func storeKitDelivers(_ transaction: DeliveredTransaction) -> Bool {
        guard let check = transaction.deviceCheck, let id = transaction.id else { return true }
        switch check {
        case .verified:
            link.note(.app(.verifiedOnDevice(id)), from: .app, to: nil, transactionId: id)
        case .unverified(let reason):
            link.note(.app(.unverifiedOnDevice(id, reason: reason)), from: .app, to: nil, transactionId: id)
            inProgress.remove(transaction.productId)
            return false
        }
        if transaction.revoked {
            inProgress.remove(transaction.productId)
            entitled.remove(transaction.productId)
            link.note(.app(.revoked(id, productId: transaction.productId)), from: .app, to: nil, transactionId: id)
            storeKit.finish(id).map(link.send)
            return false
        }
        let type = catalog.type(ofProduct: transaction.productId)
        if transaction.state == .purchased || transaction.state == .restored, let type, type != .consumable {
            entitled.insert(transaction.productId)
        }
        return true
    }
}

import IAPCore

extension PurchaseService {
    /// Keeps the newest receipt; a receipt the app cannot keep only costs a refresh later.
    func keep(_ signed: String) {
        willWrite?()
        do {
            try receipt.save(signed)
        } catch {
            link.note("could not keep the receipt: \(error)", from: .app, to: nil, transactionId: nil)
        }
    }

    func saveToCache(_ order: PendingOrder) -> Bool {
        do {
            try cache.save(order)
            link.note("save pending order tx \(order.transactionId)", from: .app, to: .cache,
                      transactionId: order.transactionId)
            return true
        } catch {
            link.note("could not save pending order: \(error)", from: .app, to: .cache,
                      transactionId: order.transactionId)
            return false
        }
    }

    /// Moves a rejected order out of the cache, with its reason, so it is not retried forever.
    func setAside(_ order: PendingOrder, reason: String) {
        do {
            try cache.setAside(order, reason: reason)
            link.note("set aside pending order tx \(order.transactionId): \(reason)",
                      from: .app, to: .cache, transactionId: order.transactionId)
        } catch {
            link.note("could not set aside pending order: \(error)", from: .app, to: .cache, transactionId: order.transactionId)
        }
    }

    func removeFromCache(_ transactionId: TransactionID) {
        do {
            try cache.remove(transactionId: transactionId)
            let text = String(atMost: 48) { text in
                text.literal("remove pending order tx ")
                text.decimal(transactionId.value)
            }
            link.note(text, from: .app, to: .cache, transactionId: transactionId)
        } catch {
            link.note("could not remove pending order: \(error)", from: .app, to: .cache, transactionId: transactionId)
        }
    }
}

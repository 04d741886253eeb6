import IAPCore

extension PurchaseService {
    /// Keeps the newest receipt; a receipt the app cannot keep only costs a refresh later.
    func keep(_ signed: String) {
        willWrite?()
        do {
            try receipt.save(signed)
        } catch {
            link.note(.app(.couldNotKeepReceipt(problem: "\(error)")), from: .app, to: nil, transactionId: nil)
        }
    }

    func saveToCache(_ order: PendingOrder) -> Bool {
        do {
            try cache.save(order)
            link.note(.app(.savedPendingOrder(order.transactionId)), from: .app, to: .cache, transactionId: order.transactionId)
            return true
        } catch {
            link.note(.app(.couldNotSavePendingOrder(problem: "\(error)")), from: .app, to: .cache, transactionId: order.transactionId)
            return false
        }
    }

    /// Moves a rejected order out of the cache, with its reason, so it is not retried forever.
    func setAside(_ order: PendingOrder, reason: SetAsideReason) {
        do {
            try cache.setAside(order, reason: reason.english)
            link.note(.app(.setAsidePendingOrder(order.transactionId, reason)), from: .app, to: .cache, transactionId: order.transactionId)
        } catch {
            link.note(.app(.couldNotSetAsidePendingOrder(problem: "\(error)")), from: .app, to: .cache, transactionId: order.transactionId)
        }
    }

    func removeFromCache(_ transactionId: TransactionID) {
        do {
            try cache.remove(transactionId: transactionId)
            link.note(.app(.removedPendingOrder(transactionId)), from: .app, to: .cache, transactionId: transactionId)
        } catch {
            link.note(.app(.couldNotRemovePendingOrder(problem: "\(error)")), from: .app, to: .cache, transactionId: transactionId)
        }
    }
}

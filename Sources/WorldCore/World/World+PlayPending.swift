import IAPCore
import PlayEngine

/// Google Play's pending payments in a world: `approve`/`decline PRODUCT`, the slow test cards
/// that resolve themselves at their due moment, and how a purchase that became PURCHASED reaches
/// the app. Google: "If your app is running and you have an active Play Billing Library
/// connection when the user completes the purchase, your PurchasesUpdatedListener is called
/// again, and the PurchaseState is now PURCHASED." Otherwise "onPurchasesUpdated won't be
/// invoked", and the app finds it with `queryPurchasesAsync` at its next launch or resume.
extension World {
    /// `approve PRODUCT` / `decline PRODUCT` on Google Play: the pending payment of the signed-in
    /// account's PENDING purchase of `productId` completes (PURCHASED, its three days begin) or
    /// is canceled (never paid). Refused when no pending purchase of it waits. A canceled one is
    /// not told to the app (Google documents no callback for it): it leaves `queryPurchasesAsync`.
    func resolvePendingPurchase(_ productId: String, approved: Bool) throws {
        let account = store.account
        let pending = try onPlay { (play) throws(PlayError) in try play.pendingPurchase(account: account, productId: productId) } ?? nil
        guard let pending else { throw WorldActionError.refused(.noPendingPurchase(productId: productId)) }
        let id = pending.orderId.transactionId
        guard approved else {
            _ = try onPlay { (play) throws(PlayError) in try play.declinePending(token: pending.token, now: now) }
            try record(.command, from: .user, to: .play, what: .play(.paymentCanceled(id, productId: productId, slowCard: false)), transactionId: id)
            try pushDueNotifications()
            return
        }
        let purchase = try onPlay { (play) throws(PlayError) in try play.approvePending(token: pending.token, now: now) }
        try record(.command, from: .user, to: .play, what: .play(.paymentCompleted(id, productId: productId, slowCard: false)), transactionId: id)
        if let purchase { try tellTheAppItIsPurchased(purchase) }
        try pushDueNotifications()
    }

    /// The slow test cards due by now resolve themselves, each told on the timeline; an approved
    /// one reaches the app as `approve` does.
    func resolveSlowCards() throws(WorldError) {
        let resolved = try onPlay { (play) throws(PlayError) in try play.resolveSlowCards(at: now) } ?? []
        for purchase in resolved {
            let id = purchase.orderId.transactionId
            guard purchase.state == .purchased, let billing = purchase.billingPurchase else {
                try record(.note, from: .play, to: nil, what: .play(.paymentCanceled(id, productId: purchase.productId, slowCard: true)),
                           transactionId: id)
                continue
            }
            try record(.note, from: .play, to: nil, what: .play(.paymentCompleted(id, productId: purchase.productId, slowCard: true)),
                       transactionId: id)
            try tellTheAppItIsPurchased(billing)
        }
    }

    /// Play calls `onPurchasesUpdated` (OK, PURCHASED) when the app runs in the foreground;
    /// otherwise the timeline says it won't be invoked, and nothing is sent.
    private func tellTheAppItIsPurchased(_ purchase: PlayPurchase) throws(WorldError) {
        guard host.status.isRunning, host.inForeground else {
            let id = purchase.orderId.transactionId
            try record(.note, from: .play, to: nil, what: .play(.listenerNotCalled(id, appRunning: host.status.isRunning)), transactionId: id)
            return
        }
        link.send(.play(.purchasesUpdated(productId: purchase.productId,
                                          PurchasesUpdated(billingResult: BillingResult(.ok), purchases: [purchase]))))
    }
}

import Foundation
import IAPCore
import PlayEngine

/// A Google Play world's subscription commands: `subscription PRODUCT renew on|off` (the user
/// cancels or restores the subscription in the Play Store), `renew now` and `expire` (StoreSim's
/// shortcuts, as on the App Store), and the expiries that fall due on the clock.
extension World {
    /// `subscription PRODUCT renew on|off` on Google Play: the signed-in account's subscription
    /// stops or resumes renewing; it keeps its access until its period ends either way.
    func setPlayAutoRenew(_ productId: String, on: Bool) throws(WorldActionError) {
        let account = store.account
        let subscription = try onPlayRefusing { (play) throws(PlayError) in
            try play.setAutoRenew(productId: productId, account: account, on: on, now: now)
        }
        guard let changed = subscription ?? nil else { return try toldPlay(.autoRenewAlready(productId: productId, on: on), nil) }
        guard let until = changed.expiryMillis else { return }
        let id = changed.latestOrderId.transactionId
        try toldPlay(.autoRenew(id, productId: productId, on: on, untilMillis: until), id)
    }

    /// `subscription PRODUCT expire` on Google Play: the period ends now, and the subscription expires.
    func expirePlaySubscription(_ productId: String) throws(WorldActionError) {
        let account = store.account
        try onPlayRefusing { (play) throws(PlayError) in try play.expireNow(productId: productId, account: account, now: now) }
        try toldPlay(.periodEndsNow(productId: productId), nil)
        do { try expireSubscriptions() } catch { throw .failed(error) }
    }

    /// `subscription PRODUCT renew now` on Google Play: the period ends now, and the subscription renews.
    func renewPlaySubscriptionNow(_ productId: String) throws(WorldActionError) {
        let account = store.account
        try onPlayRefusing { (play) throws(PlayError) in try play.renewNow(productId: productId, account: account, now: now) }
        try toldPlay(.renewsNow(productId: productId), nil)
        do { try renewSubscriptions() } catch { throw .failed(error) }
    }

    /// Subscriptions' expiries, now: every subscription that no longer renews and whose last
    /// period ended expires, and the timeline says so.
    func expireSubscriptions() throws(WorldError) {
        let expired = try onPlay { (play) throws(PlayError) in try play.expireDue(at: now) } ?? []
        for subscription in expired {
            let id = subscription.latestOrderId.transactionId
            try record(.note, from: .play, to: nil, what: .play(.expired(id, productId: subscription.productId)), transactionId: id)
        }
    }
}

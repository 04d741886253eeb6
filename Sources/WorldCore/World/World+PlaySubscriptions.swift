import Foundation
import IAPCore
import PlayEngine

/// A Google Play world's subscription commands: `subscription PRODUCT renew on|off` (the user
/// cancels or restores the subscription in the Play Store), `renew now` and `expire` (StoreSim's
/// shortcuts, as on the App Store), `billing fail|ok` (failed renewals: grace period, account
/// hold, recovery), and the expiries and ends of grace periods and holds that fall due on the clock.
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

    /// `subscription PRODUCT billing fail|ok` on Google Play: the signed-in account's payment
    /// method fails from now, or works again; working again in the grace period or account hold,
    /// Play charges at once and the subscription renews, or recovers from hold.
    func setPlayBilling(_ productId: String, fails: Bool) throws(WorldActionError) {
        let account = store.account
        let changed = try onPlayRefusing { (play) throws(PlayError) in
            try play.setBilling(productId: productId, account: account, fails: fails, now: now)
        }
        guard let (subscription, issue) = changed else { return }
        let id = subscription.latestOrderId.transactionId
        do {
            try record(.command, from: .user, to: .play, what: .play(.billing(productId: productId, fails: fails)), transactionId: nil)
            if let issue, let until = subscription.expiryMillis {
                let step: GooglePlayStep = issue == .grace ? .renewed(id, productId: productId, untilMillis: until)
                    : .recovered(id, productId: productId, untilMillis: until)
                try record(.note, from: .play, to: nil, what: .play(step), transactionId: id)
            }
            try pushDueNotifications()
        } catch {
            throw .failed(error)
        }
    }

    /// Grace periods and account holds that ended by now: a grace period's end puts the
    /// subscription on hold, a hold's end expires it, and the timeline says so.
    func endRecoveries() throws(WorldError) {
        let changed = try onPlay { (play) throws(PlayError) in try play.endRecoveriesDue(at: now) } ?? []
        for subscription in changed {
            let id = subscription.latestOrderId.transactionId
            var step = GooglePlayStep.expired(id, productId: subscription.productId)
            if subscription.endedMillis == nil, let until = subscription.issueEndsMillis {
                step = .billingIssue(id, productId: subscription.productId, onHold: true, untilMillis: until)
            }
            try record(.note, from: .play, to: nil, what: .play(step), transactionId: id)
        }
    }

    /// The products of the signed-in account's Play subscriptions whose payment method fails.
    package func failingPlayBilling() throws(WorldError) -> [String] {
        let account = store.account
        return try onPlay { (play) throws(PlayError) in try play.failingBilling(account: account, now: now) } ?? []
    }
}

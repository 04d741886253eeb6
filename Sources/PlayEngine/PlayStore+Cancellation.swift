import Foundation
import IAPCore
import Storage

/// The ends of a subscription: the user cancels it in the Play Store (auto-renewal off) and keeps
/// access until its period ends, restores it before then, or lets it expire. Google: "When a user
/// cancels a subscription they retain access to the content until the end of the current billing
/// cycle", "When a subscription is cancelled but not yet expired, it is returned from
/// BillingClient.queryPurchasesAsync()", and "Cancelling a subscription triggers a
/// SUBSCRIPTION_CANCELED notification". The end of the last period is a due moment of the
/// simulated clock, as a renewal is.
extension PlayStore {
    /// The subscription of `productId` that `account` holds at `now` (paid, not voided, its period
    /// not ended), the latest bought; refused when there is none.
    private func heldSubscription(_ productId: String, account: String, at millis: Int64) throws(StorageError)
        -> Result<PlayPurchaseRecord, PlayRefusal> {
        let held = try database.owned(account: account, productId: productId)
            .last { $0.isSubscription && $0.state == .purchased && !$0.isExpired(at: millis) }
        return held.map { .success($0) } ?? .failure(.noSubscription(productId: productId))
    }

    /// The user turns auto-renewal of the subscription `productId` off (cancels it: it keeps its
    /// access until `expiryTime`, SUBSCRIPTION_CANCELED) or on again before its period ended
    /// (restores it, SUBSCRIPTION_RESTARTED: "User has restored their subscription from Play >
    /// Account > Subscriptions. The subscription was canceled but had not expired yet when the
    /// user restores."). Returns the subscription changed; nil when auto-renewal already was so:
    /// nothing changes and nothing is published. Refused when the account holds no such
    /// subscription: an expired one cannot be restored, only bought again.
    @discardableResult
    public func setAutoRenew(productId: String, account: String, on: Bool, now: Date) throws(PlayError) -> PlayPurchaseRecord? {
        let millis = SimulatedTime.millis(now)
        return try change { () throws(StorageError) -> Result<PlayPurchaseRecord?, PlayRefusal> in
            let found = try heldSubscription(productId, account: account, at: millis)
            guard case .success(var record) = found else { return found.map { $0 } }
            guard record.autoRenewing != on else { return .success(nil) }
            if on, basePlans[productId] == nil { return .failure(.notSold(productId: productId)) }
            record.autoRenewing = on
            try database.update(record)
            try publish(on ? .restarted : .subscriptionCanceled, of: record, at: millis)
            return .success(record)
        }
    }

    /// Ends the current period of the subscription `productId` now, without renewing: StoreSim's
    /// shortcut, as `subscription PRODUCT expire` is on the App Store. It expires at once
    /// (`expireDue`).
    public func expireNow(productId: String, account: String, now: Date) throws(PlayError) {
        let millis = SimulatedTime.millis(now)
        try change { () throws(StorageError) -> Result<Void, PlayRefusal> in
            let found = try heldSubscription(productId, account: account, at: millis)
            guard case .success(var record) = found else { return found.map { _ in () } }
            record.expiryMillis = millis
            record.autoRenewing = false
            try database.update(record)
            return .success(())
        }
    }

    /// Ends the current period of the auto-renewing subscription `productId` now, so that it
    /// renews at once (`renewDue`): StoreSim's shortcut, as `subscription PRODUCT renew now` is on
    /// the App Store. Refused when its auto-renewal is off.
    public func renewNow(productId: String, account: String, now: Date) throws(PlayError) {
        let millis = SimulatedTime.millis(now)
        try change { () throws(StorageError) -> Result<Void, PlayRefusal> in
            let found = try heldSubscription(productId, account: account, at: millis)
            guard case .success(var record) = found else { return found.map { _ in () } }
            guard record.autoRenewing else { return .failure(.autoRenewalOff(record.orderId)) }
            record.expiryMillis = millis
            try database.update(record)
            return .success(())
        }
    }

    /// Expires, in one transaction, every subscription that no longer renews whose last period
    /// ended at or before `now`, and publishes SUBSCRIPTION_EXPIRED ("A subscription has
    /// expired.") for each at the end of its period. Returns them, in the order they expired,
    /// for the world to tell. `queryPurchasesAsync` no longer returns them.
    public func expireDue(at now: Date) throws(PlayError) -> [PlayPurchaseRecord] {
        let millis = SimulatedTime.millis(now)
        return try change { () throws(StorageError) -> Result<[PlayPurchaseRecord], PlayRefusal> in
            var expired: [PlayPurchaseRecord] = []
            for var record in try database.due(.expiry, atOrBefore: millis) {
                guard let end = record.expiryMillis else { continue }
                record.endedMillis = end
                try database.update(record)
                try publish(.expired, of: record, at: end)
                expired.append(record)
            }
            return .success(expired)
        }
    }
}

import Foundation
import IAPCore
import Storage

/// Subscriptions' renewals: at the end of each period an active, auto-renewing subscription
/// renews for one more period of its base plan (of its offer's phase while it lasts), with the
/// next renewal order (`..0`, `..1`, …).
/// Google: "Subscription renewals don't need to be acknowledged." The end of a period is a due
/// moment of the simulated clock, as the end of three days is.
extension PlayStore {
    /// Renews, in one transaction, every active, auto-renewing subscription whose period ended at
    /// or before `now`, once for each period that ended, each at its own moment, and publishes
    /// SUBSCRIPTION_RENEWED ("An active subscription was renewed.") for each renewal. A renewal
    /// that cannot be charged (`billingFails`) puts the subscription in its grace period instead
    /// (SUBSCRIPTION_IN_GRACE_PERIOD, `failRenewal`). Returns the subscription as it stood after
    /// each renewal or failure, in the order they happened, for the world to tell. A subscription whose base plan Play no longer sells, or whose renewal orders are
    /// used up (`PlayOrderID.maximumRenewal`), renews no more.
    public func renewDue(at now: Date) throws(PlayError) -> [PlayPurchaseRecord] {
        let millis = SimulatedTime.millis(now)
        return try change { () throws(StorageError) -> Result<[PlayPurchaseRecord], PlayRefusal> in
            var renewed: [PlayPurchaseRecord] = []
            for var record in try database.due(.renewal, atOrBefore: millis) {
                while let end = record.expiryMillis, end <= millis, record.autoRenewing {
                    guard let basePlan = basePlans[record.productId], record.orderId.renewal(record.renewals) != nil else {
                        record.autoRenewing = false
                        break
                    }
                    if record.billingFails {
                        Self.failRenewal(&record, of: basePlan, at: end)
                        try publish(.inGracePeriod, of: record, at: end)
                        renewed.append(record)
                        break
                    }
                    record.renewals += 1
                    record.expiryMillis = record.currentPeriod(of: basePlan).added(toMillis: end)
                    try publish(.renewed, of: record, at: end)
                    renewed.append(record)
                }
                try database.update(record)
            }
            return .success(renewed)
        }
    }
}

import Foundation
import IAPCore
import Storage

/// Failed renewals: while the subscriber's payment method fails (`subscription PRODUCT billing
/// fail`), a renewal that falls due cannot be charged. The subscription enters its grace period
/// (SUBSCRIPTION_IN_GRACE_PERIOD, access kept, `expiryTime` the grace period's end), then account
/// hold (SUBSCRIPTION_ON_HOLD, no access, not returned by `queryPurchasesAsync`), then, never
/// fixed, it expires (SUBSCRIPTION_EXPIRED) when the hold ends. Fixed (`billing ok`), Play
/// charges at once: from the grace period it renews (SUBSCRIPTION_RENEWED, the period it failed
/// to renew), from account hold it recovers (SUBSCRIPTION_RECOVERED, a new period from now).
/// Google's defaults for a base plan: `gracePeriodDuration` "If not specified, a default value
/// will be used based on the billing period" (StoreSim: seven days, no longer than the billing
/// period), `accountHoldDuration` "An empty field represents a recommended account hold,
/// calculated as 60 days minus grace period". The ends of both are due moments of the clock.
extension PlayStore {
    /// How long the grace period and account hold last together: Google's recommended 60 days.
    public static let recoveryWindowMillis: Int64 = 60 * 86_400_000

    /// StoreSim's default grace period: seven days, one of Google's acceptable values (P7D).
    public static let gracePeriodMillis: Int64 = 7 * 86_400_000

    /// The end of the grace period of `basePlan` for a renewal that fell due at `millis`: seven
    /// days later, or the end of one billing period if sooner (Google: "between P0D and the
    /// lesser of 30D and base plan billing period").
    static func gracePeriodEnd(of basePlan: PlayBasePlan, after millis: Int64) -> Int64 {
        let period = basePlan.billingPeriodDuration.added(toMillis: millis)
        return min(millis + gracePeriodMillis, period)
    }

    /// A renewal of `record` that fell due at `end` cannot be charged: the subscription enters
    /// its grace period, which the caller publishes.
    static func failRenewal(_ record: inout PlayPurchaseRecord, of basePlan: PlayBasePlan, at end: Int64) {
        let graceEnd = gracePeriodEnd(of: basePlan, after: end)
        record.billingIssue = .grace
        record.renewalFailedMillis = end
        record.expiryMillis = graceEnd
        record.issueEndsMillis = graceEnd
    }

    /// Ends, in one transaction, every grace period and account hold that ended at or before
    /// `now`, each at its own moment: a grace period's end puts the subscription on hold
    /// (SUBSCRIPTION_ON_HOLD) until 60 days after the renewal fell due; a hold's end expires it
    /// (SUBSCRIPTION_EXPIRED), its auto-renewal off. Returns the subscription as it stood after
    /// each change, in the order they happened, for the world to tell.
    public func endRecoveriesDue(at now: Date) throws(PlayError) -> [PlayPurchaseRecord] {
        let millis = SimulatedTime.millis(now)
        return try change { () throws(StorageError) -> Result<[PlayPurchaseRecord], PlayRefusal> in
            var changed: [PlayPurchaseRecord] = []
            for var record in try database.due(.recovery, atOrBefore: millis) {
                while let end = record.issueEndsMillis, end <= millis, let failed = record.renewalFailedMillis, record.endedMillis == nil {
                    if record.billingIssue == .grace {
                        record.billingIssue = .hold
                        record.issueEndsMillis = failed + Self.recoveryWindowMillis
                        try publish(.onHold, of: record, at: end)
                    } else {
                        record.autoRenewing = false
                        record.endedMillis = end
                        record.billingIssue = nil
                        record.issueEndsMillis = nil
                        try publish(.expired, of: record, at: end)
                    }
                    changed.append(record)
                }
                try database.update(record)
            }
            return .success(changed)
        }
    }

    /// `subscription PRODUCT billing fail|ok`: the payment method of `account`'s subscription of
    /// `productId` fails from now, or works again. Working again in the grace period or account
    /// hold, Play charges at once: the subscription renews with its next renewal order, from the
    /// grace period for the period it failed to renew (SUBSCRIPTION_RENEWED, "An active
    /// subscription was renewed."), from account hold for a new period from now
    /// (SUBSCRIPTION_RECOVERED, "A subscription was recovered from account hold."). Returns the
    /// subscription and the stage it recovered from, if any. Refused when the account holds no
    /// such subscription, or, to recover, when Play no longer sells its base plan.
    @discardableResult
    public func setBilling(productId: String, account: String, fails: Bool,
                           now: Date) throws(PlayError) -> (PlayPurchaseRecord, recoveredFrom: PlayPurchaseRecord.BillingIssue?) {
        let millis = SimulatedTime.millis(now)
        return try change { () throws(StorageError) -> Result<(PlayPurchaseRecord, recoveredFrom: PlayPurchaseRecord.BillingIssue?), PlayRefusal> in
            guard var record = try database.owned(account: account, productId: productId).last(where: { $0.isBilled(at: millis) }) else { return .failure(.noSubscription(productId: productId)) }
            record.billingFails = fails
            let issue = fails || !record.autoRenewing ? nil : record.billingIssue
            if let issue {
                guard let basePlan = basePlans[productId], record.orderId.renewal(record.renewals) != nil,
                      let failed = record.renewalFailedMillis else { return .failure(.notSold(productId: productId)) }
                let start = issue == .grace ? failed : millis
                record.renewals += 1
                record.expiryMillis = basePlan.billingPeriodDuration.added(toMillis: start)
                record.billingIssue = nil
                record.renewalFailedMillis = nil
                record.issueEndsMillis = nil
                try database.update(record)
                try publish(issue == .grace ? .renewed : .recovered, of: record, at: millis)
            } else {
                try database.update(record)
            }
            return .success((record, recoveredFrom: issue))
        }
    }

    /// The products of the subscriptions Play still bills `account` for at `now` whose payment
    /// method fails, in the order bought.
    public func failingBilling(account: String, now: Date) throws(PlayError) -> [String] {
        let millis = SimulatedTime.millis(now)
        return try read { () throws(StorageError) in
            try database.owned(account: account).filter { $0.isBilled(at: millis) && $0.billingFails }.map(\.productId)
        }
    }
}

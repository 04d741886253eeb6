import Foundation
import IAPCore
import Storage

/// Refunds that revoke: Google's three-day rule, and a developer's refund. A voided purchase is
/// no longer held (`queryPurchasesAsync` no longer returns it, the product can be bought again)
/// and the Voided Purchases API lists it.
extension PlayStore {
    /// The next moment from `millis` on when something falls due at Play, nil when nothing will:
    /// a purchase's three days end (the earliest `purchased + 72 h` of a PURCHASED,
    /// unacknowledged, unvoided purchase; time spent PENDING does not count), a slow test card
    /// resolves itself, a Pub/Sub push is due, a subscription's period ends (it renews or
    /// expires), or its grace period or account hold ends; `millis` itself when one is due
    /// already and was not yet lived. The clock stops there; `resolveSlowCards`, `refundDue`,
    /// `renewDue`, `expireDue`, `endRecoveriesDue` and `pushDue` do what falls due.
    public func nextDue(after millis: Int64) throws(PlayError) -> Int64? {
        let window = PlayPurchaseRecord.acknowledgementWindowMillis
        let moments = try read { () throws(StorageError) -> [Int64?] in
            [
                // Three days, or a slow test card's two minutes, that ended while an earlier
                // moment's messages were delivered end now, as a push due already is pushed now.
                try database.earliest(.threeDays, after: .min).map { max($0 + window, millis) },
                try database.earliest(.slowCard, after: .min).map { max($0, millis) },
                try database.earliest(.renewal, after: millis),
                try database.earliest(.expiry, after: millis),
                try database.earliest(.recovery, after: millis),
            ]
        }
        return (moments + [try nextPushDue().map { max($0, millis) }]).compactMap { $0 }.min()
    }

    /// Google's three-day rule: voids, at `now`, every PURCHASED purchase nobody acknowledged
    /// whose three days ended at or before `now` (voidedSource 2 Google, voidedReason 8
    /// Unacknowledged_purchase), in one transaction, and returns them, in the order their three
    /// days ended, so that the world can tell each on the timeline. Google: "must be done within three days so
    /// that the purchase isn't automatically refunded and entitlement revoked."
    public func refundDue(at now: Date) throws(PlayError) -> [PlayPurchaseRecord] {
        let millis = SimulatedTime.millis(now)
        return try change { () throws(StorageError) -> Result<[PlayPurchaseRecord], PlayRefusal> in
            let due = try database.due(.threeDays, atOrBefore: millis - PlayPurchaseRecord.acknowledgementWindowMillis)
            var voided: [PlayPurchaseRecord] = []
            for record in due {
                voided.append(try void(record, source: .google, reason: .unacknowledgedPurchase, at: millis))
            }
            return .success(voided)
        }
    }

    /// Refunds and revokes the purchase of `orderNumber` at `now`, as a developer does in the Play
    /// Console (Google lists "Developer cancels or refunds order" among what voids a purchase,
    /// with revoke). The order may be a subscription's renewal (`..N`): Google's `orders.refund`
    /// refunds "a user's subscription or in-app purchase order", and with `revoke` "access to the
    /// subscription or in-app item will be terminated immediately. If the item is a recurring
    /// subscription, all future payments will also be terminated." Refused when no purchase has
    /// the order id (nor the renewal yet), when it was never paid (pending or canceled), or when
    /// it was voided before. A consumed purchase can be refunded.
    @discardableResult
    public func refund(orderNumber: PlayOrderID, source: VoidedSource, reason: VoidedReason, now: Date) throws(PlayError) -> PlayPurchaseRecord {
        try change { () throws(StorageError) -> Result<PlayPurchaseRecord, PlayRefusal> in
            guard let record = try database.record(order: orderNumber), orderNumber.renewal ?? -1 < record.renewals else {
                return .failure(.orderNotFound(orderNumber))
            }
            guard record.state == .purchased else { return .failure(.notPaid(orderNumber)) }
            if let voided = record.voidedOrderId {
                return .failure(voided == orderNumber ? .voidedAlready(orderNumber) : .revokedAlready(orderNumber, through: voided))
            }
            return .success(try void(record, order: orderNumber, source: source, reason: reason, at: SimulatedTime.millis(now)))
        }
    }

    /// Writes `record` voided at `millis` by `source` for `reason` (its `order`, the base order
    /// unless a renewal's is named), and returns it so. A subscription is revoked: its period
    /// ends then, it renews no more, and Play publishes SUBSCRIPTION_REVOKED before the voided
    /// purchase's notification.
    private func void(_ record: PlayPurchaseRecord, order: PlayOrderID? = nil, source: VoidedSource, reason: VoidedReason,
                      at millis: Int64) throws(StorageError) -> PlayPurchaseRecord {
        var voided = record
        voided.voidedMillis = millis
        voided.voidedRenewal = order?.renewal
        voided.voidedSource = source
        voided.voidedReason = reason
        if voided.isSubscription {
            voided.expiryMillis = min(voided.expiryMillis ?? millis, millis)
            voided.autoRenewing = false
        }
        try database.update(voided)
        // Google: SUBSCRIPTION_REVOKED, "A subscription has been revoked from the user before the
        // expiration time": a refund after the period ended revokes nothing.
        if voided.isSubscription, record.expiryMillis.map({ $0 > millis }) ?? false { try publish(.revoked, of: voided, at: millis) }
        try publish(.voided, of: voided, at: millis)
        return voided
    }
}

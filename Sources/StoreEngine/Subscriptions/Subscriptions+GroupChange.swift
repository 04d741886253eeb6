import Foundation
import IAPCore
import Storage

extension Subscriptions {
    /// The account's subscription of `product`'s group that is active at `now` (latest paid, not
    /// refunded, period not over), with the change buying `product` would make to it.
    func groupChange(buying product: Product, account: String, at now: Date) throws(StorageError) -> (StoreRecord, GroupChange)? {
        guard product.type == .autoRenewable else { return nil }
        guard let current = try periods.activeSubscription(product.group, account: account, at: now), current.productId != product.id,
              let currentProduct = catalog.product(id: current.productId) else { return nil }
        return (current, GroupChange(from: currentProduct, to: product))
    }

    /// Ends `current` now for an immediate change: its period ends, it no longer renews, and the
    /// unused part of what was paid for it is refunded, prorated by time; an upgrade marks it
    /// upgraded (`isUpgraded`). Returns the refund.
    func endForChange(_ current: StoreRecord, at now: Date, upgrade: Bool) throws(StorageError) -> Decimal {
        let refund = try proratedRefund(current, at: now)
        if upgrade { try database.setSetting(Signatures.upgradedPrefix + current.id.description, "1") }
        try database.setSetting("expired:\(current.id)", String(SimulatedTime.millis(now)))
        try database.setSetting("autorenew:\(current.originalId)", "off")
        try database.setSetting(RefundFigures.proratedRefundPrefix + current.id.description, "\(refund)")
        // Its JWS says so from now on, as Get Transaction Info and the history would: ended, and upgraded.
        if current.signedTransaction != nil { try database.update(try signatures.signing(current, at: now)) }
        return refund
    }

    /// A purchase in the group of `latest` (the newest transaction of the account's subscription
    /// there) continues that subscription under its original id: an upgrade or a crossgrade of
    /// the same period at once, a resubscription after it lapsed. Apple keeps one subscription a
    /// group for its customer: `Product.SubscriptionInfo.status` is "status information for a
    /// subscription group", and "The array can have more than one subscription status if your
    /// subscription supports Family Sharing"; renewal information's `recentSubscriptionStartDate`
    /// is "The earliest start date of a subscription in a series of auto-renewable subscription
    /// purchases that ignores all lapses of paid service shorter than 60 days". What the run before
    /// left waiting is dropped (a change or an offer for its renewal, a price increase's consent,
    /// the sandbox's count of renewals, why it expired) and the subscription renews again; after a
    /// lapse longer than 60 days ("or 10 minutes in the sandbox environment") it starts anew.
    func continueSubscription(_ latest: StoreRecord, at now: Date) throws(StorageError) {
        let key = latest.originalId.description
        for prefix in ["autorenew:", "renew-to:", Offers.renewalOfferPrefix, Prices.consentPrefix, "sandbox-renewals:",
                       Notifications.expirationIntentPrefix] {
            try database.removeSetting(prefix + key)
        }
        let paidUntil = [periods.expiry(of: latest), latest.refunded ? latest.refundDate : nil].compactMap { $0 }.min()
        let longestLapse: TimeInterval = switches.environment == .sandbox ? 10 * 60 : 60 * 86400
        if let paidUntil, now.timeIntervalSince(paidUntil) > longestLapse {
            try database.setSetting(SubscriptionPeriods.startPrefix + key, String(SimulatedTime.millis(now)))
        }
    }

    /// The part of what `record` charged for the time left of its period at `now`, to the cent (a
    /// trial was free: nothing; an offer's price or an increased price, when it had one).
    func proratedRefund(_ record: StoreRecord, at now: Date) throws(StorageError) -> Decimal {
        guard let end = periods.expiry(of: record) else { return 0 }
        let whole = end.timeIntervalSince(record.date), left = end.timeIntervalSince(now)
        guard whole > 0, left > 0 else { return 0 }
        var exact = try prices.chargedPrice(record) * Decimal(left / whole), rounded = Decimal()
        NSDecimalRound(&rounded, &exact, 2, .plain)
        return rounded
    }

    /// The prorated refunds the Store made when subscriptions ended for an upgrade or a
    /// crossgrade, by the transaction that ended, read in one query.
    func proratedRefunds() throws(StoreError) -> [TransactionID: Decimal] {
        try store { () throws(StorageError) in try RefundFigures.amounts(RefundFigures.proratedRefundPrefix, in: database) }
    }

    /// The prorated refund an upgrade or a crossgrade made for the period `id` paid for, if any.
    func proratedRefund(of id: TransactionID) throws(StorageError) -> Decimal? {
        try database.setting(RefundFigures.proratedRefundPrefix + id.description).flatMap { Decimal(string: $0) }
    }

    /// What each refund paid back, by the refunded transaction (what was left of its charge
    /// after a prorated refund, else all of it), read in one query.
    func refundedAmounts() throws(StoreError) -> [TransactionID: Decimal] {
        try store { () throws(StorageError) in try RefundFigures.amounts(RefundFigures.refundAmountPrefix, in: database) }
    }

    /// The changes waiting for a renewal: the product each subscription (by its original id)
    /// renews as, read in one query.
    func pendingChanges() throws(StoreError) -> [TransactionID: String] {
        let stored = try store { () throws(StorageError) in try database.settings(prefix: "renew-to:") }
        return Dictionary(stored.compactMap { key, value in TransactionID(key).map { ($0, value) } }, uniquingKeysWith: { _, last in last })
    }

    /// Keeps `current` and has it renew as `next` at the end of its period (a downgrade or a
    /// crossgrade to another period); auto-renew is on again, as choosing a plan turns it on.
    func renewAs(_ next: String, _ current: StoreRecord) throws(StorageError) {
        try database.setSetting("renew-to:\(current.originalId)", next)
        try database.setSetting("autorenew:\(current.originalId)", "on")
    }

    /// The product a renewal of `latest` is for: the one a waiting change chose, else the same.
    /// The waiting change is used up.
    func renewalProduct(of latest: StoreRecord) throws(StorageError) -> String {
        guard let next = try database.setting("renew-to:\(latest.originalId)"), catalog.product(id: next) != nil else {
            return latest.productId
        }
        try database.removeSetting("renew-to:\(latest.originalId)")
        return next
    }
}

import Foundation
import IAPCore
import Storage

/// How a purchase changes the subscription an account already has in the same group, by the
/// products' service levels (1 is the highest; a product without one is on the group's only
/// level) and periods, as Apple ranks them.
enum GroupChange: Equatable {
    /// To a higher level: at once, with a prorated refund of the unused part of the old one.
    case upgrade
    /// To the same level and the same period: at once, like an upgrade.
    case crossgradeNow
    /// To the same level and another period: waits for the next renewal.
    case crossgradeAtRenewal
    /// To a lower level: waits for the next renewal.
    case downgrade

    /// The change from `current` to `next`.
    init(from current: Product, to next: Product) {
        let (was, will) = (current.level ?? 1, next.level ?? 1)
        if will < was {
            self = .upgrade
        } else if will > was {
            self = .downgrade
        } else {
            self = current.period == next.period ? .crossgradeNow : .crossgradeAtRenewal
        }
    }

    /// Whether the new subscription starts at once (else it waits for the renewal).
    var isImmediate: Bool { self == .upgrade || self == .crossgradeNow }

    /// The change as the timeline tells it.
    var told: PlanChange {
        switch self {
        case .crossgradeNow, .crossgradeAtRenewal: .crossgrade
        case .upgrade: .upgrade
        case .downgrade: .downgrade
        }
    }
}

extension Store {
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
        try database.setSetting(Self.proratedRefundPrefix + current.id.description, "\(refund)")
        // Its JWS says so from now on, as Get Transaction Info and the history would: ended, and upgraded.
        if current.signedTransaction != nil { try database.update(try signatures.signing(current, at: now)) }
        return refund
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
    public func proratedRefunds() throws(StoreError) -> [TransactionID: Decimal] {
        try store { () throws(StorageError) in try RefundFigures.amounts(Self.proratedRefundPrefix, in: database) }
    }

    /// The prorated refund an upgrade or a crossgrade made for the period `id` paid for, if any.
    func proratedRefund(of id: TransactionID) throws(StorageError) -> Decimal? {
        try database.setting(Self.proratedRefundPrefix + id.description).flatMap { Decimal(string: $0) }
    }

    /// What each refund paid back, by the refunded transaction (what was left of its charge
    /// after a prorated refund, else all of it), read in one query.
    public func refundedAmounts() throws(StoreError) -> [TransactionID: Decimal] {
        try store { () throws(StorageError) in try RefundFigures.amounts(Self.refundAmountPrefix, in: database) }
    }

    /// The changes waiting for a renewal: the product each subscription (by its original id)
    /// renews as, read in one query.
    public func pendingChanges() throws(StoreError) -> [TransactionID: String] {
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

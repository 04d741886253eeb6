import Foundation
import IAPCore
import Storage

extension Store {
    /// When the period a transaction paid for ends: a subscription period (the offer's period for
    /// one bought or renewed under an offer), a non-renewing duration; nil for products that
    /// never expire.
    public func expiry(of record: StoreRecord) -> Date? {
        periods.expiry(of: record)
    }

    /// `SubscriptionPeriods.dueExpiry(of:ended:)`: the period end a stop of the clock keeps.
    func dueExpiry(of record: StoreRecord, ended: Int64?) -> Date? {
        periods.dueExpiry(of: record, ended: ended)
    }

    /// The expiry of `record` bought under `offer` (nil: the regular price), ended early at
    /// `ended` when it was (`expire`, or an upgrade that replaced it), by `catalog`'s terms:
    /// what a reader of the Store's files, without the Store, works out the same way.
    public static func expiry(of record: StoreRecord, offer: AppliedOffer?, ended: Date?, catalog: Catalog) -> Date? {
        guard let product = catalog.product(id: record.productId) else { return nil }
        if let ended { return ended }
        switch product.type {
        case .autoRenewable:
            return (offer.flatMap { $0.terms(of: product) }?.period ?? product.period)?.added(to: record.date)
        case .nonRenewing:
            return product.duration?.added(to: record.date)
        case .consumable, .nonConsumable:
            return nil
        }
    }

    /// The transactions whose period ended early (`expire`, or an upgrade or a crossgrade that
    /// replaced them), with when, read from a possibly live database.
    public static func readEarlyEnds(path: String) throws(StorageError) -> [TransactionID: Date] {
        try SubscriptionPeriods.earlyEnds(in: StoreDatabase(path: path, readOnly: true))
    }

    /// The transactions whose period ended early, with when.
    public func earlyEnds() throws(StoreError) -> [TransactionID: Date] {
        try store { () throws(StorageError) in try SubscriptionPeriods.earlyEnds(in: database) }
    }
}

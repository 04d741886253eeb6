import Foundation
import IAPCore
import Storage

extension Store {
    /// When the period a transaction paid for ends: a subscription period (the offer's period for
    /// one bought or renewed under an offer), a non-renewing duration; nil for products that
    /// never expire.
    public func expiry(of record: StoreRecord) -> Date? {
        expiry(of: record, ended: (try? database.setting("expired:\(record.id)")).flatMap { $0.flatMap(Int64.init) })
    }

    /// The expiry of a transaction whose early end (`expired:` setting, in milliseconds) was read
    /// already; a family member's share of a subscription ends when the purchaser's period does.
    func expiry(of record: StoreRecord, ended: Int64?) -> Date? {
        if record.kind == .familyShare, catalog.type(ofProduct: record.productId) == .autoRenewable {
            return (try? sharedPurchase(of: record)).flatMap { $0 }.flatMap { expiry(of: $0) }
        }
        return Self.expiry(of: record, offer: appliedOffer(of: record), ended: ended.map(SimulatedTime.date(millis:)), catalog: catalog)
    }

    /// The expiry of a subscription's latest transaction at a stop of the clock, its early end
    /// (milliseconds) read already: worked out once and kept, again only when anything it is
    /// worked out from changed, so that a stop does no calendar arithmetic for the subscriptions
    /// that did not renew. A family member's share is worked out each time, from its purchase.
    func dueExpiry(of record: StoreRecord, ended: Int64?) -> Date? {
        guard record.kind != .familyShare else { return expiry(of: record, ended: ended) }
        let inputs = ExpiryInputs(date: record.date, productId: record.productId, kind: record.kind, ended: ended,
                                  offer: appliedOffer(of: record))
        if let seen = expiriesSeen[record.id], seen.inputs == inputs { return seen.expiry }
        let expiry = expiry(of: record, ended: ended)
        expiriesSeen[record.id] = (inputs, expiry)
        return expiry
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
        try earlyEnds(in: StoreDatabase(path: path, readOnly: true))
    }

    /// The transactions whose period ended early, with when.
    public func earlyEnds() throws(StoreError) -> [TransactionID: Date] {
        try store { () throws(StorageError) in try Self.earlyEnds(in: database) }
    }

    private static func earlyEnds(in database: StoreDatabase) throws(StorageError) -> [TransactionID: Date] {
        try database.settingsByTransaction(expiredPrefix) { Int64($0).map(SimulatedTime.date(millis:)) }
    }
}

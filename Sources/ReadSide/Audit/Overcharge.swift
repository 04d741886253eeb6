import Foundation
import IAPCore
import StoreEngine
import WorldCore

/// A paid transaction that bought nothing new: the account already held what it paid for,
/// through `heldBy`, and the Store did not refund it.
public struct Overcharge: Sendable, Equatable {
    public let transactionId: TransactionID
    public let productId: String
    /// The earlier paid transaction that already covered it.
    public let heldBy: TransactionID

    /// The paid, unrefunded transactions of `paid` that bought nothing new: a second purchase of
    /// a non-consumable one account owns, or a subscription period of a group paid while a paid,
    /// unrefunded period of the same account and group still ran. A period an upgrade or a
    /// crossgrade ended (with its prorated refund) ends when the new one starts, and a renewal
    /// starts when the period it renews ends, so neither counts.
    static func find(in paid: [StoreRecord], catalog: Catalog, offers: [TransactionID: AppliedOffer],
                     earlyEnds: [TransactionID: Date]) -> [Overcharge] {
        var found: [Overcharge] = []
        var firstOwned: [String: StoreRecord] = [:]
        var periods: [String: [(record: StoreRecord, end: Date)]] = [:]
        for record in paid.filter({ !$0.refunded }).sorted(by: { $0.id < $1.id }) {
            guard let product = catalog.product(id: record.productId) else { continue }
            switch product.type {
            case .nonConsumable:
                let key = "\(record.account)\u{0}\(record.productId)"
                if let first = firstOwned[key] {
                    found.append(Overcharge(transactionId: record.id, productId: record.productId, heldBy: first.id))
                } else {
                    firstOwned[key] = record
                }
            case .autoRenewable:
                let key = "\(record.account)\u{0}\(product.group ?? record.productId)"
                let covering = periods[key, default: []].last { $0.record.date <= record.date && record.date < $0.end }
                if let covering {
                    found.append(Overcharge(transactionId: record.id, productId: record.productId, heldBy: covering.record.id))
                }
                let offer = record.kind == .trial ? AppliedOffer(type: .introductory, id: nil) : offers[record.id]
                if let end = Store.expiry(of: record, offer: offer, ended: earlyEnds[record.id], catalog: catalog) {
                    periods[key, default: []].append((record, end))
                }
            case .consumable, .nonRenewing:
                continue
            }
        }
        return found
    }
}

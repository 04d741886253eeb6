import Foundation
import IAPCore
import Storage

extension Receipts {
    /// The receipt's in-app purchases of `records`, with what Apple's receipt says of each besides
    /// its ids and date: the original purchase's date, and for an auto-renewable subscription its
    /// period's end and its `web_order_line_item_id` (the one StoreKit 2 gives it, `DerivedIds`),
    /// and when a refund took a purchase back. A subscription's original purchase is most often
    /// listed too; one that is not is read once.
    func listed(_ records: [StoreRecord]) throws(StorageError) -> [Receipt.Purchase] {
        var dates: [TransactionID: Int64] = [:]
        for record in records where record.id == record.originalId {
            dates[record.id] = SimulatedTime.millis(record.date)
        }
        let renewing = records.filter { catalog.type(ofProduct: $0.productId) == .autoRenewable }
        let ended = renewing.isEmpty ? [:] : try periods.expiredMillis(of: renewing.map(\.id))
        let ids = DerivedIds(context: context)
        var purchases: [Receipt.Purchase] = []
        purchases.reserveCapacity(records.count)
        for record in records {
            var purchase = Self.receiptPurchase(record)
            if dates[record.originalId] == nil {
                dates[record.originalId] = try database.record(id: record.originalId).map { SimulatedTime.millis($0.date) }
                    ?? purchase.purchaseDateMillis
            }
            purchase.originalPurchaseDateMillis = dates[record.originalId]
            if record.refunded {
                purchase.cancellationDateMillis = SimulatedTime.millis(record.refundDate ?? record.date)
            }
            if catalog.type(ofProduct: record.productId) == .autoRenewable {
                purchase.expiresDateMillis = periods.expiry(of: record, ended: ended[record.id]).map(SimulatedTime.millis)
                purchase.webOrderLineItemId = Int64(try ids.webOrderLineItemId(of: record.id))
            }
            purchases.append(purchase)
        }
        return purchases
    }
}

import IAPCore
import Storage

extension StoreDatabase {
    /// The transaction a family share follows: the latest paid transaction of the purchase it
    /// shares, whose period (renewed or ended) is the share's; of a subscription, the latest of
    /// the run the share was made in (a purchase that continued the subscription since, an
    /// upgrade say, is shared anew).
    func sharedPurchase(of share: StoreRecord) throws(StorageError) -> StoreRecord? {
        guard let original = share.sharedFrom else { return nil }
        let next = try nextRunStart(of: original, after: share.id)
        return try records(where: "original_id = ? AND charged = 1 AND kind != 'restore' AND id < ?",
                           [StoreDatabase.idValue(original), next.map(StoreDatabase.idValue) ?? .integer(.max)], withReceipts: false).last
    }
}

import IAPCore
import Storage

extension StoreDatabase {
    /// The transaction a family share follows: the latest paid transaction of the purchase it
    /// shares, whose period (renewed or ended) is the share's.
    func sharedPurchase(of share: StoreRecord) throws(StorageError) -> StoreRecord? {
        guard let original = share.sharedFrom else { return nil }
        return try records(where: "original_id = ? AND charged = 1 AND kind != 'restore'",
                           [StoreDatabase.idValue(original)], withReceipts: false).last
    }
}

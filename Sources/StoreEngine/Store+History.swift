import Foundation
import IAPCore
import Storage

extension Store {
    /// Writes `count` past purchases of the consumable `productId` by the signed-in account,
    /// each a new transaction charged, signed and finished as a settled purchase leaves it, dated
    /// `spacingMillis` apart from `start`, all in one database transaction: how a world with a
    /// long history is built quickly. Returns what the Server must credit for each.
    public func recordPastPurchases(_ count: Int, of productId: String, from start: Date,
                                    spacingMillis: Int64) throws(StoreError) -> [ReceiptEntry] {
        guard catalog.product(id: productId)?.type == .consumable else {
            throw .refused("\(productId) is not a consumable in the catalog")
        }
        return try store { () throws(StorageError) -> [ReceiptEntry] in
            try database.database.transaction { () throws(StorageError) -> [ReceiptEntry] in
                let owned = try holdings(of: account)
                var entries: [ReceiptEntry] = []
                entries.reserveCapacity(count)
                for index in 0..<count {
                    let id = try database.nextTransactionId()
                    let date = start.addingTimeInterval(Double(Int64(index) * spacingMillis) / 1000)
                    let purchase = StoreRecord(
                        id: id, originalId: id, productId: productId, account: account, state: .purchased,
                        kind: .purchase, charged: true, finished: true, refunded: false, date: date, error: nil, receipt: nil)
                    try database.insert(purchase.with(receipt: receipt(account: account, leading: purchase, holdings: owned)))
                    entries.append(ReceiptEntry(transactionId: id, originalTransactionId: id, productId: productId,
                                                account: account, purchaseDate: date))
                }
                return entries
            }
        }
    }
}

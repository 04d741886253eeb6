import Foundation
import IAPCore
import Storage

extension Payments {
    /// Writes `count` past purchases of the consumable `productId` by the signed-in account,
    /// each a new transaction charged, signed and finished as a settled purchase leaves it, dated
    /// `spacingMillis` apart from `start`, all in one database transaction: how a world with a
    /// long history is built quickly. Returns what the Server must credit for each.
    func recordPastPurchases(_ count: Int, of productId: String, from start: Date,
                                    spacingMillis: Int64) throws(StoreError) -> [ReceiptEntry] {
        try recordPurchases(count, of: productId, from: start, spacingMillis: spacingMillis, finished: true).map { purchase in
            ReceiptEntry(transactionId: purchase.id, originalTransactionId: purchase.originalId, productId: productId,
                         account: purchase.account, purchaseDate: purchase.date)
        }
    }

    /// Writes `count` purchases of the consumable `productId` by the signed-in account that were
    /// charged and handed to the app but never finished, as a run of purchases leaves them while
    /// the Server is down: each signed with the receipt the app got then, which lists every
    /// unfinished consumable bought before it. All in one database transaction; returns the
    /// purchases, receipts included, oldest first.
    func recordUnfinishedPurchases(_ count: Int, of productId: String, from start: Date,
                                          spacingMillis: Int64) throws(StoreError) -> [StoreRecord] {
        try recordPurchases(count, of: productId, from: start, spacingMillis: spacingMillis, finished: false)
    }

    private func recordPurchases(_ count: Int, of productId: String, from start: Date, spacingMillis: Int64,
                                 finished: Bool) throws(StoreError) -> [StoreRecord] {
        guard catalog.type(ofProduct: productId) == .consumable else {
            throw .refused(.notAConsumable(productId: productId))
        }
        return try store { () throws(StorageError) -> [StoreRecord] in
            // The receipts' chain is made, when it must be, before the purchases' transaction.
            _ = try signatures.appReceiptSigner(from: start)
            return try database.database.transaction { () throws(StorageError) -> [StoreRecord] in
                var owned = try receipts.holdings(of: account)
                var purchases: [StoreRecord] = []
                purchases.reserveCapacity(count)
                for index in 0..<count {
                    let id = try database.nextTransactionId()
                    let date = start.addingTimeInterval(Double(Int64(index) * spacingMillis) / 1000)
                    let charged = StoreRecord(
                        id: id, originalId: id, productId: productId, account: account, state: .purchased,
                        kind: .purchase, charged: true, finished: finished, refunded: false, date: date, error: nil, receipt: nil)
                    let purchase = charged.with(receipt: try receipts.receipt(account: account, leading: charged, holdings: owned, at: date))
                    try database.insert(purchase)
                    owned.add(purchase)
                    purchases.append(purchase)
                }
                return purchases
            }
        }
    }
}

extension Payments {
    /// Every account's transactions the app has not finished (`StoreRecord.isUnfinished`), read
    /// through the index of unfinished rows without their receipts, not from the whole history.
    func unfinishedTransactions() throws(StoreError) -> [StoreRecord] {
        try store { () throws(StorageError) in
            try database.records(where: "finished = 0", withReceipts: false).filter(\.isUnfinished)
        }
    }
}

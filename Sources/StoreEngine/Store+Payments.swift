import Foundation
import IAPCore
import Storage

/// Payments, Ask to Buy, refunds and recorded history, as `Payments` makes them.
extension Store {
    /// Ends every Ask to Buy request no parent answered within 24 hours of its last asking.
    public func expireAskToBuyRequests(link: Link) throws(StoreError) {
        try payments.expireAskToBuyRequests(link: link)
    }

    /// The parent approves the waiting Ask to Buy request for a product.
    public func approve(productId: String, link: Link) throws(StoreError) {
        try payments.approve(productId: productId, link: link)
    }

    /// The parent declines the waiting Ask to Buy request for a product: it fails, uncharged.
    public func decline(productId: String, link: Link) throws(StoreError) {
        try payments.decline(productId: productId, link: link)
    }

    /// The user resolves an interrupted purchase: a new purchased transaction arrives.
    public func resolve(productId: String, link: Link) throws(StoreError) {
        try payments.resolve(productId: productId, link: link)
    }

    /// The Store refunds the latest transaction of a product; returns the refunded transaction.
    @discardableResult
    public func refund(productId: String, reason: RevocationReason? = nil, at date: Date) throws(StoreError) -> StoreRecord {
        try payments.refund(productId: productId, reason: reason, at: date)
    }

    /// The Store refunds one paid transaction of the signed-in account, by its id.
    @discardableResult
    public func refund(transactionId: TransactionID, reason: RevocationReason?, at date: Date) throws(StoreError) -> StoreRecord {
        try payments.refund(transactionId: transactionId, reason: reason, at: date)
    }

    /// The Store reverses the refund of the newest refunded transaction of a product; returns it reinstated.
    @discardableResult
    public func reverseRefund(productId: String, at date: Date) throws(StoreError) -> StoreRecord {
        try payments.reverseRefund(productId: productId, at: date)
    }

    /// The Store reverses the refund of one transaction of the signed-in account; returns it reinstated.
    @discardableResult
    public func reverseRefund(transactionId: TransactionID, at date: Date) throws(StoreError) -> StoreRecord {
        try payments.reverseRefund(transactionId: transactionId, at: date)
    }

    /// The customer asks for a refund of a transaction (or of the newest paid one of a product);
    /// the Store holds the request until `refund` grants it or `declineRefund` declines it.
    @discardableResult
    public func requestRefund(productId: String?, transactionId: TransactionID?, at date: Date) throws(StoreError) -> StoreRecord {
        try payments.requestRefund(productId: productId, transactionId: transactionId, at: date)
    }

    /// The Store declines a pending refund request, with `REFUND_DECLINED`; nothing is revoked.
    @discardableResult
    public func declineRefund(productId: String?, transactionId: TransactionID?, at date: Date) throws(StoreError) -> StoreRecord {
        try payments.declineRefund(productId: productId, transactionId: transactionId, at: date)
    }

    /// Deletes a transaction from the Store, as StoreKit Testing allows, with its children.
    public func delete(transactionId: TransactionID) throws(StoreError) {
        try payments.delete(transactionId: transactionId)
    }

    /// Writes `count` past, finished purchases of a consumable; returns what the Server must credit.
    public func recordPastPurchases(_ count: Int, of productId: String, from start: Date,
                                    spacingMillis: Int64) throws(StoreError) -> [ReceiptEntry] {
        try payments.recordPastPurchases(count, of: productId, from: start, spacingMillis: spacingMillis)
    }

    /// Writes `count` purchases of a consumable charged and handed to the app but never finished.
    public func recordUnfinishedPurchases(_ count: Int, of productId: String, from start: Date,
                                          spacingMillis: Int64) throws(StoreError) -> [StoreRecord] {
        try payments.recordUnfinishedPurchases(count, of: productId, from: start, spacingMillis: spacingMillis)
    }

    /// Every account's transactions the app has not finished, read without their receipts.
    public func unfinishedTransactions() throws(StoreError) -> [StoreRecord] {
        try payments.unfinishedTransactions()
    }
}
